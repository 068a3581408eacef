#!/usr/bin/env bash
# Checks `make install` end to end: installs into a temporary PREFIX and runs what was installed.
#   tools/check_install.sh                  installs the debug build (fast: `make test` has just built it)
#   CONFIGURATION=release tools/check_install.sh   installs what a user's `make install` installs
# Checks: bin/walkscape runs (--version) and finds tours through $WALKSCAPE_TOURS and through
# $XDG_DATA_HOME/walkscape/tours from a directory without ./tours; every man page is there and `man -l` renders
# walkscape.1 with its subcommands, and every page without a warning; no help text has a character the man page
# plugin would drop (it keeps ASCII only); the bash, zsh and fish completions are there (bash's parses).
# The temporary PREFIX is removed at the end, whatever the outcome.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
configuration="${CONFIGURATION:-debug}"
prefix=$(mktemp -d "${TMPDIR:-/tmp}/walkscape-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
fail() { echo "tools/check_install.sh: FAILED: $*" >&2; exit 1; }

make --no-print-directory install PREFIX="$prefix/usr" CONFIGURATION="$configuration" >"$prefix/install.log" 2>&1 ||
  { cat "$prefix/install.log" >&2; fail "make install PREFIX=$prefix/usr CONFIGURATION=$configuration failed (its output is above)"; }
bin="$prefix/usr/bin/walkscape"
[ -x "$bin" ] || fail "no executable at bin/walkscape"

version=$("$bin" --version) || fail "bin/walkscape --version failed"
[ -n "$version" ] || fail "bin/walkscape --version printed nothing"

# Tours, from a directory with no ./tours: first through WALKSCAPE_TOURS, then through the XDG data directory.
mkdir -p "$prefix/elsewhere" "$prefix/data/walkscape"
ln -s "$repo/tours" "$prefix/data/walkscape/tours"
listed=$(cd "$prefix/elsewhere" && env -u XDG_DATA_HOME WALKSCAPE_TOURS="$repo/tours" "$bin" tours) ||
  fail "WALKSCAPE_TOURS=$repo/tours walkscape tours failed"
grep -q "torino-portici" <<<"$listed" || fail "walkscape tours with WALKSCAPE_TOURS did not list torino-portici: $listed"
listed=$(cd "$prefix/elsewhere" && env -u WALKSCAPE_TOURS XDG_DATA_HOME="$prefix/data" "$bin" tours) ||
  fail "XDG_DATA_HOME=$prefix/data walkscape tours failed"
grep -q "torino-portici" <<<"$listed" || fail "walkscape tours with XDG_DATA_HOME did not list torino-portici: $listed"

# Man pages: one a command; walkscape.1 renders and names its subcommands.
man1="$prefix/usr/share/man/man1"
[ -f "$man1/walkscape.1" ] || fail "no share/man/man1/walkscape.1"
pages=$(ls "$man1"/*.1 | wc -l)
for command in simulate play download tours; do
  [ -f "$man1/walkscape.$command.1" ] || fail "no share/man/man1/walkscape.$command.1"
done
rendered=$(MANWIDTH=80 man -l "$man1/walkscape.1" 2>/dev/null) || fail "man -l share/man/man1/walkscape.1 failed"
grep -q "simulate" <<<"$rendered" || fail "man -l walkscape.1 does not mention simulate"
# Every page renders without a warning (mdoc's "Empty input line" for a help text's blank line, ...).
for page in "$man1"/*.1; do
  warnings=$(MANWIDTH=80 man -l -Tutf8 "$page" 2>&1 >/dev/null) || fail "man -l share/man/man1/${page##*/} failed: $warnings"
  [ -z "$warnings" ] || fail "man -l share/man/man1/${page##*/} warns: $warnings"
done
# The pages come from the help texts (--experimental-dump-help), minus every non-ASCII character: a help text
# keeps to ASCII (t_i - t_0, ->, x2, ...) so that the page says what --help says.
dropped=$("$bin" --experimental-dump-help | LC_ALL=C grep -n $'[\x80-\xff]' || true)
[ -z "$dropped" ] || fail "help texts with non-ASCII characters, which the man pages lose (write an ASCII equivalent): $dropped"
rendered=$(MANWIDTH=80 man -l -Tutf8 "$man1/walkscape.feed.1" 2>/dev/null) || fail "man -l share/man/man1/walkscape.feed.1 failed"
grep -q "(t_i - t_0) / --speed" <<<"$rendered" || fail "man -l walkscape.feed.1 lost its formula: $(grep -- "--speed" <<<"$rendered")"

# Completions: present, non-empty, and the bash one parses.
for file in share/bash-completion/completions/walkscape share/zsh/site-functions/_walkscape share/fish/vendor_completions.d/walkscape.fish; do
  [ -s "$prefix/usr/$file" ] || fail "no (or an empty) $file"
done
bash -n "$prefix/usr/share/bash-completion/completions/walkscape" || fail "the bash completion does not parse"

echo "tools/check_install.sh: make install ($configuration) put bin/walkscape ($version), $pages man pages and 3 completion scripts in a temporary PREFIX; tours found through WALKSCAPE_TOURS and XDG_DATA_HOME; man -l renders every page without a warning"
