#!/usr/bin/env python3
"""Writes the `simulate` benchmark's inputs: a 1,000,000-fix GPX walk and a 50-point tour along it.

The walk: one fix a second, a seeded random walk near Turin at about 1.3 m/s with 3 m of jitter. The tour: 50
points placed on the walk every 20,000 fixes (radii 100-260 m), each playing a copy of one of the Turin sample
tour's Italian recordings (30-57 s), so triggers, queueing and audio all happen. Run `walkscape manifest` on
the tour afterwards to fill in sizes and digests (tools/bench/simulate.sh does).

usage: make_bench_walk.py OUT_DIR [--fixes 1000000] [--points 50]
writes OUT_DIR/walk.gpx and OUT_DIR/tour/ (tour.json + audio/it/pN.mp3)
"""
import json
import math
import random
import shutil
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main():
    args = sys.argv[1:]
    fixes, points = 1_000_000, 50
    if "--fixes" in args:
        i = args.index("--fixes"); fixes = int(args[i + 1]); del args[i:i + 2]
    if "--points" in args:
        i = args.index("--points"); points = int(args[i + 1]); del args[i:i + 2]
    out = Path(args[0] if args else "/tmp/walkscape-bench/simulate")
    (out / "tour" / "audio" / "it").mkdir(parents=True, exist_ok=True)
    rng = random.Random(1848)
    lat, lon, heading = 45.06295, 7.67880, 40.0
    start = datetime(2026, 5, 9, 9, 0, 0, tzinfo=timezone.utc)
    every = max(1, fixes // points)
    stops = []
    with open(out / "walk.gpx", "w", encoding="utf-8", newline="\n") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="walkscape tools/bench/make_bench_walk.py" '
                'xmlns="http://www.topografix.com/GPX/1/1">\n<trk><name>benchmark walk</name><trkseg>\n')
        for i in range(fixes):
            heading += rng.gauss(0, 4)
            step = 1.3 / 111_195.08
            lat += step * math.cos(math.radians(heading))
            lon += step * math.sin(math.radians(heading)) / math.cos(math.radians(lat))
            jlat = lat + rng.gauss(0, 3) / 111_195.08
            jlon = lon + rng.gauss(0, 3) / 111_195.08 / math.cos(math.radians(lat))
            when = (start + timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
            f.write(f'<trkpt lat="{jlat:.7f}" lon="{jlon:.7f}"><ele>240.0</ele><time>{when}</time><hdop>1.2</hdop></trkpt>\n')
            if i % every == every // 2 and len(stops) < points:
                stops.append((lat, lon))
        f.write("</trkseg></trk>\n</gpx>\n")
    recordings = sorted((ROOT / "tours" / "torino-portici" / "audio" / "it").glob("*.mp3"))
    tour_points = []
    for n, (plat, plon) in enumerate(stops, start=1):
        name = f"audio/it/p{n}.mp3"
        shutil.copyfile(recordings[n % len(recordings)], out / "tour" / name)
        tour_points.append({"id": f"p{n}", "order": n, "location": {"lat": round(plat, 6), "lng": round(plon, 6)},
                            "triggerRadiusMeters": 100 + (n % 5) * 40, "title": {"it": f"Tappa {n}"},
                            "tracks": {"it": {"audio": {"file": name}}}})
    tour = {"formatVersion": 1, "id": "bench", "slug": "bench", "version": 1, "city": "Torino",
            "durationMinutes": fixes / 60, "distanceKm": round(fixes * 1.3 / 1000, 1), "languages": ["it"],
            "isProtected": False, "title": {"it": "Benchmark"},
            "startingPoint": {"lat": 45.06295, "lng": 7.6788}, "points": tour_points}
    (out / "tour" / "tour.json").write_text(json.dumps(tour, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
