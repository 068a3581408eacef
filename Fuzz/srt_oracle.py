#!/usr/bin/env python3
"""Reads every file named on the command line with the Python `srt` library (strict: ignore_errors=False) and
prints, as one JSON object keyed by file name, each file's cues as [index, start_ms, end_ms, content], or
{"error": message} when `srt` refuses the file. The oracle of SRTDifferentialTests (Debian: python3-srt).

A cue followed by more than one blank line keeps the extra line ends in its `srt` content; they are not text
(srt.compose drops them too), so trailing line ends are removed."""

import json
import sys

import srt


def ms(delta):
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000


result = {}
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("utf-8-sig")
    try:
        result[path] = [[cue.index, ms(cue.start), ms(cue.end), cue.content.rstrip("\r\n")] for cue in srt.parse(text, ignore_errors=False)]
    except Exception as error:  # srt raises its own SRTParseError and ValueError subclasses
        result[path] = {"error": str(error)}
json.dump(result, sys.stdout, ensure_ascii=False)
