#!/usr/bin/env python3
"""Generate the GPX test traces of the sample tours in fixtures/traces/.

    python3 tools/samples/make_traces.py              # all traces of both tours
    python3 tools/samples/make_traces.py torino       # only the traces of tours/torino-portici
    python3 tools/samples/make_traces.py --date 2026-11-21

Reads tours/<tour-id>/tour.json (routePolyline, startingPoint, points) and, for the `missed` trace
and the elevation profile, tools/samples/<name>.json ("traces"). Writes, for each tour,
fixtures/traces/<tour-id>-<kind>.gpx (GPX 1.1, one <trkpt> per second from 2026-05-09T09:00:00Z,
with <ele>, <time> and, for `noisy`, <hdop>):

  clean   the route polyline from startingPoint to its end at ~1.3 m/s (speed varies smoothly
          within +-0.15 m/s), position error below 1 m;
  noisy   the same route at ~1.25 m/s with urban GPS error: a first-order Gauss-Markov error per
          axis (sigma 6 m, time constant 30 s), plus 3-5 jumps of 50-200 m lasting 1-4 fixes;
          hdop about 1-2, 5-15 during the jumps;
  brisk   the route at ~2.0 m/s (1.9-2.1 m/s): the walker enters the region of the point after
          the tour's overlapping pair while that pair's first narration is still playing;
  missed  a detour along a parallel street around one middle point (never closer than its radius
          + 40 m), then on to the end of the route; later points cannot trigger either (points
          trigger strictly in order).

Deterministic: numpy's PCG64 generator with a fixed seed per tour and kind (tools/samples/<name>.json,
"traces"."seed"). The generation date written in each file's <desc> is the constant GENERATED below
(override with --date), so that re-running the script reproduces the files byte for byte.
Check the result with tools/samples/check_traces.py. Needs numpy.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import sys
from pathlib import Path
from xml.sax.saxutils import escape

import numpy as np

sys.dont_write_bytecode = True  # keep tools/samples/ free of __pycache__
sys.path.insert(0, str(Path(__file__).resolve().parent))
import samplelib as sl  # noqa: E402

GENERATED = "2026-11-21"
START_TIME = dt.datetime(2026, 5, 9, 9, 0, 0, tzinfo=dt.timezone.utc)
DATA_FILES = {"torino": "torino.json", "paris": "paris.json", "helsinki": "helsinki.json"}
KINDS = ("clean", "noisy", "brisk", "missed")
SCRIPT = "tools/samples/make_traces.py"

SPEED = {"clean": 1.30, "noisy": 1.25, "brisk": 2.00, "missed": 1.30}
SPEED_SPREAD = {"clean": 0.15, "noisy": 0.15, "brisk": 0.10, "missed": 0.15}
SPEED_SIGMA, SPEED_TAU = 0.07, 20.0  # Gauss-Markov speed variation (m/s, s), then clipped
SMALL_SIGMA, SMALL_TAU, SMALL_MAX = 0.3, 10.0, 0.9  # clean/brisk/missed position error (m)
GM_SIGMA, GM_TAU = 6.0, 30.0  # noisy: per-axis Gauss-Markov error
JUMPS = (3, 5)
JUMP_METRES = (50.0, 200.0)
JUMP_FIXES = (1, 4)
JUMP_HDOP = (5.0, 15.0)
HDOP = (1.0, 2.0)
ELE_SIGMA = {"clean": 0.2, "noisy": 3.0, "brisk": 0.2, "missed": 0.2}
DETOUR_MARGIN = 40.0


def gauss_markov(rng, n: int, sigma: float, tau: float, dims: int = 1) -> np.ndarray:
    """First-order Gauss-Markov process sampled every second: x' = a x + sigma sqrt(1-a^2) w."""
    a = math.exp(-1.0 / tau)
    q = sigma * math.sqrt(1 - a * a)
    out = np.empty((n, dims))
    x = rng.normal(0.0, sigma, dims)
    for i in range(n):
        out[i] = x
        x = a * x + q * rng.normal(0.0, 1.0, dims)
    return out


def walk(rng, walker: sl.PolylineWalker, speed: float, spread: float):
    """Arc lengths at t = 0, 1, 2, ... s until the end of the route; and the speeds used."""
    n_max = int(walker.length / (speed - spread)) + 10
    dv = np.clip(gauss_markov(rng, n_max, SPEED_SIGMA, SPEED_TAU)[:, 0], -spread, spread)
    s = [0.0]
    while s[-1] < walker.length:
        s.append(min(walker.length, s[-1] + speed + dv[len(s) - 1]))
    return np.array(s), speed + dv[: len(s) - 1]


