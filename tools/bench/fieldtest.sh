#!/usr/bin/env bash
# Field-testing benchmark, figures for docs/benchmarks.md ("Radius analysis"):
#   100 synthetic traces (about 7,400 fixes each, 1 fix/s) of a 30-point tour, `walkscape radii` with a
#   26-step sweep (50:300:10) and 20 noise runs per trace (2,000 noisy replays, about 15 million fixes),
#   release build, pinned to one core (taskset -c 0); timed by hyperfine, peak RSS by GNU time.
#   The same run without --noise shows what the report and sweep cost alone.
# usage: tools/bench/fieldtest.sh        (OUT=/tmp/walkscape-bench/field RUNS=5)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/field}
RUNS=${RUNS:-5}

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
swift build -c release --product walkscape >/dev/null 2>&1
WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape
if [ ! -f "$OUT/tour/tour.json" ]; then
    python3 tools/bench/make_field_tour.py "$OUT/tour"
    "$WALKSCAPE" manifest "$OUT/tour" >/dev/null
fi
mkdir -p "$OUT/traces"
for seed in $(seq 1 100); do
    f="$OUT/traces/walk-$seed.gpx"
    [ -f "$f" ] || "$WALKSCAPE" synth "$OUT/tour" --pause-at-points --speed 1.3 --noise 6 --jumps 4 --dropouts 3 --seed "$seed" > "$f"
done
FIXES=$(cat "$OUT"/traces/*.gpx | grep -c "<trkpt")
echo "== inputs: 30 points, 100 traces, $FIXES fixes ($((FIXES / 100)) a trace)"

BASE=(taskset -c 0 "$WALKSCAPE" radii "$OUT/tour" --trace "$OUT"/traces/walk-*.gpx --sweep 50:300:10 --json)
NOISE=("${BASE[@]}" --noise 8 --runs 20 --seed 1)
hyperfine --warmup 1 --runs "$RUNS" --export-json "$OUT/hyperfine.json" \
    -n "report + sweep" "${BASE[*]} > $OUT/report.json" \
    -n "report + sweep + 20 noise runs" "${NOISE[*]} > $OUT/noise.json"
/usr/bin/time -f "with noise trials: %e s, peak RSS %M kB" "${NOISE[@]}" > /dev/null
