#!/usr/bin/env python3
"""Writes the field-testing benchmark's tour: 30 points along a 7-8 km zig-zag route in Turin.

The route turns left and right every 200-350 m (a `routePolyline`); each point sits 0-40 m beside a corner
(radius 60-160 m) and plays a copy of one of the Turin sample tour's Italian recordings (30-57 s). Seeded,
so the same tour every time. Run `walkscape manifest` on it afterwards (tools/bench/fieldtest.sh does).

usage: make_field_tour.py OUT_DIR [--points 30]      writes OUT_DIR/tour.json and OUT_DIR/audio/it/pN.mp3
"""
import json
import math
import random
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
R = 6_371_008.8


def destination(lat, lng, bearing, meters):
    d = meters / R
    t = math.radians(bearing)
    p1 = math.radians(lat)
    l1 = math.radians(lng)
    p2 = math.asin(math.sin(p1) * math.cos(d) + math.cos(p1) * math.sin(d) * math.cos(t))
    l2 = l1 + math.atan2(math.sin(t) * math.sin(d) * math.cos(p1), math.cos(d) - math.sin(p1) * math.sin(p2))
    return math.degrees(p2), math.degrees(l2)


def main():
    args = sys.argv[1:]
    count = 30
    if "--points" in args:
        i = args.index("--points"); count = int(args[i + 1]); del args[i:i + 2]
    out = Path(args[0] if args else "/tmp/walkscape-bench/field/tour")
    (out / "audio" / "it").mkdir(parents=True, exist_ok=True)
    rng = random.Random(2026)
    lat, lng, bearing = 45.0629, 7.6788, 20.0
    route = [(lat, lng)]
    points = []
    recordings = sorted((ROOT / "tours" / "torino-portici" / "audio" / "it").glob("*.mp3"))
    for n in range(1, count + 1):
        bearing += rng.uniform(-60, 60)
        lat, lng = destination(lat, lng, bearing, rng.uniform(200, 350))
        route.append((lat, lng))
        plat, plng = destination(lat, lng, rng.uniform(0, 360), rng.uniform(0, 40))
        name = f"audio/it/p{n}.mp3"
        shutil.copyfile(recordings[n % len(recordings)], out / name)
        points.append({"id": f"p{n}", "order": n, "location": {"lat": round(plat, 6), "lng": round(plng, 6)},
                       "triggerRadiusMeters": rng.choice([60, 80, 100, 120, 140, 160]), "title": {"it": f"Tappa {n}"},
                       "tracks": {"it": {"audio": {"file": name}}}})
    tour = {"formatVersion": 1, "id": "field-bench", "slug": "field-bench", "version": 1, "city": "Torino",
            "durationMinutes": 120, "distanceKm": 8, "languages": ["it"], "isProtected": False,
            "title": {"it": "Field testing benchmark"}, "startingPoint": {"lat": route[0][0], "lng": route[0][1]},
            "routePolyline": ";".join(f"{a:.6f},{b:.6f}" for a, b in route), "points": points}
    (out / "tour.json").write_text(json.dumps(tour, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
