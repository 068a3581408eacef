#!/usr/bin/env python3
"""Check the reference app's lines that walkscape's profiles cite.

Run by hand, not in CI: it needs the reference app's files (gigiorda84/walkspace-app), which CI does not have.
Commits up to 5c84126 come from a git mirror of the repository; the later ones (efba3ee, 1cddc0c, 7304abf,
8756ba3, ea06df1, ...) exist only in a file index, reachable with the `read_file` tool, so they are read from a
cache of files fetched from that index (tools/profiles/README.md says how to fill it). The cache lives outside
the repository: the upstream text has no licence and is never copied into walkscape.

tools/profiles/citations.json records every line range the profiles cite (file, commit, first and last line)
with the text of the range's first and last line, stripped. For each entry this prints one of:

  ok           the recorded text is at the recorded lines;
  moved        it is not, but both texts are in the file: where they are now ("now 118-133");
  missing      a recorded text is nowhere in the file;
  unavailable  no copy of the file at that commit: the read_file call that fetches it.

The exit status is 1 when anything moved or is missing, 0 otherwise (unavailable files do not fail the run).

`--add-pages ANSWER.json ...` fills the cache: it joins read_file answers saved as JSON files (every page of a
file, offset 0, 16000, ...) and writes each file whose pages add up to its total_chars.

`--sources` checks the other direction and needs no upstream file: it reads the `path:lines` tokens the Swift
sources write (UpstreamSource.swift, AppBuildChange.swift, LifecycleRules.swift, EngineProfile+Builds.swift)
and lists any that citations.json does not record, so that the file stays in step with the code (exit 1 when
one is missing). UpstreamCitationCatalogueTests checks the rendered citations the same way in `make test`.

Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
UPSTREAM = "gigiorda84/walkspace-app"
DEFAULT_CATALOGUE = os.path.join(HERE, "citations.json")
# Where the bare git mirror and the cache are on this machine: $WALKSCAPE_UPSTREAM_MIRROR (no default: the mirror
# is wherever `fetch` or `git clone --bare` put it) and $WALKSCAPE_UPSTREAM_CACHE (default ~/.cache/walkscape-upstream).
DEFAULT_MIRROR = os.environ.get("WALKSCAPE_UPSTREAM_MIRROR", "")
DEFAULT_CACHE = os.environ.get("WALKSCAPE_UPSTREAM_CACHE", os.path.expanduser("~/.cache/walkscape-upstream"))

# The commits after the mirror's last one (5c84126): the file index needs the full hash.
FULL_HASHES = {
    "efba3ee": "efba3ee739f77a44573a13110a67c001293387a5",
    "1cddc0c": "1cddc0c93d7936a22643cc89154f74483bce8762",
    "7304abf": "7304abf0af69a50dd8c9cf048d21c47bd4665da1",
    "8756ba3": "8756ba365467c9854df94020b437904cdc2affbb",
    "ea06df1": "ea06df1877c224fe92b6924ae4576c4d9d05be75",
    "46dc294": "46dc2949821518ab669a16c7ff3dbb7c0c6a87a9",
}

# The Swift files whose strings hold the citations.
SOURCES = [
    "Sources/WalkscapeCore/Engine/UpstreamSource.swift",
    "Sources/WalkscapeCore/Engine/AppBuildChange.swift",
    "Sources/WalkscapeCore/Engine/LifecycleRules.swift",
    "Sources/WalkscapeCore/Engine/EngineProfile+Builds.swift",
]


def span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}\u2013{last}"


def label(entry: dict) -> str:
    if entry.get("index_id"):
        return f"task document (index id {entry['index_id']}):{span(*entry['lines'])}"
    return f"{entry['file'].rsplit('/', 1)[-1]}@{entry['commit']}:{span(*entry['lines'])}"


# MARK: reading the upstream files


class Upstream:
    """The reference app's files: the git mirror first, then the cache of files read from the index."""

    def __init__(self, mirror: str, cache: str):
        self.mirror = mirror if os.path.isdir(mirror) else None
        self.cache = cache
        self._memo: dict[tuple, str | None] = {}

    def cache_path(self, entry: dict) -> str:
        if entry.get("index_id"):
            return os.path.join(self.cache, "index-id", entry["index_id"] + ".txt")
        return os.path.join(self.cache, entry["commit"], entry["file"])

    def text(self, entry: dict) -> tuple[str | None, str]:
        """The file's text at the entry's commit and where it came from, or None and the call that fetches it."""
        key = (entry["file"], entry.get("commit"), entry.get("index_id"))
        if key not in self._memo:
            self._memo[key] = self._read(entry)
        found = self._memo[key]
        if found is not None:
            return found
        return None, self.fetch_call(entry)

    def _read(self, entry: dict):
        commit = entry.get("commit")
        if commit and not entry.get("index_id") and self.mirror:
            shown = subprocess.run(
                ["git", "--git-dir", self.mirror, "show", f"{commit}:{entry['file']}"], capture_output=True)
            if shown.returncode == 0:
                return shown.stdout.decode("utf-8", errors="replace"), "git mirror"
        path = self.cache_path(entry)
        if os.path.isfile(path):
            with open(path, encoding="utf-8", newline="") as handle:
                return handle.read(), "cache"
        return None

    def fetch_call(self, entry: dict) -> str:
        target = self.cache_path(entry)
        if entry.get("index_id"):
            call = f'read_file(id="{entry["index_id"]}")'
        elif entry["commit"] in FULL_HASHES:
            call = f'read_file(repo="{UPSTREAM}", path="{entry["file"]}", commit="{FULL_HASHES[entry["commit"]]}")'
        else:
            return (f'{entry["commit"]} is a commit of the git mirror: fetch(source="github:{UPSTREAM}") brings it, '
                    f"then pass its git directory with --mirror")
        return f"{call} and its further pages (offset=16000, ...), each answer saved as JSON, then --add-pages (it writes {target})"


