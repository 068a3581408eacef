#!/usr/bin/env bash
# Engine and simulate benchmarks, figures for docs/benchmarks.md ("Replay engine").
#   1. the engine alone (in process, google/swift-benchmark): 1,000,000 fixes × 50 points, inputs prebuilt;
#   2. its peak memory (getrusage high-water mark): the fix array and what the simulation adds;
#   3. `walkscape simulate` end to end on a 1,000,000-fix GPX and a 50-point tour (release build), beside
#      `walkscape inspect` on the same file (reading alone), with peak RSS from GNU time.
# usage: tools/bench/engine.sh        (OUT=/tmp/walkscape-bench/simulate RUNS=3)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/walkscape-bench/simulate}
RUNS=${RUNS:-3}

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "== 1. engine alone (Benchmarks/, release)"
(cd Benchmarks && swift build -c release >/dev/null 2>&1 && .build/release/EngineBenchmarks --iterations 10 --warmup-iterations 2)
echo "== 2. engine memory"
(cd Benchmarks && .build/release/EngineMemory 1000000)

echo "== 3. simulate end to end"
swift build -c release --product walkscape >/dev/null 2>&1
WALKSCAPE=$(swift build -c release --show-bin-path)/walkscape
if [ ! -f "$OUT/walk.gpx" ]; then python3 tools/bench/make_bench_walk.py "$OUT"; fi
"$WALKSCAPE" manifest "$OUT/tour" >/dev/null
SIZE=$(stat -c %s "$OUT/walk.gpx")
for name in inspect simulate; do
    if [ $name = inspect ]; then cmd=("$WALKSCAPE" inspect --json "$OUT/walk.gpx"); else cmd=("$WALKSCAPE" simulate "$OUT/tour" --trace "$OUT/walk.gpx"); fi
    best=""
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -f "%e %M" -o "$OUT/time.txt" "${cmd[@]}" > "$OUT/$name.out"
        read -r wall rss < "$OUT/time.txt"
        if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; bestrss=$rss; fi
    done
    echo "$name: best of $RUNS: ${best} s, $(awk "BEGIN{printf \"%.0f\", $SIZE/1e6/$best}") MB/s, $(awk "BEGIN{printf \"%.2f\", 1e6/$best/1e6}") million fixes/s, peak RSS $((bestrss / 1024)) MB"
done
echo "events in the timeline: $(wc -l < "$OUT/simulate.out")"
