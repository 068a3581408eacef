#!/usr/bin/env python3
"""Make fixtures/report/example-data.json, the field report's example data.

Usage: python3 tools/report/make_example_data.py [--output FILE] [--audio-seconds S|full]

The data has the shape `walkscape report` will write (report-data.schema.json beside it): the
torino-portici tour (its 7 points, route and real subtitles, in Italian and English), three
synthetic walks along its route (every 5 s: a steady walk, a brisk one whose narrations queue, one
that strays from point 5 and misses it), the narrations a simple strict-order engine gives them
(a point triggers when the walker enters its region, strictly in order, queued behind a narration
still playing; the walk that strays plays as `--skip-missed`), a radii table, a difference between
app builds with its citation, and a small basemap.

The narrations' lengths are the tour's real audio lengths; the audio itself is a placeholder: a
3 s sine tone per point (ffmpeg, MP3 at 8 kbit/s, about 3 kB), inlined as a data: URI, so the file stays small.
`--audio-seconds full` makes each tone as long as the narration (about 300 kB more).

Deterministic: a fixed random seed; ffmpeg's output is bit-exact for one ffmpeg version.
Python 3 standard library, plus ffmpeg on PATH.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import math
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOUR_DIR = ROOT / "tours" / "torino-portici"
OUT_DEFAULT = ROOT / "fixtures" / "report" / "example-data.json"
EARTH_R = 6371008.8
START_EPOCH = "2026-05-09T09:00:00Z"
# The real narrations' lengths (ffprobe of tours/torino-portici/audio/it/p1…p7.mp3).
AUDIO_SECONDS = [32.731, 38.4, 56.712, 37.224, 42.057, 44.904, 38.034]


def haversine(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * EARTH_R * math.asin(math.sqrt(h))


def offset(p, north_m, east_m):
    return (p[0] + north_m / 111320.0, p[1] + east_m / (111320.0 * math.cos(math.radians(p[0]))))


def parse_srt(text: str):
    cues = []
    for block in re.split(r"\n\s*\n", text.strip().replace("\r\n", "\n")):
        lines = block.split("\n")
        for i, line in enumerate(lines):
            m = re.match(r"(\d+):(\d+):(\d+)[,.](\d+)\s*-->\s*(\d+):(\d+):(\d+)[,.](\d+)", line)
            if m:
                g = [int(x) for x in m.groups()]
                start = g[0] * 3600 + g[1] * 60 + g[2] + g[3] / 1000
                end = g[4] * 3600 + g[5] * 60 + g[6] + g[7] / 1000
                cues.append({"start": round(start, 3), "end": round(end, 3), "text": "\n".join(lines[i + 1:])})
                break
    return cues


def tone_data_uri(freq: int, seconds: float, tmp: Path) -> tuple[str, float]:
    out = tmp / f"tone{freq}.mp3"
    subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", f"sine=f={freq}:d={seconds}",
         "-ac", "1", "-ar", "8000", "-b:a", "8k", "-map_metadata", "-1", "-fflags", "+bitexact",
         "-flags:a", "+bitexact", "-id3v2_version", "0", "-write_xing", "0", str(out)],
        check=True)
    data = out.read_bytes()
    return "data:audio/mpeg;base64," + base64.b64encode(data).decode("ascii"), seconds


def resample_route(route, step_m):
    """Points every `step_m` metres along the polyline, with their distance along it."""
    out = [(route[0], 0.0)]
    along = 0.0
    carry = 0.0
    for a, b in zip(route, route[1:]):
        seg = haversine(a, b)
        if seg == 0:
            continue
        d = step_m - carry
        while d <= seg:
            f = d / seg
            out.append(((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), along + d))
            d += step_m
        carry = seg - (d - step_m)
        along += seg
    return out


def make_walk(route, speed, jitter_m, acc_base, rng, stray=None, interval=5.0):
    """Fixes [t, lat, lng, accuracy, speed] every `interval` s along the route at about `speed` m/s.

    `stray`: (lat, lng, metres, push) pushes the walker `push` m away from that point while within
    `metres` of it (a walker taking another street)."""
    dense = resample_route(route, 1.0)
    total = dense[-1][1]
    fixes = []
    t, s = 0.0, 0.0
    drift_n = drift_e = 0.0
    while s <= total:
        i = min(int(s), len(dense) - 1)
        p = dense[i][0]
        if stray:
            d = haversine(p, stray[:2])
            if d < stray[2]:
                w = math.cos(math.pi / 2 * d / stray[2]) ** 2
                # a parallel street: pushed north-east, across the route
                p = offset(p, stray[3] * w * 0.7, stray[3] * w * 0.7)
        drift_n = 0.85 * drift_n + rng.gauss(0, jitter_m * 0.5)
        drift_e = 0.85 * drift_e + rng.gauss(0, jitter_m * 0.5)
        q = offset(p, drift_n, drift_e)
        v = max(0.2, speed * (1 + rng.gauss(0, 0.12)))
        # pauses: a minute looking around near some points
        acc = round(acc_base + abs(rng.gauss(0, acc_base * 0.4)), 1)
        fixes.append([round(t, 1), round(q[0], 6), round(q[1], 6), acc, round(v, 2)])
        if rng.random() < 0.03:
            for _ in range(rng.randint(3, 8)):
                t += interval
                q2 = offset(q, rng.gauss(0, 2), rng.gauss(0, 2))
                fixes.append([round(t, 1), round(q2[0], 6), round(q2[1], 6), acc, round(abs(rng.gauss(0.1, 0.05)), 2)])
        s += v * interval
        t += interval
    return fixes


def simulate(points, fixes, skip_missed):
    """The strict-order engine: entering the next point's region triggers it; narrations queue."""
    nxt = 0
    narrations, missed = [], []
    playing_until = 0.0
    dist_col = []
    for f in fixes:
        t, pos = f[0], (f[1], f[2])
        if nxt < len(points):
            if skip_missed:
                # entering a later point's region marks the ones before it missed
                for k in range(nxt + 1, len(points)):
                    if haversine(pos, points[k]["pos"]) <= points[k]["radius"]:
                        for m in range(nxt, k):
                            missed.append({"point": points[m]["order"], "t": t, "reason": "skipped: point %d triggered first" % points[k]["order"]})
                        nxt = k
                        break
            p = points[nxt]
            if haversine(pos, p["pos"]) <= p["radius"]:
                start = max(t, playing_until)
                end = start + p["seconds"]
                narrations.append({
                    "point": p["order"], "triggerT": t, "startT": round(start, 3), "endT": round(end, 3),
                    "cutAtSeconds": None, "lat": f[1], "lng": f[2]})
                playing_until = end
                nxt += 1
        if nxt < len(points):
            dist_col.append((points[nxt]["order"], round(haversine(pos, points[nxt]["pos"]), 1)))
        else:
            dist_col.append((None, None))
    for k in range(nxt, len(points)):
        missed.append({"point": points[k]["order"], "t": None, "reason": "never entered the region"})
    completed = narrations[-1]["endT"] if nxt == len(points) else None
    rows = [f + [d[0], d[1]] for f, d in zip(fixes, dist_col)]
    return narrations, missed, completed, rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--output", type=Path, default=OUT_DEFAULT)
    ap.add_argument("--audio-seconds", default="3")
    args = ap.parse_args(argv)

    tour = json.loads((TOUR_DIR / "tour.json").read_text(encoding="utf-8"))
    route = [tuple(float(x) for x in pair.split(",")) for pair in tour["routePolyline"].split(";")]
    rng = random.Random(30)

    points = []
    for p in sorted(tour["points"], key=lambda p: p["order"]):
        points.append({"order": p["order"], "id": p["id"], "pos": (p["location"]["lat"], p["location"]["lng"]),
                       "radius": float(p["triggerRadiusMeters"]), "seconds": AUDIO_SECONDS[p["order"] - 1],
                       "title": p["title"], "raw": p})

    walk_specs = [
        ("clean", "fixtures/traces/torino-portici-clean.gpx", 1.25, 3.0, 5.0, None, False),
        ("brisk", "fixtures/traces/torino-portici-brisk.gpx", 1.9, 4.0, 8.0, None, False),
        ("strays", "fixtures/traces/torino-portici-missed.gpx", 1.3, 6.0, 14.0,
         (points[4]["pos"][0], points[4]["pos"][1], 400.0, 210.0), True),
    ]
    walks, traces = [], []
    for i, (name, file, speed, jitter, acc, stray, skip) in enumerate(walk_specs):
        fixes = make_walk(route, speed, jitter, acc, rng, stray)
        narr, missed, completed, rows = simulate(points, fixes, skip)
        digest = hashlib.sha256(json.dumps(rows).encode()).hexdigest()
        traces.append({"file": file, "sha256": digest, "fixes": len(rows), "format": "gpx"})
        overlaps = []
        for n in narr:
            if n["startT"] > n["triggerT"]:
                overlaps.append({"point": n["point"], "behind": n["point"] - 1, "t": n["triggerT"],
                                 "lat": n["lat"], "lng": n["lng"], "waitSeconds": round(n["startT"] - n["triggerT"], 3)})
        walks.append({
            "id": f"w{i + 1}", "name": name, "trace": i, "startTime": START_EPOCH,
            "durationSeconds": rows[-1][0],
            "fixes": rows,
            "narrations": narr,
            "missed": missed,
            "overlaps": overlaps,
            "completedT": completed,
        })

    lang_audio = "it"
    seconds_arg = args.audio_seconds
    narr_points = []
    freqs = [330, 392, 440, 494, 523, 587, 659]
    with tempfile.TemporaryDirectory() as td:
        for p in points:
            secs = p["seconds"] if seconds_arg == "full" else float(seconds_arg)
            uri, dur = tone_data_uri(freqs[p["order"] - 1], secs, Path(td))
            subs = {}
            for sl in ("it", "en"):
                srt = TOUR_DIR / "subtitles" / lang_audio / f"{p['id']}.{sl}.srt"
                if srt.exists():
                    subs[sl] = parse_srt(srt.read_text(encoding="utf-8"))
            narr_points.append((uri, dur, subs))

    out_points = []
    for p, (uri, dur, subs) in zip(points, narr_points):
        out_points.append({
            "order": p["order"], "id": p["id"], "title": p["title"],
            "lat": p["pos"][0], "lng": p["pos"][1],
            "radiusMeters": p["radius"],
            "advisedRadiusMeters": None,
            "narration": {
                "language": lang_audio,
                "durationSeconds": p["seconds"],
                "audio": {"mimeType": "audio/mpeg", "src": uri, "bytes": len(base64.b64decode(uri.split(",", 1)[1])),
                          "note": "placeholder tone (example data)"},
                "subtitles": subs,
            },
        })
    advised = {1: 150, 2: 150, 3: 120, 4: 130, 5: 240, 6: 150, 7: 150}
    verdicts = {1: "keep", 2: "keep", 3: "raise", 4: "lower", 5: "tight", 6: "keep", 7: "keep"}
    for op in out_points:
        op["advisedRadiusMeters"] = float(advised[op["order"]])

    # Region overlaps (pairs of consecutive regions whose circles intersect).
    region_overlaps = []
    for a, b in zip(points, points[1:]):
        d = haversine(a["pos"], b["pos"])
        ov = a["radius"] + b["radius"] - d
        if ov > 0:
            f = (a["radius"] - ov / 2) / d
            mid = (a["pos"][0] + (b["pos"][0] - a["pos"][0]) * f, a["pos"][1] + (b["pos"][1] - a["pos"][1]) * f)
            region_overlaps.append({"points": [a["order"], b["order"]], "meters": round(ov, 1),
                                    "centresMeters": round(d, 1), "lat": round(mid[0], 6), "lng": round(mid[1], 6),
                                    "advisedMeters": round(advised[a["order"]] + advised[b["order"]] - d, 1)})

    columns = [
        {"key": "point", "label": "#"}, {"key": "title", "label": "Point"}, {"key": "radius", "label": "Radius"},
        {"key": "needs", "label": "Needs"}, {"key": "clearOf", "label": "Clear <"}, {"key": "advice", "label": "Advice"},
        {"key": "overlaps", "label": "Overlaps"}, {"key": "sweep", "label": "Sweep 100:200:50"},
        {"key": "noise", "label": "Noise ≥95 %"}, {"key": "phasesSpread", "label": "Phases (spread)"},
    ]
    rows = []
    for p in points:
        o = p["order"]
        ovs = [f"{r['points'][0]}–{r['points'][1]}: {r['meters']:.0f} m" for r in region_overlaps if o in r["points"]]
        rows.append({
            "point": o, "verdict": verdicts[o],
            "cells": {
                "point": str(o), "title": p["title"]["it"], "radius": f"{p['radius']:.0f} m",
                "needs": f"{[1, 6, 14, 3, 212, 9, 4][o - 1]} m", "clearOf": "—" if o == 1 else f"{[0, 290, 180, 120, 262, 330, 301][o - 1]} m",
                "advice": {"keep": f"keep {advised[o]} m", "raise": f"raise to {advised[o]} m", "lower": f"lower to {advised[o]} m",
                           "tight": f"tight: {advised[o]} m"}[verdicts[o]],
                "overlaps": "; ".join(ovs) or "—",
                "sweep": ["3/3 3/3 3/3", "3/3 3/3 3/3", "2/3 3/3 3/3", "3/3 3/3 3/3", "2/3 2/3 2/3", "3/3 3/3 3/3", "3/3 3/3 3/3"][o - 1],
                "noise": f"{[30, 30, 40, 30, 60, 40, 40][o - 1]} m",
                "phasesSpread": ["15/15 (0.0 s)", "15/15 (2.1 s)", "15/15 (4.8 s)", "15/15 (1.2 s)", "10/15 (7.4 s)", "15/15 (3.3 s)", "15/15 (2.6 s)"][o - 1],
            },
        })

    data = {
        "schemaVersion": 1,
        "generatedAt": "2026-05-10T18:00:00Z",
        "language": "it",
        "provenance": {
            "command": "walkscape report tours/torino-portici --trace " + " ".join(t["file"] for t in traces)
                       + " --profile ios-app --phases 15 --sweep 100:200:50 --noise 25 --lang it --output report.html",
            "walkscapeVersion": "0.30.0-dev (example)",
            "tour": {"id": tour["id"], "version": tour["version"], "title": tour["title"], "path": "tours/torino-portici"},
            "traces": traces,
            "profile": "ios-app",
            "options": {"phases": 15, "sweep": "100:200:50", "noise": "σ 25 m, 20 runs, seed 1", "lang": "it",
                        "queueDepth": 1, "skipMissed": False},
            "notes": ["Example data made by tools/report/make_example_data.py: synthetic walks, placeholder audio tones."],
        },
        "tour": {
            "id": tour["id"], "version": tour["version"], "title": tour["title"], "languages": tour["languages"],
            "route": [[round(a, 6), round(b, 6)] for a, b in route],
            "points": out_points,
        },
        "walks": walks,
        "regionOverlaps": region_overlaps,
        "advice": {
            "title": "Trigger radii from 3 traces (ios-app, 15 phases)",
            "legend": "NEEDS: smallest radius triggering on every trace; CLEAR <: largest staying clear of the previous point's audio.",
            "columns": columns,
            "rows": rows,
            "notes": ["3 and 4 overlap: with the advised radii the overlap shrinks."],
        },
        "buildDifferences": [
            {"title": "iOS re-fires the current point when the walker re-enters its region",
             "builds": ["ios-app 2.3.1", "android-app 1.9.0"],
             "detail": "Re-entering point 4's region on the strays walk restarts its narration on iOS; Android ignores it.",
             "citation": {"text": "TourPlayer.swift:212 (ios 2.3.1)", "url": "https://example.org/walkscape-ios/blob/2.3.1/TourPlayer.swift#L212"}},
            {"title": "Android completes the tour when the second-to-last narration ends",
             "builds": ["android-app 1.9.0"],
             "detail": "tour_completed fires before point 7 plays.",
             "citation": {"text": "PlayerViewModel.kt onPlaybackCompleted (5c84126)", "url": None}},
        ],
        "basemap": make_basemap(route, rng),
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{args.output}: {len(out_points)} points, {len(walks)} walks, "
          f"{sum(len(w['fixes']) for w in walks)} fixes, {args.output.stat().st_size} bytes")
    return 0


