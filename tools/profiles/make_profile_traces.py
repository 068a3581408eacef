#!/usr/bin/env python3
"""Writes the crafted GPS traces that separate walkscape's profiles (docs/profiles.md).

Each trace walks tours/torino-portici from its starting point through the points' centres at a steady pace,
one fix a second, with one manoeuvre that the phone apps' rules handle differently:

  edge-jitter      standing just inside point 2's edge while the fix jumps across it (GPS noise): the iOS
                   app restarts the narration at every re-entry.
  leave-then-next  after point 5 triggers, the walker hurries out of its region and 10 m into point 6's
                   while point 5's narration plays, then walks on to point 7 around point 6: the
                   Android 'app 2' tree queues point 6 only inside point 5's region, so it never plays.
  brief-pass       the path only grazes point 2's region (about 4 s inside): sparse deliveries can miss it,
                   and an app that missed a point waits for it for the rest of the walk.
  poor-accuracy    three fixes jump 280 m ahead into point 2's region with HDOP 12 (about 60 m), and one
                   well-reported fix jumps into point 5's region: false early triggers that only the ideal
                   profile (accuracy gate, two confirming fixes) ignores.
  last-flagged     point 7's region entered while point 6's narration plays: the Android app triggers the
                   flagged point 7 when point 6 ends and completes the tour at once, cutting it.

Deterministic (no randomness): the same script writes the same bytes. Run from the repository root:
  python3 tools/profiles/make_profile_traces.py
"""
import json
import math
import os

R = 6371008.8
TOUR = "tours/torino-portici/tour.json"
OUT = "fixtures/traces-profiles"
START = 1778317200  # 2026-05-09T09:00:00Z


class Frame:
    """A local east/north frame in metres around a reference point (equirectangular, exact enough here)."""

    def __init__(self, lat0, lng0):
        self.lat0, self.lng0 = lat0, lng0
        self.k = math.cos(math.radians(lat0))

    def xy(self, lat, lng):
        return (math.radians(lng - self.lng0) * R * self.k, math.radians(lat - self.lat0) * R)

    def latlng(self, x, y):
        return (self.lat0 + math.degrees(y / R), self.lng0 + math.degrees(x / (R * self.k)))


def polar(centre, distance, bearing_deg):
    """The point `distance` metres from `centre` towards `bearing_deg` (0 = north, 90 = east)."""
    b = math.radians(bearing_deg)
    return (centre[0] + distance * math.sin(b), centre[1] + distance * math.cos(b))


def bearing(a, b):
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360


def dist(a, b):
    return math.hypot(b[0] - a[0], b[1] - a[1])


class Walk:
    """Fixes one second apart: walking legs at a speed, stands, and single odd fixes."""

    def __init__(self, start):
        self.fixes = []  # (x, y, hdop)
        self.pos = start
        self.carry = 0.0  # metres already walked past the last fix on the current leg
        self.fixes.append((start[0], start[1], 1.0))

    def walk(self, target, speed=1.4):
        length = dist(self.pos, target)
        s = speed - self.carry
        while s <= length + 1e-9:
            f = s / length if length > 0 else 1
            self.fixes.append((self.pos[0] + (target[0] - self.pos[0]) * f, self.pos[1] + (target[1] - self.pos[1]) * f, 1.0))
            s += speed
        self.carry = length - (s - speed)
        self.pos = target

    def stand(self, seconds, positions=None):
        """Stands `seconds` s; `positions` is a cycle of places the fixes jump between (GPS noise)."""
        for i in range(seconds):
            p = positions[i % len(positions)] if positions else self.pos
            self.fixes.append((p[0], p[1], 1.0))
        self.carry = 0.0

    def glitch(self, place, count, hdop):
        """`count` fixes at `place` (a GPS jump) while the walker stays where they are."""
        for _ in range(count):
            self.fixes.append((place[0], place[1], hdop))

    def around(self, centre, radius, from_deg, to_deg, speed=1.4, clockwise=True):
        """Walks an arc of `radius` metres around `centre` from bearing `from_deg` to `to_deg`."""
        span = (to_deg - from_deg) % 360 if clockwise else -((from_deg - to_deg) % 360)
        steps = max(1, int(abs(span) / 5))
        for i in range(1, steps + 1):
            self.walk(polar(centre, radius, from_deg + span * i / steps), speed)


