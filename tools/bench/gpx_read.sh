#!/usr/bin/env bash
# GPX reading benchmark: `walkscape inspect --json` (release build) against `xmllint --stream`, gpsbabel and
# gpxpy on the same ~100 MB GPX file, in one run. Prints MB/s, fixes/s and peak RSS for each, as a Markdown
# table for docs/benchmarks.md ("GPX reading").
#
# usage: tools/bench/gpx_read.sh            (RUNS=3 MB=100 OUT=/tmp/walkscape-bench by default)
#        RUNS=5 tools/bench/gpx_read.sh
# needs: swift, python3, xmllint (libxml2-utils), gpsbabel, gpxpy (python3-gpxpy or pip), GNU time;
#        hyperfine is used for the timings when installed (else a loop with /usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${RUNS:-3}
MB=${MB:-100}
OUT=${OUT:-/tmp/walkscape-bench}
BIG="$OUT/big.gpx"
mkdir -p "$OUT"

for tool in xmllint gpsbabel /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install libxml2-utils gpsbabel time)" >&2; exit 2; }
done
# A Python that has gpxpy: the first python3 on PATH, else Debian's.
PYTHON=""
for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c "import gpxpy" 2>/dev/null; then PYTHON=$candidate; break; fi
done
[ -n "$PYTHON" ] || { echo "missing: gpxpy (apt-get install python3-gpxpy, or pip install gpxpy)" >&2; exit 2; }

echo "== building walkscape (release)" >&2
swift build -c release --product walkscape >&2
WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape

echo "== generating $BIG" >&2
python3 tools/bench/make_big_gpx.py "$BIG" --mb "$MB" >&2
SIZE=$(stat -c %s "$BIG")
FIXES=$("$WALKSCAPE" inspect --json "$BIG" | python3 -c 'import json, sys; print(json.load(sys.stdin)["fixes"])')
echo "   $SIZE bytes, $FIXES fixes (walkscape)" >&2
GPXPY_FIXES=$("$PYTHON" -c 'import gpxpy, sys; g = gpxpy.parse(open(sys.argv[1], encoding="utf-8")); print(sum(len(s.points) for t in g.tracks for s in t.segments))' "$BIG")
echo "   $GPXPY_FIXES fixes (gpxpy)" >&2

NAMES=(walkscape xmllint gpsbabel gpxpy)
COMMANDS=(
    "$WALKSCAPE inspect --json $BIG"
    "xmllint --stream --noout $BIG"
    "env TZ=UTC gpsbabel -t -i gpx -f $BIG -o unicsv -F /dev/null"
    "$PYTHON -c 'import gpxpy, sys; gpxpy.parse(open(sys.argv[1], encoding=\"utf-8\"))' $BIG"
)

RESULTS="$OUT/results.tsv"
: > "$RESULTS"
for index in "${!NAMES[@]}"; do
    name=${NAMES[$index]}
    command=${COMMANDS[$index]}
    echo "== $name: $command" >&2
    # Peak RSS from GNU time (once with hyperfine, which does the timing; else RUNS times, timing too).
    walls=()
    peak=0
    rss_runs=$RUNS
    command -v hyperfine >/dev/null && rss_runs=1
    for _ in $(seq "$rss_runs"); do
        /usr/bin/time -f "%e %M" -o "$OUT/time.txt" bash -c "$command" >/dev/null 2>&1
        line=$(tail -1 "$OUT/time.txt")
        walls+=("${line% *}")
        rss=${line#* }
        (( rss > peak )) && peak=$rss
    done
    if command -v hyperfine >/dev/null; then
        hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/$name.json" "$command" >&2
        read -r mean stddev < <(python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["results"][0]; print(r["mean"], r["stddev"] or 0)' "$OUT/$name.json")
    else
        read -r mean stddev < <(python3 -c 'import statistics, sys; w = [float(x) for x in sys.argv[1:]]; print(statistics.mean(w), statistics.pstdev(w))' "${walls[@]}")
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$mean" "$stddev" "$peak" "$command" >> "$RESULTS"
done

python3 - "$RESULTS" "$SIZE" "$FIXES" "$RUNS" <<'PY'
import sys
path, size, fixes, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rows = [line.rstrip("\n").split("\t") for line in open(path)]
xmllint = next(float(r[1]) for r in rows if r[0] == "xmllint")
print(f"\nFile: {size / 1e6:.1f} MB, {fixes} fixes; mean of {runs} runs (± standard deviation).\n")
print("| reader | time (s) | MB/s | fixes/s | peak RSS (MB) | speed vs xmllint |")
print("|---|---:|---:|---:|---:|---:|")
for name, mean, stddev, peak, _ in rows:
    mean, stddev = float(mean), float(stddev)
    print(f"| {name} | {mean:.3f} ± {stddev:.3f} | {size / 1e6 / mean:.1f} | {fixes / mean:,.0f} | {int(peak) / 1024:.1f} | {xmllint / mean:.2f}× |")
PY
echo
echo "Machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/^Mem:/ {print $2}') GB RAM."
echo "Versions: $(swift --version 2>/dev/null | head -1); $(xmllint --version 2>&1 | head -1); $(gpsbabel -V 2>&1 | grep -m1 -i version | sed 's/^ *//'); gpxpy $("$PYTHON" -c 'import gpxpy; print(gpxpy.__version__)') on $("$PYTHON" --version 2>&1)."
