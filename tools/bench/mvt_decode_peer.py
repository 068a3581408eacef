#!/usr/bin/env python3
"""The peer of walkscape's tile decoding benchmark: the PyPI package mapbox-vector-tile decodes every tile of an
MBTiles file (gzip inflated first, as walkscape does), N times; prints the median time of one pass and the
feature count (which must match walkscape's 12,260 for the Helsinki tiles).

    python3 -m venv /tmp/mvt && /tmp/mvt/bin/pip install mapbox-vector-tile
    /tmp/mvt/bin/python tools/bench/mvt_decode_peer.py tours/helsinki-keskusta/map/helsinki-center.mbtiles 20
"""
import gzip
import sqlite3
import statistics
import sys
import time

import mapbox_vector_tile


def main() -> None:
    path = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    tiles = [row[0] for row in sqlite3.connect(path).execute("SELECT tile_data FROM tiles")]
    times = []
    features = 0
    for _ in range(runs):
        start = time.perf_counter()
        features = 0
        for data in tiles:
            raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
            # default_options: keep the tile's own y axis (y down) and every ring as encoded, as walkscape does.
            decoded = mapbox_vector_tile.decode(raw, default_options={"y_coord_down": True})
            features += sum(len(layer["features"]) for layer in decoded.values())
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"mapbox-vector-tile: {len(tiles)} tiles, {features} features, median {median * 1000:.1f} ms a pass "
          f"({sum(len(t) for t in tiles) / median / 1e6:.2f} MB/s of gzip tiles), {runs} passes")


if __name__ == "__main__":
    main()
