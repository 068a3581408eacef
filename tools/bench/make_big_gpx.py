#!/usr/bin/env python3
"""Writes a large, deterministic GPX 1.1 track for the GPX reading benchmark (tools/bench/gpx_read.sh).

One fix a second from 2026-05-09T09:00:00Z along a seeded random walk near Turin, each with lat/lon,
<ele>, <time> and <hdop>; every twentieth fix also has <extensions> with gpxtpx speed and course and an
OpenTracks horizontal accuracy. A new <trkseg> every 100,000 fixes. The same arguments always give the same
bytes.

usage: make_big_gpx.py [OUT] [--mb 100]   (default OUT: /tmp/walkscape-bench/big.gpx)
"""
import math
import os
import random
import sys
from datetime import datetime, timedelta, timezone


def main():
    args = [a for a in sys.argv[1:]]
    megabytes = 100.0
    if "--mb" in args:
        i = args.index("--mb")
        megabytes = float(args[i + 1])
        del args[i:i + 2]
    out = args[0] if args else "/tmp/walkscape-bench/big.gpx"
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    target = int(megabytes * 1_000_000)
    rng = random.Random(20260509)
    lat, lon, ele = 45.0629500, 7.6788000, 239.0
    heading = 40.0
    start = datetime(2026, 5, 9, 9, 0, 0, tzinfo=timezone.utc)
    written = 0
    fixes = 0
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        def w(text):
            nonlocal written
            f.write(text)
            written += len(text.encode("utf-8"))
        w('<?xml version="1.0" encoding="UTF-8"?>\n')
        w('<gpx version="1.1" creator="walkscape tools/bench/make_big_gpx.py" '
          'xmlns="http://www.topografix.com/GPX/1/1" '
          'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" '
          'xmlns:opentracks="http://opentracksapp.com/xmlschemas/v1">\n')
        w('  <metadata><name>walkscape GPX reading benchmark</name><time>2026-05-09T09:00:00Z</time></metadata>\n')
        w('  <trk>\n    <name>bench</name>\n    <trkseg>\n')
        closing = '    </trkseg>\n  </trk>\n</gpx>\n'
        while written + len(closing) < target:
            if fixes and fixes % 100_000 == 0:
                w('    </trkseg>\n    <trkseg>\n')
            heading += rng.gauss(0, 8)
            step = 1.3 + rng.gauss(0, 0.1)
            lat += step * math.cos(math.radians(heading)) / 111_195.0
            lon += step * math.sin(math.radians(heading)) / (111_195.0 * math.cos(math.radians(lat)))
            ele += rng.gauss(0, 0.2)
            hdop = 0.8 + rng.random() * 1.5
            t = (start + timedelta(seconds=fixes)).strftime("%Y-%m-%dT%H:%M:%SZ")
            point = (f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}">'
                     f'<ele>{ele:.1f}</ele><time>{t}</time><hdop>{hdop:.1f}</hdop>')
            if fixes % 20 == 0:
                point += ('\n        <extensions><gpxtpx:TrackPointExtension>'
                          f'<gpxtpx:speed>{step:.2f}</gpxtpx:speed><gpxtpx:course>{heading % 360:.1f}</gpxtpx:course>'
                          '</gpxtpx:TrackPointExtension>'
                          f'<opentracks:accuracy_horizontal>{hdop * 4:.1f}</opentracks:accuracy_horizontal></extensions>\n      ')
            w(point + '</trkpt>\n')
            fixes += 1
        w(closing)
    print(f"{out}: {written} bytes, {fixes} fixes")


if __name__ == "__main__":
    main()
