#!/usr/bin/env bash
# Fails when README.md or docs/ paste a path of the machine a command was run on: a checkout or home under
# /work/, /root/, /home/ or /Users/, or a file under /tmp/. Pasted output uses neutral paths instead (./tours,
# $PREFIX, $TMPDIR, walkscape on the PATH). The one /tmp path allowed is /tmp/walkscape-bench, the fixed
# default output directory of the tools/bench scripts (the same on every machine).
#   tools/check_doc_paths.sh            checks README.md and docs/
#   tools/check_doc_paths.sh FILE...    checks those files
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then set -- README.md docs; fi
pattern='(/work|/root|/home|/Users)/|/tmp/'
found=$(grep -rnIE "$pattern" "$@" | awk -v pattern="$pattern" '{ line = $0; gsub(/\/tmp\/walkscape-bench/, "", line); if (line ~ pattern) print }' || true)
if [ -n "$found" ]; then
  echo "tools/check_doc_paths.sh: FAILED: machine paths in the documentation (write ./tours, \$PREFIX, \$TMPDIR or a relative path instead):" >&2
  echo "$found" >&2
  exit 1
fi
echo "tools/check_doc_paths.sh: no machine paths in $*"
