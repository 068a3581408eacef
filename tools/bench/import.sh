#!/usr/bin/env bash
# `walkscape import` benchmark, figures for docs/benchmarks.md ("Import").
#   A folder of saved API answers (the test API server's deployed answers for tours/torino-portici and the 28
#   media files they name, saved with curl) imported into a tour directory, side by side with what a producer's
#   script does by hand for the same guarantees: copy the folder and hash every file (`cp -r` + `sha256sum`),
#   and the same plus a full decode of every recording (`ffmpeg -i F -f null -`, which is what `walkscape
#   validate` does to know that a recording plays to its end). hyperfine, RUNS runs each after a warm-up.
# usage: tools/bench/import.sh   (OUT=/tmp/walkscape-bench/import RUNS=10 WALKSCAPE=path; needs python3, curl,
#                                 ffmpeg, hyperfine)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/import}
RUNS=${RUNS:-10}
if [ -z "${WALKSCAPE:-}" ]; then
    swift build -c release --product walkscape >/dev/null 2>&1
    WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape
fi
rm -rf "$OUT"; mkdir -p "$OUT/answers"
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -sr)"
echo "== $(ffmpeg -version | head -1); $(hyperfine --version); walkscape binary: $WALKSCAPE"

# The answers, saved from the test API server.
python3 Tests/WalkscapeRemoteTests/server/api_server.py > "$OUT/port" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do [ -s "$OUT/port" ] && break; sleep 0.1; done
API=http://127.0.0.1:$(cat "$OUT/port")/v1
(
    cd "$OUT/answers"
    curl -s "$API/tours" > tours.json
    ID=$(python3 -c "import json; print([t['id'] for t in json.load(open('tours.json')) if t['slug'] == 'torino-portici'][0])")
    for L in it en; do
        curl -s "$API/tours/$ID?language=$L" > "tour-$L.json"
        curl -s "$API/tours/$ID/points?language=$L" > "points-$L.json"
        curl -s "$API/tours/$ID/manifest?language=$L" > "manifest-$L.json"
        python3 -c "import json; m = json.load(open('manifest-$L.json')); print('\n'.join(e['fileUrl'] for e in m['audio'] + m['subtitles']))" |
            while read -r url; do curl -s --create-dirs -o "$(echo "$url" | sed 's|?.*||; s|.*/uploads/||')" "$url"; done
    done
)
kill $server
echo "== $(find "$OUT/answers" -type f | wc -l) files, $(du -sb "$OUT/answers" | cut -f1) bytes"

hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/hyperfine.json" \
    --prepare "rm -rf $OUT/dest" \
    -n "walkscape import" "$WALKSCAPE import $OUT/answers --dest $OUT/dest" \
    -n "cp -r + sha256sum" "cp -r $OUT/answers $OUT/dest && find $OUT/dest -type f -exec sha256sum {} + > /dev/null" \
    -n "cp -r + sha256sum + ffmpeg decode" "cp -r $OUT/answers $OUT/dest && find $OUT/dest -type f -exec sha256sum {} + > /dev/null && for f in \$(find $OUT/dest -name '*.mp3'); do ffmpeg -nostdin -v error -i \$f -f null - || exit 1; done"
/usr/bin/time -f "walkscape import: %e s, %U s user, %S s system, peak RSS %M kB" "$WALKSCAPE" import "$OUT/answers" --dest "$OUT/dest-rss" > /dev/null
