#!/usr/bin/env bash
# Time-stretch CPU benchmark, figures for docs/benchmarks.md ("Time-stretch at ×1.5").
#   `walkscape listen tours/torino-portici --point 1 --audio none` (the silent output, clocked like a sound
#   card, so the command lasts as long as the audio heard) at ×1 and at ×1.5 (TimeStretchDecoder:
#   librubberband's real-time mode, pitch kept), RUNS runs each, side by side. Each run's CPU time
#   (user + system, from /usr/bin/time) is divided by the length of the audio it played (the recording ÷ speed):
#   the share of one core that playing takes. The ×1 run is the same command without the stretcher, so the
#   difference is what time-stretching costs.
# Goal: ≤ 10 % of one core at ×1.5.
# usage: tools/bench/timestretch_cpu.sh   (RUNS=3 POINT=1 WALKSCAPE=path)
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-3}
POINT=${POINT:-1}
TOUR=tours/torino-portici
if [ -z "${WALKSCAPE:-}" ]; then
    swift build -c release --product walkscape >/dev/null 2>&1
    WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape
fi
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== librubberband $(pkg-config --modversion rubberband 2>/dev/null || echo '?'); walkscape binary: $WALKSCAPE"
SECONDS_AUDIO=$("$WALKSCAPE" inspect --json "$TOUR/audio/it/p$POINT.mp3" | python3 -c 'import json,sys; print(json.load(sys.stdin)["durationSeconds"])')
echo "== $TOUR point $POINT (it): $SECONDS_AUDIO s of audio; $RUNS runs per speed"
for speed in 1 1.5; do
    for run in $(seq "$RUNS"); do
        /usr/bin/time -f "%U %S %e" -o /tmp/walkscape-timestretch.$$ \
            "$WALKSCAPE" listen "$TOUR" --point "$POINT" --speed "$speed" --subs off --audio none
        read -r user sys wall < /tmp/walkscape-timestretch.$$
        python3 - "$speed" "$run" "$user" "$sys" "$wall" "$SECONDS_AUDIO" <<'PY'
import sys
speed, run, user, sys_, wall, audio = sys.argv[1], sys.argv[2], *map(float, sys.argv[3:])
heard = audio / float(speed)
cpu = user + sys_
print(f"×{speed:<4s} run {run}: {heard:6.2f} s heard in {wall:6.2f} s; CPU {cpu:.3f} s (user {user:.3f} + system {sys_:.3f}) = {100 * cpu / heard:.2f} % of one core")
PY
    done
done | tee /tmp/walkscape-timestretch-results.$$
rm -f /tmp/walkscape-timestretch.$$
python3 - /tmp/walkscape-timestretch-results.$$ <<'PY'
import re, sys
shares = {}
for line in open(sys.argv[1]):
    m = re.match(r"×(\S+)\s+run \d+: .* = ([0-9.]+) % of one core", line)
    if m: shares.setdefault(m.group(1), []).append(float(m.group(2)))
one, stretched = max(shares["1"]), max(shares["1.5"])
print(f"worst run: ×1 {one:.2f} %, ×1.5 {stretched:.2f} % of one core (time-stretching adds {stretched - one:.2f} points); goal ×1.5 ≤ 10 %: {'PASS' if stretched <= 10 else 'FAIL'}")
PY
rm -f /tmp/walkscape-timestretch-results.$$
