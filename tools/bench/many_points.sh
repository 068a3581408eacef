#!/usr/bin/env bash
# Cost with the number of points (issue 46, item 7), figures for docs/benchmarks.md ("Many points"): tours of
# 500, 1,000 and 2,000 points (tools/bench/make_points_tour.py, 1 s placeholder recordings), each walked once by
# `synth` (a fix every 5 s), then `radii` and `report` timed by hyperfine, peak RSS by GNU time. The debug build,
# the one the README's examples run (BUILD=release for the other).
# usage: tools/bench/many_points.sh        (OUT=/tmp/walkscape-bench/points RUNS=3 BUILD=debug)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/points}
RUNS=${RUNS:-3}
BUILD=${BUILD:-debug}
swift build -c "$BUILD" --product walkscape >/dev/null 2>&1
WALKSCAPE=$(swift build -c "$BUILD" --show-bin-path)/walkscape
mkdir -p "$OUT"
for n in 500 1000 2000; do
    if [ ! -f "$OUT/tour$n/tour.json" ]; then
        python3 tools/bench/make_points_tour.py "$n" "$OUT/points$n.geojson"
        "$WALKSCAPE" import "$OUT/points$n.geojson" --dest "$OUT/tour$n" --placeholder-audio 1 --city X --lang en --force >/dev/null
        "$WALKSCAPE" synth "$OUT/tour$n" --interval 5 > "$OUT/walk$n.gpx"
    fi
done
for n in 500 1000 2000; do
    hyperfine --runs "$RUNS" --export-json "$OUT/hyperfine-$n.json" \
        -n "radii $n points" "$WALKSCAPE radii $OUT/tour$n --trace $OUT/walk$n.gpx" \
        -n "report $n points" "$WALKSCAPE report $OUT/tour$n --trace $OUT/walk$n.gpx --output $OUT/report$n.html"
    /usr/bin/time -f "report $n points: %M KB peak" "$WALKSCAPE" report "$OUT/tour$n" --trace "$OUT/walk$n.gpx" --output "$OUT/report$n.html" >/dev/null
done
