#!/usr/bin/env bash
# MP3 decoding benchmark, figures for docs/benchmarks.md ("Decoding").
#   1. throughput: full decoding of a deterministic 10-minute MP3 (sox pink noise + 440/660 Hz, lame 128 kbit/s
#      CBR, 44.1 kHz stereo) by `walkscape inspect --json FILE` (a libmpg123 frame scan for the exact length,
#      then every frame decoded to float32 through a 4096-frame buffer) against `mpg123 -q -t FILE` (test mode:
#      decodes, no output), file in the page cache:
#      a. CPU time (user + system, GNU time), RUNS runs of each alternating, after a warm-up: min/median/max,
#         and the ratio of the medians (mpg123 ÷ walkscape) — the verdict, as a shared machine's wall clock
#         mostly measures waiting for a core;
#      b. the same CPU time for `walkscape --version` (the fixed cost of starting the binary: loading its
#         ~180 shared libraries), and for `mpg123 -q -t` on a 1-second MP3 (for scale);
#      c. wall clock with hyperfine (RUNS runs each, not alternating), for reference.
#   2. peak RSS (GNU time %M) while `walkscape inspect` decodes a ~50 MB MP3 (21:50 at 320 kbit/s), and of
#      `walkscape --version` (the start-up alone) for scale.
# Goals: walkscape's throughput ≥ 1.0 × mpg123's in CPU time; peak RSS ≤ 40 MB.
# usage: tools/bench/decode.sh   (OUT=/tmp/walkscape-bench/decode RUNS=5 WALKSCAPE=path to skip the release
#                                 build; needs sox, lame, mpg123, hyperfine, GNU time)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/decode}
RUNS=${RUNS:-5}
mkdir -p "$OUT"

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -sr)"
echo "== $(mpg123 --version | head -1); libmpg123 $(pkg-config --modversion libmpg123 2>/dev/null || echo '?'); $(hyperfine --version); $(swift --version 2>/dev/null | head -1 || true)"
if [ -z "${WALKSCAPE:-}" ]; then
    swift build -c release --product walkscape >/dev/null 2>&1
    WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape
fi
echo "== walkscape binary: $WALKSCAPE; $(ldd "$WALKSCAPE" | wc -l) shared libraries"

# Deterministic inputs (sox -R: repeatable noise and dither), made once.
make_mp3() {  # seconds bitrate file
    if [ ! -s "$3" ]; then
        sox -V1 -R -n -r 44100 -c 2 -b 16 -t wav - synth "$1" pinknoise synth "$1" sine mix 440 synth "$1" sine mix 660 gain -8 \
            | lame --quiet -b "$2" --cbr - "$3.tmp" && mv "$3.tmp" "$3"
    fi
}
make_mp3 600 128 "$OUT/ten-minutes.mp3"
make_mp3 1310 320 "$OUT/fifty-mb.mp3"

TEN="$OUT/ten-minutes.mp3"
SHORT="$OUT/one-second.mp3"
make_mp3 1 128 "$SHORT"
echo "== 1. full decoding of $(basename "$TEN") ($(stat -c %s "$TEN") bytes, 600 s of audio), $RUNS runs each"
"$WALKSCAPE" inspect --json "$TEN"

# CPU seconds (user + system) of one run of the command line "$@".
cpu() {
    /usr/bin/time -o "$OUT/cpu.txt" -f "%U %S" "$@" >/dev/null
    awk '{printf "%.2f\n", $1 + $2}' "$OUT/cpu.txt"
}
"$WALKSCAPE" inspect --json "$TEN" >/dev/null; mpg123 -q -t "$TEN"  # warm-up
: >"$OUT/cpu-walkscape.txt"; : >"$OUT/cpu-mpg123.txt"; : >"$OUT/cpu-start.txt"; : >"$OUT/cpu-mpg123-short.txt"
for _ in $(seq "$RUNS"); do
    cpu "$WALKSCAPE" inspect --json "$TEN" >>"$OUT/cpu-walkscape.txt"
    cpu mpg123 -q -t "$TEN" >>"$OUT/cpu-mpg123.txt"
    cpu "$WALKSCAPE" --version >>"$OUT/cpu-start.txt"
    cpu mpg123 -q -t "$SHORT" >>"$OUT/cpu-mpg123-short.txt"
done
python3 - "$OUT" <<'PY'
import statistics, sys
def runs(name):
    return sorted(float(line) for line in open(f"{sys.argv[1]}/cpu-{name}.txt") if line.strip())
def line(label, values):
    return f"{label:34s} min {values[0]:.2f} s, median {statistics.median(values):.2f} s, max {values[-1]:.2f} s  ({' '.join(f'{v:.2f}' for v in values)})"
w, m = runs("walkscape"), runs("mpg123")
print("CPU time (user + system), runs alternating:")
print(line("walkscape inspect --json", w))
print(line("mpg123 -q -t", m))
print(line("walkscape --version (start-up)", runs("start")))
print(line("mpg123 -q -t, 1-second file", runs("mpg123-short")))
ratio = statistics.median(m) / statistics.median(w)
print(f"throughput walkscape / mpg123, CPU time (median of mpg123 ÷ median of walkscape): {ratio:.2f}× (goal ≥ 1.00×): {'PASS' if ratio >= 1 else 'FAIL'}")
# For the diagnosis only, not the verdict: what is left once the binary's start-up is taken off.
decoding = statistics.median(w) - statistics.median(runs("start"))
print(f"  walkscape without its start-up (median − median of --version): {decoding:.2f} s, {statistics.median(m) / decoding:.2f}× mpg123")
PY
hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/hyperfine.json" \
    -n walkscape "$WALKSCAPE inspect --json $TEN" -n mpg123 "mpg123 -q -t $TEN"
python3 - "$OUT/hyperfine.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
w, m = results["walkscape"], results["mpg123"]
for name, r in (("walkscape", w), ("mpg123", m)):
    print(f"{name}: wall clock mean {r['mean']:.3f} s ± {r['stddev']:.3f}, min {r['min']:.3f} s, {600 / r['mean']:.0f}× real time")
print(f"wall clock ratio (mean time of mpg123 ÷ mean time of walkscape): {m['mean'] / w['mean']:.2f}")
PY

BIG="$OUT/fifty-mb.mp3"
echo "== 2. peak RSS decoding $(basename "$BIG") ($(stat -c %s "$BIG") bytes)"
/usr/bin/time -f "%e %M" -o "$OUT/time.txt" "$WALKSCAPE" inspect --json "$BIG"
read -r wall rss < "$OUT/time.txt"
echo "walkscape inspect: ${wall} s, peak RSS $((rss / 1024)) MB ($rss kB) (goal ≤ 40 MB)"
/usr/bin/time -f "%M" -o "$OUT/time.txt" "$WALKSCAPE" --version >/dev/null
echo "walkscape --version (start-up alone, for scale): peak RSS $(($(cat "$OUT/time.txt") / 1024)) MB ($(cat "$OUT/time.txt") kB)"
/usr/bin/time -f "%e %M" -o "$OUT/time.txt" mpg123 -q -t "$BIG"
read -r wall rss < "$OUT/time.txt"
echo "mpg123 -t (for scale): ${wall} s, peak RSS $((rss / 1024)) MB ($rss kB)"