# MARK: the check of one entry


@dataclass
class Result:
    entry: dict
    status: str
    detail: str = ""
    now: list[int] | None = None
    source: str = ""

    def as_json(self) -> dict:
        out = {
            "file": self.entry["file"], "commit": self.entry.get("commit"), "lines": self.entry["lines"],
            "status": self.status, "detail": self.detail, "now": self.now, "where": self.entry.get("where", ""),
        }
        if self.entry.get("index_id"):
            out["index_id"] = self.entry["index_id"]
        if self.source:
            out["read_from"] = self.source
        return out


def check_entry(entry: dict, upstream: Upstream) -> Result:
    text, source = upstream.text(entry)
    if text is None:
        return Result(entry, "unavailable", source)
    lines = [line.strip() for line in text.split("\n")]
    (first, last), (first_text, last_text) = entry["lines"], entry["text"]

    def at(number: int) -> str | None:
        return lines[number - 1] if 1 <= number <= len(lines) else None

    if at(first) == first_text and at(last) == last_text:
        return Result(entry, "ok", "", None, source)
    firsts = [n for n, line in enumerate(lines, 1) if line == first_text]
    lasts = [n for n, line in enumerate(lines, 1) if line == last_text]
    if not firsts or not lasts:
        gone = [f"the first line ({first_text!r})"] if not firsts else []
        gone += [f"the last line ({last_text!r})"] if not lasts else []
        seen = ""
        if firsts:
            seen = f"; the first is at {', '.join(map(str, firsts[:5]))}"
        elif lasts:
            seen = f"; the last is at {', '.join(map(str, lasts[:5]))}"
        verb = " are" if len(gone) == 2 else " is"
        return Result(entry, "missing", " and ".join(gone) + verb + " nowhere in the file" + seen, None, source)
    pairs = [(f, l) for f in firsts for l in lasts if l >= f]
    if not pairs:
        return Result(entry, "moved", f"the first text is at {firsts[0]}, the last only before it ({lasts[-1]})", None, source)
    length = last - first
    f, l = min(pairs, key=lambda p: (abs((p[1] - p[0]) - length), abs(p[0] - first), p[0]))
    return Result(entry, "moved", f"now {span(f, l)}", [f, l], source)


