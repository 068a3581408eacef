#!/usr/bin/env python3
"""An independent port of the reference Android app's walk rules, for differential tests of walkscape's
Android profiles (issue 47: each build's rules, the completion before and after the 1.1.3-beta fix).

    python3 tools/reference/android_app.py TOUR_DIR TRACE.gpx [--lang L] [--completion early|fixed]

Prints JSON Lines: {"t": seconds (3 decimals), "event": ..., "point": order} for point_triggered,
audio_started, audio_cut and tour_completed, as the app would do them.

Written from the app's code as docs/profiles.md reads it, sharing no code with the Swift engine:
- Fixes (FusedLocationProvider, LocationManager.kt lines 46-51 with Constants.kt 15-17 at 5c84126): a location
  is computed at the first fix at or after each 7.5 s tick from the first fix, and delivered when it is at least
  3 s after the last delivery and 5 m (WGS84, Vincenty's inverse formula here; Location.distanceBetween in the
  app) from the last delivered position.
- The cursor (LocationManager.kt lines 117-175): the current point triggers at a delivered fix inside its radius,
  once; at the same fix the next point is flagged when the fix is inside its radius; when a narration ends the
  cursor advances and a flagged point triggers at once.
- Completion (PlayerViewModel.kt onPlaybackCompleted): `early` (5c84126, 1.1.1-beta: advance, then complete when
  the index reached the last point, cutting a flagged last point as it starts) or `fixed` (1.1.3-beta on:
  complete when the narration of the last point ends, else advance).
Audio lengths from the LAME tag / WAV header / MP4 edit list (tools/samples/samplelib.py). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "samples"))
import samplelib  # noqa: E402
from reference_engine import read_gpx  # noqa: E402  (ElementTree, stable sort by time)

A = 6378137.0
F = 1 / 298.257223563
B = A * (1 - F)


def vincenty(lat1, lng1, lat2, lng2):
    """The WGS84 distance in metres (Vincenty's inverse formula; points close together, never antipodal)."""
    if lat1 == lat2 and lng1 == lng2:
        return 0.0
    u1 = math.atan((1 - F) * math.tan(math.radians(lat1)))
    u2 = math.atan((1 - F) * math.tan(math.radians(lat2)))
    big_l = math.radians(lng2 - lng1)
    lam = big_l
    su1, cu1, su2, cu2 = math.sin(u1), math.cos(u1), math.sin(u2), math.cos(u2)
    for _ in range(200):
        sl, cl = math.sin(lam), math.cos(lam)
        ss = math.sqrt((cu2 * sl) ** 2 + (cu1 * su2 - su1 * cu2 * cl) ** 2)
        if ss == 0:
            return 0.0
        cs = su1 * su2 + cu1 * cu2 * cl
        sigma = math.atan2(ss, cs)
        sa = cu1 * cu2 * sl / ss
        c2a = 1 - sa * sa
        c2sm = cs - 2 * su1 * su2 / c2a if c2a else 0.0
        c = F / 16 * c2a * (4 + F * (4 - 3 * c2a))
        prev = lam
        lam = big_l + (1 - c) * F * sa * (sigma + c * ss * (c2sm + c * cs * (-1 + 2 * c2sm * c2sm)))
        if abs(lam - prev) < 1e-13:
            break
    u_sq = c2a * (A * A - B * B) / (B * B)
    k1 = (math.sqrt(1 + u_sq) - 1) / (math.sqrt(1 + u_sq) + 1)
    big_a = (1 + k1 * k1 / 4) / (1 - k1)
    big_b = k1 * (1 - 3 / 8 * k1 * k1)
    ds = big_b * ss * (c2sm + big_b / 4 * (cs * (-1 + 2 * c2sm * c2sm) - big_b / 6 * c2sm * (-3 + 4 * ss * ss) * (-3 + 4 * c2sm * c2sm)))
    return B * big_a * (sigma - ds)


def delivered(fixes):
    """The fixes the fused provider hands the app: a computation every 7.5 s, 3 s and 5 m apart at least."""
    out = []
    t0 = fixes[0][0]
    tick = 0
    last = None
    for t, lat, lng in fixes:
        if t < t0 + tick * 7.5 - 1e-9:
            continue
        # The first fix at or after this tick is computed; the next tick is the first one after it.
        while t0 + tick * 7.5 <= t + 1e-9:
            tick += 1
        if last is None or (t - last[0] >= 3 - 1e-9 and vincenty(last[1], last[2], lat, lng) >= 5):
            out.append((t, lat, lng))
            last = (t, lat, lng)
    return out


def walk(points, lengths, fixes, completion):
    n = len(points)
    out = []
    cur = 0  # index into points
    triggered = set()
    flagged = False
    playing = None  # (index, end)
    done = False

    def trigger(i, t):
        nonlocal playing
        triggered.add(i)
        out.append((t, "point_triggered", points[i]["order"]))
        out.append((t, "audio_started", points[i]["order"]))
        playing = (i, t + lengths[points[i]["order"]])

    def audio_end():
        nonlocal cur, flagged, playing, done
        i, end = playing
        playing = None
        if completion == "fixed":
            if cur >= n - 1:
                out.append((end, "tour_completed", points[i]["order"]))
                done = True
                return
        if cur < n - 1:
            cur += 1
            if flagged:
                flagged = False
                trigger(cur, end)
        if completion == "early" and not cur < n - 1:
            # hasMorePoints is false once the index reached the last point: complete now, stop any audio.
            out.append((end, "tour_completed", points[cur]["order"]))
            if playing is not None:
                out.append((end, "audio_cut", points[cur]["order"]))
                playing = None
            done = True

    for t, lat, lng in delivered(fixes):
        while playing is not None and playing[1] <= t + 1e-9 and not done:
            audio_end()
        if done:
            break
        p = points[cur]
        if cur not in triggered and playing is None and vincenty(lat, lng, p["lat"], p["lng"]) <= p["radius"]:
            trigger(cur, t)
        if cur + 1 < n and not flagged:
            q = points[cur + 1]
            if vincenty(lat, lng, q["lat"], q["lng"]) <= q["radius"]:
                flagged = True
    while playing is not None and not done:
        audio_end()
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tour")
    parser.add_argument("trace")
    parser.add_argument("--lang", default=None)
    parser.add_argument("--completion", choices=["early", "fixed"], default="fixed")
    args = parser.parse_args()
    tour_dir = Path(args.tour)
    tour = json.loads((tour_dir / "tour.json").read_text())
    lang = args.lang or tour["languages"][0]
    points = sorted(
        ({"order": p["order"], "lat": p["location"]["lat"], "lng": p["location"]["lng"], "radius": p["triggerRadiusMeters"], "tracks": p["tracks"]}
         for p in tour["points"]), key=lambda p: p["order"])
    lengths = {p["order"]: samplelib.audio_seconds(tour_dir / p["tracks"][lang]["audio"]["file"]) for p in points}
    for t, event, point in walk(points, lengths, read_gpx(args.trace), args.completion):
        print(json.dumps({"t": round(t, 3), "event": event, "point": point}))


if __name__ == "__main__":
    main()
