#!/usr/bin/env python3
"""Check walkscape tour.json files against docs/tour.schema.json.

Usage: python3 tools/check_schema.py [TOUR_DIR_OR_JSON ...]

With no argument, checks every tours/*/tour.json of the repository. A TOUR argument is a tour
directory (its tour.json is checked) or a JSON file.

Prints one line per problem, `path: /json/pointer: message` (RFC 6901 pointer, `(root)` for the
document itself), then a summary. Exit status: 0 when every file is valid, 1 when one is not,
2 when the jsonschema package is missing, the schema is unusable, or a file cannot be read.

Only the document's shape is checked here. Unique point ids, orders 1..N, a track for every
language, the media files themselves and all warnings are `walkscape validate`'s business.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "docs" / "tour.schema.json"

EXIT_OK, EXIT_INVALID, EXIT_TROUBLE = 0, 1, 2


def json_pointer(parts) -> str:
    """RFC 6901 pointer for a jsonschema error path; `(root)` for the empty path."""
    if not parts:
        return "(root)"
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def short(value, limit: int = 60) -> str:
    """A JSON rendering of an instance, cut to `limit` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


JSON_TYPE_NAMES = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "number": "a number",
    "integer": "an integer",
    "boolean": "true or false",
    "null": "null",
}


def type_of(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def describe(error) -> tuple[list, str]:
    """(path, message) for one jsonschema error, worded like `walkscape validate`."""
    path = list(error.absolute_path)
    kind, arg, inst = error.validator, error.validator_value, error.instance
    got = short(inst)
    noun = "an integer" if isinstance(error.schema, dict) and error.schema.get("type") == "integer" else "a number"
    if "propertyNames" in error.schema_path:
        # A key of the object at `path` is not a language code (the only propertyNames rule).
        return path, f"key {got} is not a language code like \"it\" or \"pt-BR\""
    if kind == "required":
        # jsonschema reports at the object; point at the missing member instead.
        match = re.match(r"^'(.*)' is a required property$", error.message)
        if match:
            return path + [match.group(1)], "required field is missing"
        return path, error.message
    if kind == "type":
        wanted = arg if isinstance(arg, list) else [arg]
        names = " or ".join(JSON_TYPE_NAMES.get(t, t) for t in wanted)
        actual = "null" if inst is None else f"{type_of(inst)} {got}"
        return path, f"expected {names}, got {actual}"
    if kind == "const":
        return path, f"expected {short(arg)}, got {got}"
    if kind == "minimum":
        return path, f"expected {noun} >= {arg}, got {got}"
    if kind == "maximum":
        return path, f"expected {noun} <= {arg}, got {got}"
    if kind == "exclusiveMinimum":
        return path, f"expected {noun} > {arg}, got {got}"
    if kind == "exclusiveMaximum":
        return path, f"expected {noun} < {arg}, got {got}"
    if kind == "minLength":
        if arg == 1:
            return path, f"expected a non-empty string, got {got}"
        return path, f"expected at least {arg} characters, got {len(inst)}: {got}"
    if kind == "maxLength":
        return path, f"expected at most {arg} characters, got {len(inst)}: {got}"
    if kind == "minItems":
        return path, f"expected at least {arg} item{'s' if arg != 1 else ''}, got {len(inst)}"
    if kind == "minProperties":
        return path, f"expected at least {arg} member{'s' if arg != 1 else ''}, got none"
    if kind == "uniqueItems":
        seen, dups = [], []
        for item in inst:
            if item in seen and item not in dups:
                dups.append(item)
            seen.append(item)
        return path, f"expected unique items, got duplicates {short(dups)}"
    if kind == "pattern":
        hint = PATTERN_HINTS.get(arg, f"a string matching {arg}")
        return path, f"expected {hint}, got {got}"
    return path, error.message


PATTERN_HINTS: dict[str, str] = {}


def load_schema():
    """The tour schema; also fills PATTERN_HINTS, plain words for the schema's regular expressions."""
    with open(SCHEMA_PATH, encoding="utf-8") as f:
        schema = json.load(f)
    defs = schema.get("$defs", {})
    PATTERN_HINTS.update(
        {
            "\\S": "a non-blank string",
            defs["languageCode"]["pattern"]: "a language code like \"it\" or \"pt-BR\"",
            defs["relativePath"]["pattern"]: "a '/'-separated path relative to the tour directory (not absolute, no '..', no backslash, no empty folder name)",
            defs["asset"]["properties"]["sha256"]["pattern"]: "64 lowercase hex digits",
            defs["audioAsset"]["properties"]["file"]["pattern"]: "an audio file name ending in .mp3 or .wav",
            defs["subtitleAsset"]["properties"]["file"]["pattern"]: "a subtitle file name ending in .srt",
            schema["properties"]["routePolyline"]["pattern"]: "\"lat,lng\" pairs joined by ';'",
            schema["properties"]["routePreview"]["properties"]["polyline"]["pattern"]:
                "a Google encoded polyline (characters '?' to '~')",
        }
    )
    return schema


def make_validator_class(jsonschema):
    """Draft 2020-12 with ECMA-262 `$`: Python's `$` also matches before a final newline."""
    base = jsonschema.Draft202012Validator
    original = base.VALIDATORS["pattern"]

    def pattern(validator, patrn, instance, schema):
        if not validator.is_type(instance, "string"):
            return
        errors = list(original(validator, patrn, instance, schema))
        if errors:
            yield from errors
            return
        if patrn.endswith("$") and not patrn.endswith("\\$") and instance.endswith("\n"):
            match = re.search(patrn, instance)
            if match is None or match.end() != len(instance):
                yield jsonschema.ValidationError(f"{instance!r} does not match {patrn!r}")

    return jsonschema.validators.extend(base, {"pattern": pattern})


def default_targets() -> list[Path]:
    return sorted((ROOT / "tours").glob("*/tour.json"))


def resolve(arg: str) -> Path:
    path = Path(arg)
    return path / "tour.json" if path.is_dir() else path


def _reject_constant(name):
    raise ValueError(f"{name} is not a JSON value")


def check_file(validator, path: Path):
    """Returns (problems, trouble): problems are (pointer, message); trouble is a read error or None."""
    if path.name == "tour.json" and not path.exists() and path.parent.is_dir():
        return [], "the directory has no tour.json"
    try:
        raw = path.read_bytes()
    except OSError as e:
        return [], e.strerror or str(e)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return [], f"not UTF-8 (byte {e.start})"
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        return [("(root)", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}")], None
    except ValueError as e:
        return [("(root)", f"not valid JSON: {e}")], None
    problems = set()
    for error in validator.iter_errors(document):
        parts, message = describe(error)
        problems.add((tuple(str(p) for p in parts), json_pointer(parts), message))
    ordered = sorted(problems, key=lambda p: (_sort_key(p[0]), p[2]))
    return [(pointer, message) for _, pointer, message in ordered], None


def _sort_key(parts):
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts]


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__.strip())
        return EXIT_OK
    try:
        import jsonschema
    except ImportError:
        print(
            "check_schema: the Python package jsonschema is missing "
            "(apt-get install python3-jsonschema, or pip install jsonschema)",
            file=sys.stderr,
        )
        return EXIT_TROUBLE
    try:
        schema = load_schema()
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, KeyError, jsonschema.SchemaError) as e:
        print(f"check_schema: {SCHEMA_PATH}: unusable schema: {e}", file=sys.stderr)
        return EXIT_TROUBLE
    validator_class = make_validator_class(jsonschema)
    validator = validator_class(schema)

    if argv:
        targets = [(resolve(a), a if not Path(a).is_dir() else str(resolve(a))) for a in argv]
    else:
        found = default_targets()
        if not found:
            print(f"check_schema: no tours/*/tour.json under {ROOT}", file=sys.stderr)
            print("schema: 0 passed, 0 failed")
            return EXIT_OK
        targets = [(p, os.path.relpath(p)) for p in found]

    valid = invalid = unreadable = total_problems = 0
    for path, shown in targets:
        problems, trouble = check_file(validator, path)
        if trouble is not None:
            print(f"{shown}: cannot read: {trouble}")
            unreadable += 1
            continue
        for pointer, message in problems:
            print(f"{shown}: {pointer}: {message}")
        total_problems += len(problems)
        if problems:
            invalid += 1
        else:
            valid += 1

    checked = valid + invalid
    summary = f"check_schema: {checked} file{'s' if checked != 1 else ''} checked, {valid} valid, {invalid} invalid"
    if total_problems:
        summary += f" ({total_problems} problem{'s' if total_problems != 1 else ''})"
    if unreadable:
        summary += f", {unreadable} unreadable"
    print(summary)
    print(f"schema: {valid} passed, {invalid + unreadable} failed")
    if unreadable:
        return EXIT_TROUBLE
    return EXIT_INVALID if invalid else EXIT_OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
