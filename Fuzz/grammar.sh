#!/usr/bin/env bash
# Grammar-based differential of the GPX reader against libxml2 (docs/reliability.md, "Grammar-based
# differential"): Fuzz/gpx_grammar.py writes COUNT documents per seed, built from random XML constructs around a
# readable track, and the GPXWellFormed binary (Fuzz/build.sh) reads every one: a document the GPX reader takes
# fixes from while libxml2 refuses it stops the run, and is printed (base64) so that it can be replayed.
#
# Usage: Fuzz/grammar.sh COUNT SEED [SEED ...]    (RISK: how often a choice is a risky one, default 0.05)
# The same seeds write the same documents, so a run is the same every time.
set -uo pipefail
cd "$(dirname "$0")/.."
count=${1:?usage: Fuzz/grammar.sh COUNT SEED [SEED ...]}; shift
[ $# -gt 0 ] || { echo "usage: Fuzz/grammar.sh COUNT SEED [SEED ...]" >&2; exit 2; }
OUT=.build/fuzz
bin=$OUT/bin/GPXWellFormed
if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then Fuzz/build.sh GPXWellFormed || exit 1; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/walkscape-grammar.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
status=0
for seed in "$@"; do
    dir=$work/$seed
    python3 Fuzz/gpx_grammar.py "$seed" "$count" "$dir" "${RISK:-0.05}" || { status=1; break; }
    # -runs=0: read every file once (no mutation); a disagreement is a crash, saved under the artifact prefix.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
        "$bin" -runs=0 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/found-$seed-" "$dir" > "$work/log" 2>&1
    result=$?
    if [ $result -eq 0 ]; then
        echo "grammar seed $seed: $count documents, no disagreement ($(grep -a -o 'cov: [0-9]*' "$work/log" | tail -1))"
    else
        echo "grammar seed $seed: FAILED (exit $result)"
        grep -a -m3 -E 'ERROR|fuzz invariant|Fatal error' "$work/log" | sed 's/^/    /'
        for input in "$work/found-$seed-"*; do
            [ -f "$input" ] && Fuzz/show-input.sh GPXWellFormed "$input"
        done
        status=1
    fi
    rm -rf "$dir"
done
exit $status
