#!/usr/bin/env bash
# MP3 decoding benchmark, figures for docs/benchmarks.md ("Decoding").
#   1. throughput: full decoding of a deterministic 10-minute MP3 (sox pink noise + 440/660 Hz, lame 128 kbit/s
#      CBR, 44.1 kHz stereo) by `walkscape inspect FILE` (decodes every frame to float32 through a 4096-frame
#      buffer, after a libmpg123 frame scan for the exact length) against `mpg123 -q -t FILE` (test mode:
#      decodes, no output), RUNS runs each with hyperfine after a warm-up (file in the page cache);
#   2. peak RSS (GNU time %M) while `walkscape inspect` decodes a ~50 MB MP3 (21:50 at 320 kbit/s).
# Goals: walkscape's throughput ≥ 0.9 × mpg123's; peak RSS ≤ 40 MB.
# usage: tools/bench/decode.sh        (OUT=/tmp/walkscape-bench/decode RUNS=5; needs sox, lame, mpg123, hyperfine)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/decode}
RUNS=${RUNS:-5}
mkdir -p "$OUT"

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -sr)"
echo "== $(mpg123 --version | head -1); $(hyperfine --version)"
swift build -c release --product walkscape >/dev/null 2>&1
WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape

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
echo "== 1. full decoding of $(basename "$TEN") ($(stat -c %s "$TEN") bytes, 600 s of audio), $RUNS runs each"
"$WALKSCAPE" inspect "$TEN"
hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/hyperfine.json" \
    -n walkscape "$WALKSCAPE inspect --json $TEN" -n mpg123 "mpg123 -q -t $TEN"
python3 - "$OUT/hyperfine.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
w, m = results["walkscape"], results["mpg123"]
for name, r in (("walkscape", w), ("mpg123", m)):
    print(f"{name}: mean {r['mean']:.3f} s ± {r['stddev']:.3f}, min {r['min']:.3f} s, {600 / r['mean']:.0f}× real time")
print(f"throughput ratio walkscape / mpg123 (mean time of mpg123 ÷ mean time of walkscape): {m['mean'] / w['mean']:.2f} (goal ≥ 0.9)")
PY

BIG="$OUT/fifty-mb.mp3"
echo "== 2. peak RSS decoding $(basename "$BIG") ($(stat -c %s "$BIG") bytes)"
/usr/bin/time -f "%e %M" -o "$OUT/time.txt" "$WALKSCAPE" inspect --json "$BIG"
read -r wall rss < "$OUT/time.txt"
echo "walkscape inspect: ${wall} s, peak RSS $((rss / 1024)) MB ($rss kB) (goal ≤ 40 MB)"
/usr/bin/time -f "%e %M" -o "$OUT/time.txt" mpg123 -q -t "$BIG"
read -r wall rss < "$OUT/time.txt"
echo "mpg123 -t (for scale): ${wall} s, peak RSS $((rss / 1024)) MB ($rss kB)"
