#!/usr/bin/env python3
"""Replay the GPX traces of fixtures/traces/ against the sample tours and check what triggers.

    python3 tools/samples/check_traces.py                         # every fixtures/traces/*.gpx
    python3 tools/samples/check_traces.py fixtures/traces/torino-portici-brisk.gpx

A trace named <tour-id>-<kind>.gpx is replayed against tours/<tour-id>/tour.json, and a short
timeline is printed. Exit status 1 when a trace does not behave as its kind promises:

  clean, noisy   every point triggers;
  brisk          at least one point is queued (entered while the previous narration plays);
  missed         the points trigger in order up to a middle point the trace never comes within
                 its radius + 40 m of; that point and all later ones never trigger.

Trigger rules (the ones walkscape simulates). t = seconds since the first fix; distance = haversine
with R = 6371008.8 m; a fix is inside a point's region when its distance to the point's location is
<= triggerRadiusMeters. `next` starts at the point of order 1, and a point triggers at most once.
Before a fix at time t is evaluated, every narration ending at or before t finishes, and a queued
point starts playing at that end time. At a fix, while point `next` exists and the fix is inside its
region: if nothing plays, the point triggers and its narration starts at t; else if the queue is
empty (depth 1), the point triggers and is queued; else evaluation stops for this fix. After a
trigger, `next` moves on and the same fix is evaluated again for the new `next`.
Narration lengths are those of the tracks in the tour's first language: exact gapless length of an
MP3 (from its LAME tag: the sample count of the encoded WAV) or frames / rate of a WAV.

Standard library only.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.dont_write_bytecode = True  # keep tools/samples/ free of __pycache__
sys.path.insert(0, str(Path(__file__).resolve().parent))
import samplelib as sl  # noqa: E402

KINDS = ("clean", "noisy", "brisk", "missed")
DETOUR_MARGIN = 40.0


def read_gpx(path: Path):
    root = ET.parse(path).getroot()
    ns = {"g": root.tag[1:].split("}")[0]} if root.tag.startswith("{") else {"g": ""}
    pref = "g:" if ns["g"] else ""
    fixes = []
    for pt in root.iterfind(f".//{pref}trkpt", ns):
        time = pt.find(f"{pref}time", ns).text.strip()
        when = dt.datetime.fromisoformat(time.replace("Z", "+00:00"))
        fixes.append((when, float(pt.get("lat")), float(pt.get("lon"))))
    if not fixes:
        raise SystemExit(f"{path}: no track points")
    t0 = fixes[0][0]
    return [((w - t0).total_seconds(), lat, lon) for w, lat, lon in fixes]


def replay(tour: dict, tour_dir: Path, fixes):
    """Apply the trigger rules; returns (events, triggered ids, queued ids, lengths)."""
    points = sorted(tour["points"], key=lambda p: p["order"])
    main = tour["languages"][0]
    lengths = {p["id"]: sl.audio_seconds(tour_dir / p["tracks"][main]["audio"]["file"]) for p in points}
    events = []  # (time, text)
    nxt = 0
    playing = None  # [point id, end time]
    queued = None
    triggered, queued_ids = [], []
    for t, lat, lon in fixes:
        while playing and playing[1] <= t:
            ended, end = playing
            if queued:
                playing = [queued, end + lengths[queued]]
                events.append((end, f"{ended} ends, queued {queued} starts: plays "
                                    f"{end:.1f}-{playing[1]:.1f} s"))
                queued = None
            else:
                playing = None
        while nxt < len(points):
            p = points[nxt]
            d = sl.haversine(lat, lon, p["location"]["lat"], p["location"]["lng"])
            if d > p["triggerRadiusMeters"]:
                break
            if playing is None:
                playing = [p["id"], t + lengths[p["id"]]]
                events.append((t, f"{p['id']} triggered ({d:.0f} m): plays {t:.1f}-{playing[1]:.1f} s"))
            elif queued is None:
                queued = p["id"]
                queued_ids.append(p["id"])
                events.append((t, f"{p['id']} triggered ({d:.0f} m) while {playing[0]} plays until "
                                  f"{playing[1]:.1f} s: point_queued"))
            else:
                break
            triggered.append(p["id"])
            nxt += 1
    return events, triggered, queued_ids, lengths


def check(path: Path) -> bool:
    name = path.stem
    kind = name.rsplit("-", 1)[-1]
    tour_id = name[: -len(kind) - 1]
    tour_dir = sl.TOURS_DIR / tour_id
    with open(tour_dir / "tour.json", encoding="utf-8") as f:
        tour = json.load(f)
    fixes = read_gpx(path)
    length = sum(sl.haversine(a[1], a[2], b[1], b[2]) for a, b in zip(fixes, fixes[1:]))
    duration = fixes[-1][0]
    events, triggered, queued, lengths = replay(tour, tour_dir, fixes)
    points = sorted(tour["points"], key=lambda p: p["order"])
    ids = [p["id"] for p in points]
    print(f"{path.name}: {len(fixes)} fixes, {int(duration // 60)}:{int(duration % 60):02d} "
          f"({duration:.0f} s), {length / 1000:.2f} km along the fixes; narration in "
          f"'{tour['languages'][0]}'")
    for t, text in events:
        print(f"  {t:7.1f} s  {text}")
    ok = True
    if kind in ("clean", "noisy"):
        ok = triggered == ids
        verdict = "all points triggered" if ok else f"only {', '.join(triggered) or 'none'} triggered"
    elif kind == "brisk":
        ok = bool(queued)
        verdict = (f"point_queued: {', '.join(queued)}" if ok else "no point was queued")
        verdict += f"; {len(triggered)}/{len(ids)} points triggered"
    elif kind == "missed":
        k = len(triggered)
        if k == len(ids) or triggered != ids[:k]:
            ok, verdict = False, f"triggered {', '.join(triggered)}: no point was missed"
        else:
            p = points[k]
            closest = min(sl.haversine(lat, lon, p["location"]["lat"], p["location"]["lng"])
                          for _, lat, lon in fixes)
            outside = closest - p["triggerRadiusMeters"]
            ok = 0 < k < len(ids) - 1 and outside >= DETOUR_MARGIN
            verdict = (f"stops at {p['id']}: closest approach {closest:.0f} m, radius "
                       f"{p['triggerRadiusMeters']} m ({outside:.0f} m outside); "
                       f"{', '.join(ids[k + 1:])} not triggered either (sequential)")
    else:
        ok, verdict = False, f"unknown kind {kind!r} (file names are <tour-id>-<{'|'.join(KINDS)}>.gpx)"
    print(f"  {'OK' if ok else 'FAIL'} [{kind}] {verdict}")
    return ok


def main(argv) -> int:
    paths = [Path(a) for a in argv] or sorted(sl.TRACES_DIR.glob("*.gpx"))
    if not paths:
        print("no traces found", file=sys.stderr)
        return 1
    results = []
    for p in paths:
        results.append(check(p))
        print()
    failed = results.count(False)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
