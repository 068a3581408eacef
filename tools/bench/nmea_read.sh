#!/usr/bin/env bash
# NMEA reading benchmark: `walkscape inspect --json` (release build) against
# `gpsbabel -t -i nmea -f FILE -o unicsv -F /dev/null` (TZ=UTC; without -t it reads the fixes but writes none) on three ~100 MB NMEA logs, in one run: a plain
# one (an RMC and a GGA a second), the same fixes with runs of 20,000 blank lines after every hundredth
# fix, and the same fixes with a 100-byte UBX packet straight before every sentence (a u-blox receiver's
# interleaved output). Prints wall and CPU seconds, MB/s, fixes/s and peak RSS for each, and walkscape's CPU
# speed-up over gpsbabel, as a Markdown table for docs/benchmarks.md ("NMEA reading").
#
# usage: tools/bench/nmea_read.sh            (RUNS=3 MB=100 OUT=/tmp/walkscape-bench-nmea by default)
#        WALKSCAPE=/path/to/walkscape tools/bench/nmea_read.sh     (skips the release build)
# needs: swift, python3, gpsbabel, GNU time, hyperfine (apt-get install gpsbabel time hyperfine).
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${RUNS:-3}
MB=${MB:-100}
OUT=${OUT:-/tmp/walkscape-bench-nmea}
mkdir -p "$OUT"
for tool in gpsbabel hyperfine /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install gpsbabel hyperfine time)" >&2; exit 2; }
done

if [ -z "${WALKSCAPE:-}" ]; then
    echo "== building walkscape (release)" >&2
    swift build -c release --product walkscape >&2
    WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape
fi

PLAIN="$OUT/plain.nmea"
BLANK="$OUT/blank-runs.nmea"
BINARY="$OUT/binary.nmea"
echo "== generating $PLAIN, $BLANK and $BINARY" >&2
python3 tools/bench/make_big_nmea.py "$PLAIN" --mb "$MB"
python3 tools/bench/make_big_nmea.py "$BLANK" --mb "$MB" --blank-runs 20000
python3 tools/bench/make_big_nmea.py "$BINARY" --mb "$MB" --binary

RESULTS="$OUT/results.tsv"
: > "$RESULTS"
for file in "$PLAIN" "$BLANK" "$BINARY"; do
    size=$(stat -c %s "$file")
    fixes=$("$WALKSCAPE" inspect --json "$file" | python3 -c 'import json, sys; print(json.load(sys.stdin)["fixes"])')
    babel=$(TZ=UTC gpsbabel -t -i nmea -f "$file" -o unicsv -F - | tail -n +2 | wc -l)
    echo "   $file: $size bytes, $fixes fixes (walkscape), $babel (gpsbabel)" >&2
    names=(walkscape gpsbabel)
    commands=("$WALKSCAPE inspect --json $file" "env TZ=UTC gpsbabel -t -i nmea -f $file -o unicsv -F /dev/null")
    hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/run.json" "${commands[@]}" >&2
    for index in 0 1; do
        /usr/bin/time -f "%M" -o "$OUT/time.txt" bash -c "${commands[$index]}" >/dev/null 2>&1
        peak=$(tail -1 "$OUT/time.txt")
        read -r mean stddev cpu < <(python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]; print(r["mean"], r["stddev"] or 0, r["user"] + r["system"])' "$OUT/run.json" "$index")
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$file")" "${names[$index]}" "$mean" "$stddev" "$peak" "$size" "$fixes" "$cpu" >> "$RESULTS"
    done
done

python3 - "$RESULTS" "$RUNS" <<'PY'
import sys
path, runs = sys.argv[1], sys.argv[2]
rows = [line.rstrip("\n").split("\t") for line in open(path)]
print(f"\nMean of {runs} runs (± standard deviation); CPU is user + system seconds.\n")
print("| file | reader | wall (s) | CPU (s) | MB/s of CPU | fixes/s of CPU | peak RSS (MB) | CPU ÷ walkscape's |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
ours = {}
for file, name, mean, stddev, peak, size, fixes, cpu in rows:
    if name == "walkscape":
        ours[file] = float(cpu)
for file, name, mean, stddev, peak, size, fixes, cpu in rows:
    mean, stddev, size, fixes, cpu = float(mean), float(stddev), int(size), int(fixes), float(cpu)
    print(f"| {file} ({size / 1e6:.1f} MB, {fixes:,} fixes) | {name} | {mean:.3f} ± {stddev:.3f} | {cpu:.3f} | {size / 1e6 / cpu:.1f} | {fixes / cpu:,.0f} | {int(peak) / 1024:.1f} | {cpu / ours[file]:.1f}× |")
PY
echo
echo "Machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/^Mem:/ {print $2}') GB RAM."
echo "Versions: $(swift --version 2>/dev/null | head -1); $(gpsbabel -V 2>&1 | grep -m1 -i version | sed 's/^ *//')."
