#!/usr/bin/env bash
# Prints an input a fuzz run saved, so that a failure on a machine whose files are gone (CI) can be replayed:
# its path, then (up to 16 KiB) its bytes as base64, indented. Used by Fuzz/run.sh and Fuzz/grammar.sh.
#
# Usage: Fuzz/show-input.sh TARGET FILE      (replay: paste the lines into `base64 -d > input`, then run
#                                             .build/fuzz/bin/TARGET input)
set -euo pipefail
target=${1:?usage: Fuzz/show-input.sh TARGET FILE}
input=${2:?usage: Fuzz/show-input.sh TARGET FILE}
echo "    input: $input"
if [ "$(stat -c %s "$input")" -le 16384 ]; then
    echo "    input as base64 (base64 -d > input; .build/fuzz/bin/$target input):"
    base64 -w 100 "$input" | sed 's/^/      /'
fi
