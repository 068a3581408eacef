#!/usr/bin/env bash
# The terminal player's figures for docs/benchmarks.md ("Terminal player").
#   1. frame time: one 200×60 frame built, drawn into the cell grid and diffed (Benchmarks/PlayerBenchmarks,
#      release, pinned to one core);
#   2. CPU while playing at ×1: `walkscape play` (release) in a 200×60 tmux window on the clean Turin walk,
#      audio through PulseAudio (a private null sink when none answers), CPU time from /proc over 30 s;
#      beside mpg123 playing the same recording through the same server;
#   3. start to first frame: from the keystroke that starts `walkscape play` in a tmux shell to the first
#      frame on the pane (polled every 2 ms), median of 7; beside `less` on a one-line file, the floor of
#      this way of measuring.
#   4. frame timing while points start at ×1: the player's loop (Benchmarks/FrameTiming, release) over every
#      point of the two sample walks, 2 s before to 2 s after each point's audio starts, recordings opened on
#      the audio sink's loader thread, beside opening them on the loop's thread as the player did before.
# usage: tools/bench/player.sh [frame] [cpu] [start] [frames]   (default: all four)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"

ARGS="$*"
sections() { if [ -z "$ARGS" ]; then return 0; fi; [[ " $ARGS " == *" $1 "* ]]; }
if sections frame; then
echo "== 1. frame time (200×60)"
(cd Benchmarks && swift build -c release --product PlayerBenchmarks >/dev/null 2>&1 \
  && taskset -c 0 .build/release/PlayerBenchmarks --iterations 3000 --warmup-iterations 200 | grep -E '^(name|frame)')
fi

if sections frames; then
echo "== 4. frame timing while points start at ×1 (200×60)"
(cd Benchmarks && swift build -c release --product FrameTiming >/dev/null 2>&1)
echo "-- the sample tours' own recordings"
Benchmarks/.build/release/FrameTiming "$root" --compare
# A 20-minute narration (128 kb/s MP3, 19 MB): what a long point's scan costs.
long=/tmp/walkscape-bench/long-narration.mp3
if [ ! -f "$long" ]; then
  mkdir -p /tmp/walkscape-bench
  ffmpeg -loglevel error -y -f lavfi -i "anoisesrc=color=pink:duration=1200:sample_rate=44100:amplitude=0.2" -ac 2 \
    -c:a libmp3lame -b:a 128k "$long"
fi
echo "-- every point playing a 20-minute MP3"
Benchmarks/.build/release/FrameTiming "$root" --compare --recording "$long"
if [ -n "$ARGS" ] && [ "$ARGS" = frames ]; then exit 0; fi
fi

swift build -c release --product walkscape >/dev/null 2>&1
bin=$(swift build -c release --show-bin-path)/walkscape
env=$(tools/pulse_null.sh start); eval "$env"
socket=$(mktemp -u /tmp/walkscape-bench-tmux-XXXXXX)
cleanup() { tmux -S "$socket" kill-server 2>/dev/null || true; if [ -n "${WALKSCAPE_PULSE_STARTED:-}" ]; then tools/pulse_null.sh stop; fi; }
trap cleanup EXIT
# A session that lives for the whole run keeps the tmux server up between the measured ones.
tmux -S "$socket" new-session -d -s keep -x 80 -y 24 "sleep 3600"
tick=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

if sections cpu; then
echo "== 2. CPU at ×1 over 30 s (after 5 s)"
measure_cpu() {  # name, command
  tmux -S "$socket" new-session -d -s cpu -x 200 -y 60 "$2"
  sleep 1
  local pid
  pid=$(pgrep -n -f "$3")
  sleep 4
  local a b
  a=$(cpu_ticks "$pid"); sleep 30; b=$(cpu_ticks "$pid")
  awk -v n="$1" -v d="$((b - a))" -v t="$tick" 'BEGIN { printf "%-44s %5.2f %% of one core (%d ticks in 30 s)\n", n, 100 * d / t / 30, d }'
  tmux -S "$socket" kill-session -t cpu
}
measure_cpu "walkscape play ×1, PulseAudio, 200×60" \
  "cd $root && LANG=C.UTF-8 TERM=xterm-256color PULSE_SERVER=$PULSE_SERVER $bin play tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx --audio pulse" \
  "$bin play tours/torino-portici"
measure_cpu "walkscape play ×1, --audio none, 200×60" \
  "cd $root && LANG=C.UTF-8 TERM=xterm-256color $bin play tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx --audio none" \
  "$bin play tours/torino-portici"
long=$(ls -S tours/torino-portici/audio/it/*.mp3 | head -1)
measure_cpu "mpg123 -o pulse on $(basename "$long")" "PULSE_SERVER=$PULSE_SERVER mpg123 -q -o pulse $root/$long" "mpg123 -q -o pulse"
fi

if sections start; then
echo "== 3. start to first frame (median of 7)"
first_frame() {  # name, command, text that marks the first frame
  local times=()
  for _ in 1 2 3 4 5 6 7; do
    tmux -S "$socket" new-session -d -s start -x 200 -y 60 "cd $root && exec bash --norc"
    sleep 0.3
    tmux -S "$socket" send-keys -t start "$2" ; sleep 0.2
    local t0 t1
    t0=$(date +%s%N)
    tmux -S "$socket" send-keys -t start Enter
    until tmux -S "$socket" capture-pane -t start -p | grep -q -- "$3"; do sleep 0.002; done
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000000 )))
    tmux -S "$socket" kill-session -t start
  done
  printf '%s\n' "${times[@]}" | sort -n | awk -v n="$1" '{ v[NR] = $1 } END { printf "%-44s median %d ms (min %d, max %d)\n", n, v[int((NR + 1) / 2)], v[1], v[NR] }'
}
echo "walkscape first frame" > /tmp/walkscape-bench-less.txt
first_frame "walkscape play (player, --trace)" "LANG=C.UTF-8 TERM=xterm-256color $bin play tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx --audio none" "Stop 1/7"
first_frame "walkscape play (catalogue)" "LANG=C.UTF-8 TERM=xterm-256color $bin play --audio none" "Tours (2/2)"
first_frame "less on a one-line file (the floor)" "LANG=C.UTF-8 TERM=xterm-256color less /tmp/walkscape-bench-less.txt" "walkscape first frame"
fi