def small_error(rng, n: int) -> np.ndarray:
    e = gauss_markov(rng, n, SMALL_SIGMA, SMALL_TAU, 2)
    norm = np.maximum(np.hypot(e[:, 0], e[:, 1]) / SMALL_MAX, 1.0)
    return e / norm[:, None]


def place_jumps(rng, n: int):
    """3-5 jumps: (first fix, number of fixes, east m, north m), well apart from each other."""
    count = int(rng.integers(JUMPS[0], JUMPS[1] + 1))
    starts = []
    while len(starts) < count:
        t = int(rng.integers(30, n - 30))
        if all(abs(t - u) > 90 for u in starts):
            starts.append(t)
    jumps = []
    for t in sorted(starts):
        metres = float(rng.uniform(*JUMP_METRES))
        angle = float(rng.uniform(0, 2 * math.pi))
        fixes = int(rng.integers(JUMP_FIXES[0], JUMP_FIXES[1] + 1))
        jumps.append((t, fixes, metres * math.sin(angle), metres * math.cos(angle)))
    return jumps


def resolve(route, points):
    by_id = {p["id"]: (p["location"]["lat"], p["location"]["lng"]) for p in points}
    return [by_id[v] if isinstance(v, str) else (float(v[0]), float(v[1])) for v in route]