# MARK: --sources: the tokens the Swift files write

EXTENSIONS = "kts|kt|swift|xml|plist|md|pbxproj"
PATH = rf"[A-Za-z0-9_./+-]*[A-Za-z0-9_+-]\.(?:{EXTENSIONS})\b"
NUMBER = r"\d+(?:[\u2013-]\d+)?(?![\d.])"
NUMBERS = rf"{NUMBER}(?:, {NUMBER})*"
ITEM = re.compile(
    rf"(?P<path>{PATH})(?:@(?P<commit>[0-9a-f]{{7}}))?(?::(?P<plines>{NUMBERS}))?"  # a file, its commit, its lines
    rf"|(?P<doc>task document(?: \(index id (?P<id>\d+)\))?)"  # the 1.1.3-beta task document (known by its index id)
    rf"|(?<![\w@])@(?P<bcommit>[0-9a-f]{{7}}):(?P<blines>{NUMBERS})"  # `→ @efba3ee:117–132`: the same file elsewhere
    rf"|(?<=[\s(]):(?P<clines>{NUMBERS})"  # `and :143`: more lines of the same file
    rf"|\blines? (?P<wlines>{NUMBERS})"  # `line 131`, `lines 38-39`: lines of the last file or document named
)
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
CONSTANT = re.compile(r'static let (\w+) = "((?:[^"\\\n]|\\.)*)"\s*$', re.M)


@dataclass
class Token:
    source: str
    line: int
    file: str | None  # a path (possibly partial) or None for the task document
    index_id: str | None
    commit: str | None
    lines: list[int] = field(default_factory=list)

    def __str__(self) -> str:
        name = self.file if self.file else f"task document (index id {self.index_id or '?'})"
        at = f"@{self.commit}" if self.commit else ""
        return f"{name}{at}:{span(*self.lines)} ({self.source}:{self.line})"


def ranges(numbers: str) -> list[list[int]]:
    out = []
    for part in numbers.split(", "):
        a, _, b = part.replace("\u2013", "-").partition("-")
        out.append([int(a), int(b or a)])
    return out


def source_tokens(root: str) -> tuple[list[Token], list[str]]:
    """The cited ranges the Swift sources write, and the line references no file could be given to."""
    tokens, unattached = [], []
    for relative in SOURCES:
        with open(os.path.join(root, relative), encoding="utf-8") as handle:
            text = handle.read()
        constants = {name: value for name, value in CONSTANT.findall(text)}
        for number, line in enumerate(text.split("\n"), 1):
            if line.lstrip().startswith("//"):
                continue
            for literal in LITERAL.findall(line):
                for name, value in constants.items():
                    literal = literal.replace(f"\\({name})", value)
                current: tuple[str | None, str | None, str | None] | None = None  # file, index id, commit
                name = os.path.basename(relative)
                for match in ITEM.finditer(literal):
                    found = None
                    if match["path"]:
                        current = (match["path"], None, match["commit"])
                        found = match["plines"]
                    elif match["doc"] is not None:
                        current = (None, match["id"], None)
                    elif match["bcommit"]:
                        if current:
                            current = (current[0], current[1], match["bcommit"])
                        found = match["blines"]
                    else:
                        found = match["clines"] or match["wlines"]
                    if not found:
                        continue
                    if current is None:
                        unattached.append(f"{name}:{number}: {match.group(0)!r} names no file")
                        continue
                    for pair in ranges(found):
                        tokens.append(Token(name, number, current[0], current[1], current[2], pair))
    return tokens, unattached


def covered(token: Token, catalogue: list[dict]) -> bool:
    for entry in catalogue:
        if entry["lines"] != token.lines:
            continue
        if token.commit and entry.get("commit") != token.commit:
            continue
        if token.file is None:
            if entry.get("index_id") and (token.index_id is None or entry["index_id"] == token.index_id):
                return True
            continue
        if entry.get("index_id"):
            continue
        if entry["file"] == token.file or entry["file"].endswith("/" + token.file):
            return True
    return False


