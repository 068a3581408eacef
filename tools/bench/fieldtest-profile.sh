#!/usr/bin/env bash
# Field-testing benchmark under a phone-app profile, figures for docs/benchmarks.md ("Radius analysis"):
#   the inputs of tools/bench/fieldtest.sh (run it first: it builds the release binary, the 30-point tour and
#   the 100 traces in OUT), `walkscape radii --profile PROFILE` with the 26-step sweep. The app profiles take
#   the exact path (every radius replayed through the engine), so this is timed with fewer runs; the noise
#   trials are timed on the first TRACES traces only.
# usage: tools/bench/fieldtest-profile.sh   (OUT=/tmp/walkscape-bench/field PROFILE=android-app RUNS=2 TRACES=10)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/field}
PROFILE=${PROFILE:-android-app}
RUNS=${RUNS:-2}
TRACES=${TRACES:-10}
WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape
[ -x "$WALKSCAPE" ] && [ -f "$OUT/tour/tour.json" ] || { echo "run tools/bench/fieldtest.sh first (OUT=$OUT)" >&2; exit 2; }
ALL=("$OUT"/traces/walk-*.gpx)
SOME=("${ALL[@]:0:$TRACES}")
BASE=(taskset -c 0 "$WALKSCAPE" radii "$OUT/tour" --sweep 50:300:10 --json --profile "$PROFILE")
hyperfine --runs "$RUNS" --export-json "$OUT/hyperfine-$PROFILE.json" \
    -n "$PROFILE: report + sweep, ${#ALL[@]} traces" "${BASE[*]} --trace ${ALL[*]} > $OUT/report-$PROFILE.json" \
    -n "$PROFILE: report + sweep + 20 noise runs, ${#SOME[@]} traces" "${BASE[*]} --trace ${SOME[*]} --noise 8 --runs 20 --seed 1 > $OUT/noise-$PROFILE.json"
/usr/bin/time -f "$PROFILE, report + sweep: %e s, peak RSS %M kB" "${BASE[@]}" --trace "${ALL[@]}" > /dev/null
