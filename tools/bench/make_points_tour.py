#!/usr/bin/env python3
"""Writes a GeoJSON FeatureCollection of N points for `walkscape import` (issue 46, item 7: cost with the number
of points): a serpentine of rows of 50 points 80 m apart (radius 30 m), N/50 rows, so the route is N x 80 m long.
  tools/bench/make_points_tour.py N OUT.geojson
"""
import json, math, sys

n, out = int(sys.argv[1]), sys.argv[2]
lat0, lng0 = 45.0, 7.6
features = []
for i in range(n):
    row, col = divmod(i, 50)
    if row % 2:
        col = 49 - col
    lat = lat0 + row * 80 / 111195
    lng = lng0 + col * 80 / (111195 * math.cos(math.radians(lat0)))
    features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [lng, lat]},
                     "properties": {"name": "P%d" % (i + 1), "order": i + 1, "radius": 30}})
json.dump({"type": "FeatureCollection", "features": features}, open(out, "w"))