# MARK: --add-pages: filling the cache


def add_pages(paths: list[str], cache: str) -> int:
    """Join read_file answers (one JSON answer a file, as the tool prints it) into the cache, one file per
    path and commit (or index id), refusing a file whose pages leave a gap or do not add up to total_chars."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            page = json.load(handle)
        if page.get("commit"):
            key = (page["commit"][:7], page["path"])
        else:
            key = ("index-id", page["id"] + ".txt")
        groups.setdefault(key, []).append(page)
    status = 0
    for (folder, name), pages in sorted(groups.items()):
        pages.sort(key=lambda page: page["offset"])
        text = ""
        for page in pages:
            if page["offset"] != len(text):
                break
            text += page["text"]
        total = pages[0]["total_chars"]
        if len(text) != total:
            print(f"incomplete  {folder}/{name}: {len(text)} of {total} characters (a page is missing or overlaps)")
            status = 1
            continue
        target = os.path.join(cache, folder, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        print(f"saved       {target} ({total} characters, {len(pages)} page{'s' if len(pages) > 1 else ''})")
    return status


# MARK: main


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalogue", default=DEFAULT_CATALOGUE, help="citations.json (default: next to this script)")
    parser.add_argument("--mirror", default=DEFAULT_MIRROR, help=f"the bare git mirror of {UPSTREAM} (default: %(default)s)")
    parser.add_argument("--cache", default=DEFAULT_CACHE, help="files read from the index, as CACHE/COMMIT/PATH (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--sources", action="store_true", help="check instead that citations.json records every path:lines token of the Swift sources")
    parser.add_argument("--root", default=REPOSITORY, help="walkscape's repository, for --sources (default: %(default)s)")
    parser.add_argument("--add-pages", nargs="+", metavar="ANSWER.json",
                        help="join read_file answers saved as JSON files into the cache, then stop")
    args = parser.parse_args(argv)

    if args.add_pages:
        return add_pages(args.add_pages, args.cache)

    with open(args.catalogue, encoding="utf-8") as handle:
        catalogue = json.load(handle)["citations"]

    if args.sources:
        tokens, unattached = source_tokens(args.root)
        missing = [token for token in tokens if not covered(token, catalogue)]
        if args.json:
            print(json.dumps({"tokens": len(tokens), "not_recorded": [str(t) for t in missing], "unattached": unattached}, indent=1, ensure_ascii=False))
        else:
            for token in missing:
                print(f"not recorded  {token}")
            for line in unattached:
                print(f"unattached    {line}")
            print(f"{len(tokens)} cited ranges in the Swift sources: {len(tokens) - len(missing)} recorded in citations.json, "
                  f"{len(missing)} not recorded" + (f", {len(unattached)} line references with no file" if unattached else ""))
        return 1 if missing or unattached else 0

    upstream = Upstream(args.mirror, args.cache)
    results = [check_entry(entry, upstream) for entry in catalogue]
    counts = {status: sum(r.status == status for r in results) for status in ("ok", "moved", "missing", "unavailable")}
    if args.json:
        print(json.dumps({"counts": counts, "results": [r.as_json() for r in results]}, indent=1, ensure_ascii=False))
    else:
        width = max(len(label(r.entry)) for r in results)
        for r in results:
            print(f"{r.status:<11}  {label(r.entry):<{width}}  {r.detail}".rstrip())
        notes = [r for r in results if r.entry.get("note")]
        if notes:
            print("notes (what the check cannot see):")
            for r in notes:
                print(f"  {label(r.entry)}: {r.entry['note']}")
        print(f"{len(results)} citations: " + ", ".join(f"{n} {status}" for status, n in counts.items()))
        if not upstream.mirror:
            print(f"(no git mirror at {args.mirror}: every file was looked for in {args.cache})")
    return 1 if counts["moved"] or counts["missing"] else 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the listing quietly
    sys.exit(main(sys.argv[1:]))
