#!/usr/bin/env python3
"""An independent reference of walkscape's trigger rules, for differential tests of the Swift engine.

    python3 tools/reference/reference_engine.py TOUR_DIR TRACE.gpx [--lang L] [--queue-depth N]

Prints JSON Lines: {"t": seconds (3 decimals), "event": ..., "point": order} for tour_started,
point_triggered, point_queued, audio_started, audio_finished, tour_completed and tour_incomplete (with
"missed"). Geofence crossings (point_entered/exited) are not modelled here.

Written from the rules in the engine issue, sharing no code with the Swift implementation: GPX read with
ElementTree, distances with math.asin haversine (R = 6371008.8 m), audio lengths from the LAME tag /
WAV header / MP4 edit list (tools/samples/samplelib.py), not from libmpg123 or FFmpeg. Standard library only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "samples"))
import samplelib  # noqa: E402

R = 6371008.8


def haversine(lat1, lng1, lat2, lng2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    return 2 * R * math.asin(min(1.0, math.sqrt(a)))


def read_gpx(path):
    root = ET.parse(path).getroot()
    fixes = []
    for el in root.iter():
        if el.tag.rsplit("}", 1)[-1] != "trkpt":
            continue
        time = next(c.text for c in el if c.tag.rsplit("}", 1)[-1] == "time")
        when = dt.datetime.fromisoformat(time.strip().replace("Z", "+00:00")).timestamp()
        fixes.append((when, float(el.get("lat")), float(el.get("lon"))))
    fixes.sort(key=lambda f: f[0])  # stable
    t0 = fixes[0][0]
    return [(t - t0, lat, lng) for t, lat, lng in fixes]


def replay(points, lengths, fixes, depth):
    out = [(0.0, "tour_started", None)]
    n = len(points)
    nxt = 1
    playing = None  # (order, end)
    queue = []
    triggered = set()

    def finish(upto):
        nonlocal playing
        while playing is not None and playing[1] <= upto:
            order, end = playing
            playing = None
            out.append((end, "audio_finished", order))
            if queue:
                q = queue.pop(0)
                playing = (q, end + lengths[q])
                out.append((end, "audio_started", q))
            elif order == n and len(triggered) == n:
                out.append((end, "tour_completed", order))

    for t, lat, lng in fixes:
        finish(t)
        while nxt <= n:
            p = points[nxt - 1]
            if haversine(lat, lng, p["location"]["lat"], p["location"]["lng"]) > p["triggerRadiusMeters"]:
                break
            if playing is None:
                out.append((t, "point_triggered", nxt))
                playing = (nxt, t + lengths[nxt])
                out.append((t, "audio_started", nxt))
            elif len(queue) < depth:
                out.append((t, "point_triggered", nxt))
                queue.append(nxt)
                out.append((t, "point_queued", nxt))
            else:
                break
            triggered.add(nxt)
            nxt += 1
    last = fixes[-1][0] if fixes else 0.0
    clock = max(last, playing[1] if playing else 0.0)
    finish(math.inf)
    if len(triggered) < n:
        out.append((clock, "tour_incomplete", None, [o for o in range(1, n + 1) if o not in triggered], nxt))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tour")
    ap.add_argument("trace")
    ap.add_argument("--lang")
    ap.add_argument("--queue-depth", type=int, default=1)
    args = ap.parse_args()
    tour_dir = Path(args.tour)
    tour = json.loads((tour_dir / "tour.json").read_text(encoding="utf-8"))
    lang = args.lang or tour["languages"][0]
    points = sorted(tour["points"], key=lambda p: p["order"])
    lengths = {p["order"]: samplelib.audio_seconds(tour_dir / p["tracks"][lang]["audio"]["file"]) for p in points}
    for item in replay(points, lengths, read_gpx(args.trace), args.queue_depth):
        record = {"t": round(item[0], 3), "event": item[1]}
        if item[2] is not None:
            record["point"] = item[2]
        if len(item) > 3:
            record["next"] = item[4]
            record["missed"] = item[3]
        print(json.dumps(record))


if __name__ == "__main__":
    main()