def make_trace(tour: dict, data: dict, kind: str, seed: int, date: str):
    points = sorted(tour["points"], key=lambda p: p["order"])
    if kind == "missed":
        route = resolve(data["traces"]["missed"]["route"], points)
    else:
        route = sl.parse_polyline(tour["routePolyline"])
    start = (tour["startingPoint"]["lat"], tour["startingPoint"]["lng"])
    if sl.haversine(*start, *route[0]) > 1:
        raise SystemExit(f"{tour['id']} {kind}: route does not begin at startingPoint")
    walker = sl.PolylineWalker(route)
    rng = np.random.default_rng(seed)
    s, speeds = walk(rng, walker, SPEED[kind], SPEED_SPREAD[kind])
    n = len(s)
    truth = [walker.at(x) for x in s]
    hdop = None
    jumps = []
    if kind == "noisy":
        err = gauss_markov(rng, n, GM_SIGMA, GM_TAU, 2)
        hdop = np.round(np.clip(rng.normal(1.4, 0.2, n) + 0.02 * np.hypot(err[:, 0], err[:, 1]),
                                *HDOP), 1)
        jumps = place_jumps(rng, n)
        for t0, fixes, de, dn in jumps:
            for k in range(t0, min(n, t0 + fixes)):
                err[k] += (de, dn)
                hdop[k] = round(float(rng.uniform(*JUMP_HDOP)), 1)
    else:
        err = small_error(rng, n)
    e0, e1 = data["traces"]["elevation"]
    ele = e0 + (e1 - e0) * s / walker.length + gauss_markov(rng, n, ELE_SIGMA[kind], 30.0)[:, 0]
    fixes = [sl.offset_m(lat, lng, float(err[i, 0]), float(err[i, 1])) for i, (lat, lng) in enumerate(truth)]

    # Description
    r_lines = [
        f"walkscape sample trace '{kind}' for tours/{tour['id']}.",
        f"Generated by {SCRIPT} on {date} (kind {kind}, numpy PCG64 seed {seed}).",
    ]
    if kind == "missed":
        m = data["traces"]["missed"]
        target = next(p for p in points if p["id"] == m["point"])
        closest = min(sl.haversine(lat, lng, target["location"]["lat"], target["location"]["lng"])
                      for lat, lng in fixes)
        limit = target["triggerRadiusMeters"] + DETOUR_MARGIN
        if closest < limit:
            raise SystemExit(f"{tour['id']} missed: closest approach to {target['id']} {closest:.0f} m < {limit:.0f} m")
        r_lines.append(
            f"Route: a detour around point {target['id']} ({target['title']['en']}): {m['desc']}; "
            f"closest approach to {target['id']} {closest:.0f} m (radius {target['triggerRadiusMeters']} m), "
            f"{walker.length:.0f} m in all. Points after {target['id']} cannot trigger either (strictly sequential triggers).")
    else:
        r_lines.append(f"Route: the tour's routePolyline from startingPoint to its end, {walker.length:.0f} m.")
    r_lines.append(
        f"Walker: {SPEED[kind]:.2f} m/s mean, varying as a first-order Gauss-Markov process "
        f"(sigma {SPEED_SIGMA} m/s, time constant {SPEED_TAU:.0f} s) clipped to +-{SPEED_SPREAD[kind]:.2f} m/s "
        f"(actual {speeds.min():.2f}-{speeds.max():.2f} m/s); one fix per second from "
        f"{START_TIME:%Y-%m-%dT%H:%M:%SZ}, {n} fixes, {n - 1} s.")
    if kind == "noisy":
        jtext = "; ".join(f"t={t0} s {math.hypot(de, dn):.0f} m for {k} fix{'es' if k > 1 else ''}"
                          for t0, k, de, dn in jumps)
        r_lines.append(
            f"GPS error: first-order Gauss-Markov per axis (east, north), sigma {GM_SIGMA:.0f} m, time constant "
            f"{GM_TAU:.0f} s, plus {len(jumps)} jumps ({jtext}); hdop {HDOP[0]:.0f}-{HDOP[1]:.0f} normally, "
            f"{JUMP_HDOP[0]:.0f}-{JUMP_HDOP[1]:.0f} during jumps; elevation error Gauss-Markov sigma "
            f"{ELE_SIGMA[kind]:.0f} m.")
    else:
        r_lines.append(
            f"GPS error: first-order Gauss-Markov per axis, sigma {SMALL_SIGMA} m, time constant "
            f"{SMALL_TAU:.0f} s, clipped to {SMALL_MAX} m (no noise beyond 1 m).")
    if kind == "brisk":
        r_lines.append("Brisk walk: reaches the region of a point while the previous point's narration "
                       "(tour's first language) is still playing, so that point is queued.")
    desc = " ".join(r_lines)

    out = []
    out.append('<?xml version="1.0" encoding="UTF-8"?>')
    out.append('<gpx version="1.1" creator="walkscape tools/samples/make_traces.py" '
               'xmlns="http://www.topografix.com/GPX/1/1" '
               'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
               'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">')
    out.append("  <metadata>")
    out.append(f"    <name>{escape(tour['id'])} {kind}</name>")
    out.append(f"    <desc>{escape(desc)}</desc>")
    out.append(f"    <time>{START_TIME:%Y-%m-%dT%H:%M:%SZ}</time>")
    out.append("  </metadata>")
    out.append("  <trk>")
    out.append(f"    <name>{escape(tour['id'])} {kind}</name>")
    out.append(f"    <desc>{escape(desc)}</desc>")
    out.append("    <type>walking</type>")
    out.append("    <trkseg>")
    for i, (lat, lng) in enumerate(fixes):
        t = START_TIME + dt.timedelta(seconds=i)
        line = (f'      <trkpt lat="{lat:.7f}" lon="{lng:.7f}"><ele>{ele[i]:.1f}</ele>'
                f"<time>{t:%Y-%m-%dT%H:%M:%SZ}</time>")
        if hdop is not None:
            line += f"<hdop>{hdop[i]:.1f}</hdop>"
        out.append(line + "</trkpt>")
    out.append("    </trkseg>")
    out.append("  </trk>")
    out.append("</gpx>")
    path = sl.TRACES_DIR / f"{tour['id']}-{kind}.gpx"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")
    print(f"{path.relative_to(sl.ROOT)}: {n} fixes, {n - 1} s, {walker.length:.0f} m")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tours", nargs="*", metavar="TOUR", help="torino and/or paris (default: both)")
    ap.add_argument("--date", default=GENERATED, help=f"generation date written in <desc> (default {GENERATED})")
    args = ap.parse_args(argv)
    for name in args.tours or list(DATA_FILES):
        if name not in DATA_FILES:
            ap.error(f"unknown tour {name!r} (choose from {', '.join(DATA_FILES)})")
        with open(sl.SAMPLES_DIR / DATA_FILES[name], encoding="utf-8") as f:
            data = json.load(f)
        with open(sl.TOURS_DIR / data["id"] / "tour.json", encoding="utf-8") as f:
            tour = json.load(f)
        for i, kind in enumerate(KINDS):
            make_trace(tour, data, kind, data["traces"]["seed"] * 10 + i, args.date)
    return 0


if __name__ == "__main__":
    sys.exit(main())
