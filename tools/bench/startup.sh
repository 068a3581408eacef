#!/usr/bin/env bash
# Start-up benchmark, figures for docs/benchmarks.md ("Start-up").
#   How long a run of walkscape takes when it does almost nothing: `--version`, and `inspect` on a one-second
#   MP3 (libmpg123) and on a one-second AAC file (FFmpeg, opened on first use), side by side with hyperfine
#   against ffprobe on the same AAC file (ffprobe links FFmpeg's libraries and the 130 they pull in) and
#   against mpg123 on the MP3. "FFmpeg preloaded" loads FFmpeg's four libraries at start with LD_PRELOAD, as
#   linking them did before they were opened on first use (the `env` it runs through costs about 1 ms).
#   Each CLI test runs the binary; the debug build is what `make test` runs.
# usage: tools/bench/startup.sh   (OUT=/tmp/walkscape-bench/startup RUNS=50 WALKSCAPE=path, default the debug
#                                  build; needs hyperfine, ffmpeg, mpg123)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/startup}
RUNS=${RUNS:-50}
WALKSCAPE=${WALKSCAPE:-.build/debug/walkscape}
mkdir -p "$OUT"
MP3=fixtures/audio/tone-440hz-1s-44k-mono.mp3
AAC=fixtures/audio/tone-440-880hz-1s-48k-stereo.m4a
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -sr)"
echo "== $(ffprobe -version | head -1); $(hyperfine --version); walkscape binary: $WALKSCAPE ($(stat -c %s "$WALKSCAPE") bytes)"
echo "== shared libraries loaded at start: walkscape $(ldd "$WALKSCAPE" | wc -l), ffprobe $(ldd "$(command -v ffprobe)" | wc -l), mpg123 $(ldd "$(command -v mpg123)" | wc -l)"
# FFmpeg's sonames as this system has them (ffprobe links the same libraries walkscape's headers name).
FFMPEG_PRELOAD=$(ldd "$(command -v ffprobe)" | awk '$1 ~ /^lib(avformat|avcodec|swresample|avutil)\.so\./ {print $1}' | paste -sd: -)
hyperfine --style basic -N --warmup 3 --runs "$RUNS" --export-json "$OUT/hyperfine.json" \
    -n "walkscape --version" "$WALKSCAPE --version" \
    -n "walkscape --version, FFmpeg preloaded" "env LD_PRELOAD=$FFMPEG_PRELOAD $WALKSCAPE --version" \
    -n "walkscape inspect MP3" "$WALKSCAPE inspect $MP3" \
    -n "mpg123 -t MP3" "mpg123 -q -t $MP3" \
    -n "walkscape inspect AAC" "$WALKSCAPE inspect $AAC" \
    -n "ffprobe AAC" "ffprobe -v quiet $AAC"
python3 - "$OUT/hyperfine.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['command']:38s} wall {1000 * r['mean']:6.1f} ms ± {1000 * r['stddev']:4.1f}   CPU {1000 * (r['user'] + r['system']):6.1f} ms")
PY