def write(name, desc, walk, frame):
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="walkscape tools/profiles/make_profile_traces.py" xmlns="http://www.topografix.com/GPX/1/1">',
        f"  <metadata><name>{name}</name><desc>{desc}</desc></metadata>",
        f"  <trk><name>{name}</name><trkseg>",
    ]
    for i, (x, y, hdop) in enumerate(walk.fixes):
        lat, lng = frame.latlng(x, y)
        t = START + i
        stamp = "%04d-%02d-%02dT%02d:%02d:%02dZ" % (2026, 5, 9, 9 + (t - START) // 3600, (t - START) // 60 % 60, (t - START) % 60)
        lines.append(f'    <trkpt lat="{lat:.7f}" lon="{lng:.7f}"><time>{stamp}</time><hdop>{hdop:.1f}</hdop></trkpt>')
    lines += ["  </trkseg></trk>", "</gpx>", ""]
    with open(os.path.join(OUT, name + ".gpx"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main():
    tour = json.load(open(TOUR, encoding="utf-8"))
    s = tour["startingPoint"]
    frame = Frame(s["lat"], s["lng"])
    start = frame.xy(s["lat"], s["lng"])
    P = {p["order"]: frame.xy(p["location"]["lat"], p["location"]["lng"]) for p in tour["points"]}
    radius = {p["order"]: p["triggerRadiusMeters"] for p in tour["points"]}
    os.makedirs(OUT, exist_ok=True)

    def centres(walk, orders, speed=1.4):
        for order in orders:
            walk.walk(P[order], speed)

    # edge-jitter: stop 5 m inside point 2's edge; for 48 s the fix jumps 12 m outside and back every 4 s.
    w = Walk(start)
    centres(w, [1])
    towards = bearing(P[2], P[1])
    edge_in = polar(P[2], radius[2] - 5, towards)
    edge_out = polar(P[2], radius[2] + 12, towards)
    w.walk(edge_in)
    w.stand(48, [edge_in] * 4 + [edge_out] * 4)
    centres(w, [2, 3, 4, 5, 6, 7])
    write("torino-edge-jitter", "Standing 5 m inside point 2's edge while the fix jumps 12 m outside and back every 4 s for 48 s.", w, frame)

    # leave-then-next: from point 4, go round point 5's region (140 m out) to the side facing point 6, then
    # hurry (2.2 m/s): 15 m into point 5's region, out of it towards point 6, 10 m into point 6's region while
    # point 5 still plays, and straight back out; then round point 6 (180 m out) to point 7.
    w = Walk(start)
    centres(w, [1, 2, 3, 4])
    to6 = bearing(P[5], P[6])
    from4 = bearing(P[5], P[4])
    w.walk(polar(P[5], 140, from4))
    w.around(P[5], 140, from4, to6 - 12, 1.4, clockwise=((to6 - 12 - from4) % 360) < 180)
    w.walk(polar(P[5], radius[5] - 15, to6 - 4), 2.2)
    gap = dist(P[5], P[6])
    into6 = polar(P[5], gap - radius[6] + 10, to6)  # 10 m inside point 6's region
    w.walk(into6, 2.2)
    back = bearing(P[6], into6)
    w.walk(polar(P[6], 180, back), 2.2)
    w.around(P[6], 180, back, bearing(P[6], P[7]), 1.4, clockwise=((bearing(P[6], P[7]) - back) % 360) < 180)
    centres(w, [7])
    write("torino-leave-then-next", "Goes round point 5's region, hurries 15 m into it, out towards point 6 and 10 m into point 6's region while point 5 plays, straight back out, and round point 6 to point 7.", w, frame)

    # brief-pass: walk a line parallel to the way from point 1 to point 2, 5 cm inside point 2's region at
    # its closest (about 8 m of it inside, 4 s at 2 m/s), then round point 2 (170 m out) and on.
    w = Walk(start)
    centres(w, [1])
    ahead = bearing(P[1], P[2])
    closest = polar(P[2], radius[2] - 0.05, ahead - 90)
    w.walk(polar(closest, 100, ahead + 180))
    w.stand(5)  # waits 5 s at a crossing: sets where the Android update ticks fall
    w.walk(polar(closest, 100, ahead), 2.0)
    out_deg = bearing(P[2], w.pos)
    w.walk(polar(P[2], 170, out_deg))
    w.around(P[2], 170, out_deg, bearing(P[2], P[3]), 1.4, clockwise=((bearing(P[2], P[3]) - out_deg) % 360) < 180)
    centres(w, [3, 4, 5, 6, 7])
    write("torino-brief-pass", "Grazes point 2's region 5 cm deep (about 8 m inside, 4 s at 2 m/s), goes round it at 170 m, then walks on.", w, frame)

    # poor-accuracy: halfway from point 1 to point 2, three fixes jump 280 m ahead into point 2's region with
    # HDOP 12; after point 4's narration, one fix with HDOP 1 jumps into point 5's region.
    w = Walk(start)
    centres(w, [1])
    half = ((P[1][0] + P[2][0]) / 2, (P[1][1] + P[2][1]) / 2)
    w.walk(half)
    w.glitch(polar(half, 280, bearing(P[1], P[2])), 3, 12.0)
    centres(w, [2, 3, 4])
    w.stand(45)
    w.walk(polar(P[4], 40, bearing(P[4], P[5])))
    w.glitch(polar(P[5], radius[5] - 20, bearing(P[5], P[4])), 1, 1.0)
    centres(w, [5, 6, 7])
    write("torino-poor-accuracy", "Three fixes jump 280 m ahead into point 2's region with HDOP 12; later one fix with HDOP 1 jumps into point 5's region.", w, frame)

    # last-flagged: round point 6's region (170 m out) to the side facing point 7, 5 m into it (point 6
    # triggers), then cycle (6 m/s) into point 7's region while point 6 plays, and stand at point 7: the
    # Android app flags point 7, triggers it when point 6's narration ends and completes the tour at once.
    w = Walk(start)
    centres(w, [1, 2, 3, 4, 5])
    from5 = bearing(P[6], P[5])
    to7 = bearing(P[6], P[7])
    w.walk(polar(P[6], 170, from5))
    w.around(P[6], 170, from5, to7, 1.4, clockwise=((to7 - from5) % 360) < 180)
    w.walk(polar(P[6], radius[6] - 5, to7))
    w.walk(P[7], 6.0)
    w.stand(120)
    write("torino-last-flagged", "Goes round point 6's region to the side facing point 7, 5 m into it, then cycles (6 m/s) into point 7's region while point 6 plays and stands at point 7.", w, frame)


if __name__ == "__main__":
    main()