def make_basemap(route, rng):
    """A few hand-drawn features around the route (not real streets): the river, a park, the main streets."""
    feats = []
    # The Po, east of Piazza Vittorio Veneto.
    feats.append({"class": "water", "geometry": "polygon", "name": "Po",
                  "parts": [[[45.0700, 7.6985], [45.0660, 7.6975], [45.0600, 7.6950], [45.0600, 7.6985], [45.0660, 7.7010], [45.0700, 7.7020]]]})
    feats.append({"class": "park", "geometry": "polygon", "name": "Giardini Reali",
                  "parts": [[[45.0735, 7.6865], [45.0745, 7.6900], [45.0728, 7.6915], [45.0718, 7.6880]]]})
    feats.append({"class": "park", "geometry": "polygon", "name": "Giardino Sambuy",
                  "parts": [[[45.0622, 7.6775], [45.0635, 7.6785], [45.0630, 7.6800], [45.0618, 7.6790]]]})
    # Streets: the route itself offset a little, plus a grid.
    for k in range(-3, 4):
        a = (45.0620 + k * 0.0018, 7.6760)
        b = (45.0620 + k * 0.0018 + 0.0090, 7.6760 + 0.0110)
        feats.append({"class": "road-minor", "geometry": "line", "parts": [[list(a), list(b)]]})
    for k in range(0, 6):
        a = (45.0610 + k * 0.0020, 7.6950)
        b = (45.0610 + k * 0.0020 + 0.0060, 7.6780)
        feats.append({"class": "road-minor", "geometry": "line", "parts": [[list(a), list(b)]]})
    feats.append({"class": "road-major", "geometry": "line", "name": "Via Roma",
                  "parts": [[[round(p[0], 6), round(p[1] - 0.00012, 6)] for p in route[:16]]]})
    feats.append({"class": "road-major", "geometry": "line", "name": "Via Po",
                  "parts": [[[45.0706, 7.6868], [45.0673, 7.6913], [45.0650, 7.6948]]]})
    feats.append({"class": "railway", "geometry": "line", "name": "Porta Nuova",
                  "parts": [[[45.0615, 7.6760], [45.0595, 7.6790], [45.0560, 7.6800]]]})
    return {"attribution": "Example basemap, hand-drawn; real reports: © OpenStreetMap contributors", "features": feats}


if __name__ == "__main__":
    sys.exit(main())
