#!/usr/bin/env bash
# Runs the libFuzzer targets (built by Fuzz/build.sh) for SECONDS each and prints one line of figures per target.
#
# Usage: Fuzz/run.sh SECONDS [target ...]        (default: every target in Fuzz/Targets)
# Environment: FUZZ_PARALLEL (targets run at once, default 1), FUZZ_REAL (third-party seed files, default
# ../shared/real, used when present and never copied into the repository), FUZZ_ARGS (more libFuzzer flags).
#
# Each target starts from seeds made afresh from the repository's fixtures (plus Fuzz/Seeds/TARGET and the
# inputs of past crashes in Fuzz/Regressions/TARGET) and from the corpus it grew in earlier runs
# (.build/fuzz/corpus/TARGET). A crash, timeout (-timeout=10 s), leak or out-of-memory (-rss_limit_mb=2048)
# fails the run; the input is saved as .build/fuzz/artifacts/TARGET-crash-… (or -timeout-, -leak-, -oom-).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: Fuzz/run.sh SECONDS [target ...]}; shift
OUT=.build/fuzz
REAL=${FUZZ_REAL:-../shared/real}
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in Fuzz/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
# FUZZ_SKIP_BUILD=1 runs the binaries already in .build/fuzz/bin (a campaign while the sources change).
if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then Fuzz/build.sh "${targets[@]}" || exit 1; fi

# seeds TARGET DIR (Fuzz/seeds.sh, which the replay tests of `make test` use too).
source Fuzz/seeds.sh

# The libFuzzer flags of a target: its dictionary and the largest input it is given.
options() {
    case $1 in
        GPX|GPXWellFormed) echo "-dict=Fuzz/Dictionaries/xml.dict -max_len=8192" ;;
        KML) echo "-dict=Fuzz/Dictionaries/kml.dict -max_len=8192" ;;
        GPSD) echo "-dict=Fuzz/Dictionaries/gpsd.dict -max_len=8192" ;;
        Analytics|Collector) echo "-dict=Fuzz/Dictionaries/analytics.dict -max_len=8192" ;;
        NMEA) echo "-dict=Fuzz/Dictionaries/nmea.dict -max_len=8192" ;;
        GeoJSON|TourJSON|RemoteAnswers|ImportSources) echo "-dict=Fuzz/Dictionaries/json.dict -max_len=8192" ;;
        SRT|TextDecoder) echo "-dict=Fuzz/Dictionaries/srt.dict -max_len=8192" ;;
        VectorTile) echo "-max_len=16384" ;;
        Gzip|AudioProbe|AACProbe) echo "-max_len=32768" ;;
        *) echo "-max_len=4096" ;;
    esac
}

# run TARGET: fuzzes it, prints its line of figures, and fails when libFuzzer found something.
run() {
    local t=$1
    local seeddir=$OUT/seeds/$t corpus=$OUT/corpus/$t log=$OUT/logs/$t.log
    rm -rf "$seeddir"; mkdir -p "$seeddir" "$corpus" "$OUT/logs" "$OUT/artifacts" "Fuzz/Regressions/$t"
    seeds "$t" "$seeddir"
    # shellcheck disable=SC2046
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
        "$OUT/bin/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$OUT/artifacts/$t-" $(options "$t") ${FUZZ_ARGS:-} \
        "$corpus" "$seeddir" "Fuzz/Regressions/$t" > "$log" 2>&1
    local status=$?
    local execs cov ft secs
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -a -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -a -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    if [ $status -eq 0 ]; then
        printf '%-20s ok     %10s execs %6s s  cov %5s  ft %6s  corpus %s\n' "$t" "${execs:-?}" "${secs:-?}" "${cov:-?}" "${ft:-?}" "$(ls "$corpus" | wc -l)"
    else
        printf '%-20s FAILED (exit %s) after %s execs; see %s\n' "$t" "$status" "${execs:-?}" "$log"
        grep -a -m3 -E 'ERROR|fuzz invariant|Fatal error|SUMMARY' "$log" | sed 's/^/    /'
        # The inputs this run saved (artifacts of earlier runs are older than its seed folder), printed whole.
        find "$OUT/artifacts" -name "$t-*" -newer "$seeddir" | sort | while read -r input; do
            Fuzz/show-input.sh "$t" "$input"
        done
    fi
    return $status
}

export -f run seeds options
export OUT REAL seconds
results=$(printf '%s\n' "${targets[@]}" | xargs -P "${FUZZ_PARALLEL:-1}" -I{} bash -c 'run {}')
status=$?
printf '%s\n' "$results"
passed=$(grep -c ' ok ' <<< "$results")
failed=$(( ${#targets[@]} - passed ))
echo "fuzz: $passed passed, $failed failed"
[ $status -eq 0 ] && [ $failed -eq 0 ]
