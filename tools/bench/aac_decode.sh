#!/usr/bin/env bash
# AAC decoding benchmark, figures for docs/benchmarks.md ("AAC decoding").
#   Full decoding of a deterministic 10-minute AAC file (sox pink noise + 440/660 Hz, ffmpeg's AAC encoder at
#   128 kbit/s, 44.1 kHz stereo, in MP4 named .mp3 like the reference backend's files) by
#   `walkscape inspect --json FILE` (FFmpegDecoder: libavformat + libavcodec, libswresample to interleaved
#   float32, through a 4096-frame buffer) against `ffmpeg -i FILE -f null -` (decodes, no output), side by
#   side with hyperfine, RUNS runs each after a warm-up (file in the page cache).
# Goal: walkscape's throughput ≥ 0.9 × ffmpeg's. On a shared machine the wall clock mostly measures waiting
# for a core, so the verdict is on CPU time (user + system), printed beside the wall-clock ratio.
# usage: tools/bench/aac_decode.sh   (OUT=/tmp/walkscape-bench/aac RUNS=5 WALKSCAPE=path; needs sox, ffmpeg, hyperfine)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/aac}
RUNS=${RUNS:-5}
mkdir -p "$OUT"
if [ -z "${WALKSCAPE:-}" ]; then
    swift build -c release --product walkscape >/dev/null 2>&1
    WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape
fi
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -sr)"
echo "== $(ffmpeg -version | head -1); $(hyperfine --version); walkscape binary: $WALKSCAPE"
TEN="$OUT/ten-minutes-aac.mp3"
if [ ! -s "$TEN" ]; then
    sox -V1 -R -n -r 44100 -c 2 -b 16 -t wav - synth 600 pinknoise synth 600 sine mix 440 synth 600 sine mix 660 gain -8 \
        | ffmpeg -nostdin -v error -y -i - -c:a aac -b:a 128k -fflags +bitexact -flags:a +bitexact -f mp4 "$TEN.tmp"
    mv "$TEN.tmp" "$TEN"
fi
echo "== full decoding of $(basename "$TEN") ($(stat -c %s "$TEN") bytes, 600 s of audio), $RUNS runs each"
"$WALKSCAPE" inspect --json "$TEN"
hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/hyperfine.json" \
    -n walkscape "$WALKSCAPE inspect --json $TEN" -n ffmpeg "ffmpeg -nostdin -v error -i $TEN -f null -"
python3 - "$OUT/hyperfine.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
w, f = results["walkscape"], results["ffmpeg"]
for name, r in (("walkscape", w), ("ffmpeg", f)):
    print(f"{name:10s} {r['mean']:.3f} s ± {r['stddev']:.3f}  ({600 / r['mean']:.0f}× real time)")
for name, r in (("walkscape", w), ("ffmpeg", f)):
    print(f"{name:10s} CPU {r['user'] + r['system']:.3f} s (user {r['user']:.3f} + system {r['system']:.3f})")
ratio = f["mean"] / w["mean"]
cpu = (f["user"] + f["system"]) / (w["user"] + w["system"])
print(f"throughput walkscape / ffmpeg, wall clock: {ratio:.2f}×; CPU time: {cpu:.2f}× (goal ≥ 0.90×): {'PASS' if cpu >= 0.9 else 'FAIL'}")
PY
