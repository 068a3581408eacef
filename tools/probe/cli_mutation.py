#!/usr/bin/env python3
"""CLI mutation probe: mutates seed files per reader and runs the built `walkscape` binary on each.

For every reader (GPX, KML, GPX waypoints for `import`, NMEA, GeoJSON, gzip, SRT, tour.json, API answers, MP3, WAV, AAC) it takes the
repository's fixtures as seeds, applies 1-4 random mutations (bit flips, interesting bytes, deleted,
duplicated or spliced ranges, dictionary tokens, numbers swapped for extreme ones (1e308, 2^63-1, NaN, ...),
escape sequences put into strings, truncation), and runs the command that reads that kind of file. A run
is a finding when:
  - the process ends on a signal or with an exit status of 128 or more (a Swift trap is SIGILL/SIGTRAP);
  - it does not end within --timeout seconds, nor within six times that on a rerun (a hang, not a run the
    loaded machine starved);
  - its standard output or error holds a raw ESC byte (0x1B) or a C1 CSI (0xC2 0x9B): text from a file
    reached the terminal unsanitised;
  - (readers with an RSS limit: mbtiles) its peak resident memory passes the limit (1 GiB).
The mbtiles reader mutates the Helsinki sample's SQLite schema rather than its bytes (issue 27, item 15):
views of `tiles` or `metadata` that never end or yield no row, tiles that zeroblob() makes a gigabyte long,
no index and duplicated rows, tiles of 2^20 - 1 points, a tile's or a value's bytes mutated.
Findings are saved under OUT/findings/ (the input, the command, the output) and listed at the end.

Command-line options are inputs too: the `options` reader runs every numeric option of every command with
numbers at their type's edges (0, -1, NaN, inf, 1e±300, 2^63, 2^64, ...), one (command, option, value) a run,
in a fixed order (--runs N takes the first N of them; the seed does not change them). A run that does not end
is a finding like any other (`synth --speed 1e-300` and `--interval 1e-9` ran for ever, growing past 2 GB).

Outputs and repeated options are inputs too (issue 46): the `outputs` reader names a FIFO, a character device
(as root), a symbolic link or `-` as each command's output and checks that the target is still what it was after
the run; the `repeat` reader gives a repeatable option thousands of times (the count must be refused at once).
Every byte reader also puts in long unbroken words (2,000 to 100,000 characters, wide, combining or emoji).

The same --seed gives the same inputs. Run it at low priority on a shared machine:

    nice -n 19 tools/probe/cli_mutation.py --binary .build/release/walkscape --runs 10000 --jobs 2

usage: cli_mutation.py [--binary PATH] [--runs N] [--jobs J] [--seed S] [--timeout T] [--out DIR]
                       [--readers gpx,kml,...] [--seconds LIMIT]
"""
import argparse
import glob
import gzip as gz
import http.server
import json
import multiprocessing
import os
import random
import re
import shutil
import socketserver
import stat
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

INTERESTING_NUMBERS = [
    b"0", b"-0", b"-1", b"1e308", b"-1e308", b"1e-308", b"1e309", b"9223372036854775807", b"9223372036854775808",
    b"-9223372036854775808", b"18446744073709551616", b"NaN", b"nan", b"inf", b"-inf", b"Infinity", b"4294967296",
    b"2147483648", b"99999999999999999999999", b"0.000000000000000000001", b"1e22", b"0x7f", b"+5", b"1.7976931348623157e308",
]
ESCAPES = [b"\x1b[2J", b"\x1b]52;c;aGVsbG8=\x07", b"\x1b]0;title\x1b\\", b"\xc2\x9b31m", b"\x1b[?1049h", b"\x07", b"\x1b"]
INTERESTING_BYTES = [0x00, 0xFF, 0x7F, 0x80, 0x1B, 0x0A, 0x0D, 0x09, ord("<"), ord(">"), ord('"'), ord("&"), ord(","),
                     ord("{"), ord("}"), ord("["), ord("]"), ord(":"), ord("*"), ord("$"), 0xC3, 0xE9]


def dictionary(name):
    """The tokens of Fuzz/Dictionaries/NAME.dict (libFuzzer format: "token" lines with \\xNN escapes)."""
    tokens = []
    path = os.path.join(ROOT, "Fuzz", "Dictionaries", name + ".dict")
    if not os.path.exists(path):
        return tokens
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.search(r'"(.*)"\s*$', line.strip())
        if m and not line.lstrip().startswith("#"):
            raw = m.group(1)
            out = bytearray()
            i = 0
            while i < len(raw):
                if raw[i] == "\\" and i + 1 < len(raw):
                    if raw[i + 1] == "x" and i + 3 < len(raw):
                        out.append(int(raw[i + 2:i + 4], 16)); i += 4; continue
                    out += raw[i + 1].encode(); i += 2; continue
                out += raw[i].encode("utf-8"); i += 1
            tokens.append(bytes(out))
    return tokens


# Each reader: seed files, the dictionary, the file suffix and the commands that read such a file.
# In a command, FILE is the mutated file, TOUR a fresh copy of a sample tour, API the probe's server.
READERS = {
    "gpx": dict(seeds=["fixtures/traces-formats/walk.gpx", "fixtures/traces-formats/walk-gpx10.gpx", "fixtures/traces-formats/two-walks.gpx",
                       "fixtures/traces-formats/route-only.gpx", "fixtures/traces/torino-portici-brisk.gpx"],
                dict="xml", suffix=".gpx",
                commands=[["inspect", "FILE"], ["simulate", "tours/torino-portici", "--trace", "FILE", "--format", "text"], ["inspect", "--json", "FILE"]]),
    "kml": dict(seeds=["fixtures/traces-formats/walk-gx-track.kml", "fixtures/traces-formats/my-maps-route.kml"], dict="xml", suffix=".kml",
                commands=[["inspect", "FILE"], ["simulate", "tours/torino-portici", "--trace", "FILE"]]),
    "waypoints": dict(seeds=["Fuzz/Seeds/ImportSources/waypoints.gpx", "fixtures/traces-formats/route-only.gpx", "fixtures/traces-bad/waypoints-only.gpx"],
                      dict="xml", suffix=".gpx",
                      commands=[["import", "FILE", "--dest", "DIR", "--placeholder-audio", "2", "--city", "X", "--lang", "it"]]),
    "nmea": dict(seeds=["fixtures/traces-formats/walk.nmea"], dict="nmea", suffix=".nmea",
                 commands=[["inspect", "FILE"], ["simulate", "tours/torino-portici", "--trace", "FILE", "--format", "text"]]),
    "geojson": dict(seeds=["fixtures/traces-formats/walk.geojson", "fixtures/traces-formats/walk-multiline.geojson"], dict="json", suffix=".geojson",
                    commands=[["inspect", "FILE"], ["inspect", "--json", "FILE"], ["simulate", "tours/torino-portici", "--trace", "FILE", "--format", "text"]]),
    "gzip": dict(seeds=["fixtures/traces-formats/walk.gpx.gz"], dict="xml", suffix=".gpx.gz", gzip=True,
                 commands=[["inspect", "FILE"], ["simulate", "tours/torino-portici", "--trace", "FILE"]]),
    "srt": dict(seeds=sorted(glob.glob(os.path.join(ROOT, "fixtures/subtitles/*.srt")))[:6] + ["tours/torino-portici/subtitles/it/p1.srt"],
                dict="srt", suffix=".srt", commands=[["inspect", "FILE"], ["inspect", "--json", "FILE"]]),
    "tour": dict(seeds=["tours/torino-portici/tour.json", "tours/paris-ile-de-la-cite/tour.json"], dict="json", suffix="tour.json", tour=True,
                 commands=[["validate", "TOUR"], ["info", "TOUR"], ["simulate", "TOUR", "--trace", "fixtures/traces/torino-portici-brisk.gpx", "--format", "text"]]),
    "api": dict(seeds=sorted(glob.glob(os.path.join(ROOT, "Fuzz/Seeds/RemoteAnswers/*-tours.json")))
                + sorted(glob.glob(os.path.join(ROOT, "Fuzz/Seeds/RemoteAnswers/*-detail.json")))
                + sorted(glob.glob(os.path.join(ROOT, "Fuzz/Seeds/RemoteAnswers/*-points.json")))
                + sorted(glob.glob(os.path.join(ROOT, "Fuzz/Seeds/RemoteAnswers/*-manifest.json"))),
                dict="json", suffix=".json", api=True,
                commands=[["remote", "tours", "--api", "API"], ["download", "TOURID", "--lang", "it", "--api", "API", "--dest", "DIR", "--retries", "1", "--timeout", "5"]]),
    "mbtiles": dict(seeds=["tours/helsinki-keskusta/map/helsinki-center.mbtiles"], dict=None, suffix=".mbtiles", mbtiles=True, rss_mb=1024,
                    commands=[["validate", "MAPTOUR"], ["radii", "MAPTOUR", "--trace", "fixtures/traces/helsinki-keskusta-clean.gpx", "--map"],
                              ["tiles", "TOUR", "--from", "FILE"]]),
    "mp3": dict(seeds=["fixtures/audio/tone-440-880hz-1s-44k-stereo-id3.mp3", "fixtures/audio/tone-330hz-2.5s-48k-stereo-vbr.mp3"], dict=None, suffix=".mp3",
                commands=[["inspect", "FILE"], ["inspect", "--json", "FILE"]]),
    "wav": dict(seeds=["fixtures/audio/tone-440-880hz-1s-16k-stereo-24bit.wav", "fixtures/audio/tone-440hz-0.5s-22k-mono-rf64.wav",
                       "fixtures/audio/tone-440hz-0.5s-8k-stereo-float.wav"], dict=None, suffix=".wav", commands=[["inspect", "FILE"]]),
    "options": dict(seeds=[], dict=None, suffix="", options=True, commands=[]),
    "outputs": dict(seeds=[], dict=None, suffix="", outputs=True, commands=[]),
    "repeat": dict(seeds=[], dict=None, suffix="", repeat=True, commands=[]),
    "aac": dict(seeds=["fixtures/audio/tone-440-880hz-1s-48k-stereo.m4a", "fixtures/audio/tone-440hz-1s-44k-mono-aac-in-mp4.mp3"], dict=None, suffix=".m4a",
                commands=[["inspect", "FILE"], ["inspect", "--json", "FILE"]]),
}


# The `options` reader: every numeric option of every command (grep `@Option` in Sources/WalkscapeCLI), each
# given every EDGE_VALUES value in turn, on top of a command line that runs. TRACE is a sample trace, TOUR a
# fresh copy of a sample tour, DIR an empty folder, API an address where nothing listens.
EDGE_VALUES = ["0", "-0", "-1", "1", "NaN", "nan", "inf", "-inf", "1e300", "-1e300", "1e-300", "-1e-300", "1e-9", "1e309",
               "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551615",
               "18446744073709551616", "4294967296", "2147483648", "0x10", "1.5"]
TRACE = "fixtures/traces/torino-portici-brisk.gpx"
GOLDEN = "fixtures/golden/torino-portici-brisk.jsonl"
NOWHERE = "http://127.0.0.1:9/v1"
OPTION_COMMANDS = [
    (["synth", "TOUR"], ["--speed", "--interval", "--noise", "--jumps", "--dropouts", "--seed"]),
    (["synth", "TOUR", "--pause-at-points"], ["--speed", "--interval"]),
    (["simulate", "TOUR", "--trace", TRACE, "--format", "text"], ["--walk-speed", "--queue-depth", "--min-accuracy", "--confirm-fixes", "--track", "--segment"]),
    (["check", "TOUR", "--trace", TRACE, "--lang", "it", "--expect", GOLDEN], ["--tolerance", "--min-share", "--phases"]),
    (["compare", "TOUR", "--trace", TRACE], ["--walk-speed", "--tolerance", "--phases"]),
    (["radii", "TOUR", "--trace", TRACE], ["--phases", "--walk-speed", "--queue-depth", "--confirm-fixes"]),
    (["radii", "TOUR", "--trace", TRACE, "--noise", "5", "--sweep", "100:150:50"], ["--noise", "--runs", "--seed", "--jumps", "--dropouts"]),
    (["feed", TRACE, "--to", "stdout", "--speed", "0"], ["--from"]),
    (["feed", TRACE, "--to", "stdout", "--from", "3000"], ["--speed"]),
    (["inspect", TRACE], ["--walk-speed", "--track", "--segment"]),
    (["info", "TOUR", "--timing"], ["--speed"]),
    (["listen", "TOUR", "--audio", "null", "--point", "1", "--speed", "2", "--from", "30"], ["--point"]),
    (["listen", "TOUR", "--audio", "null", "--point", "1", "--speed", "2"], ["--from", "--speed"]),
    (["tours", "--check-updates"], ["--timeout"]),
    (["download", "--api", NOWHERE, "t", "--lang", "it", "--dest", "DIR", "--retries", "1", "--timeout", "2"], ["--jobs"]),
    (["download", "--api", NOWHERE, "t", "--lang", "it", "--dest", "DIR", "--timeout", "2"], ["--retries"]),
    (["remote", "tours", "--api", NOWHERE, "--retries", "1"], ["--timeout"]),
    (["new", "DIR/new", "--city", "X"], ["--points", "--placeholder-audio"]),
    (["play", "TOUR", "--trace", TRACE], ["--speed"]),
]


# The `outputs` reader (issue 46 item 1): every output option of every command, written to a FIFO (drained by
# a reader), a character device (made with mknod when run as root, else skipped), a symbolic link to a file
# and `-`; a run is a finding when the target is no longer what it was (a FIFO or device replaced by a regular
# file, a link by a file), besides the usual signals and hangs.
OUTPUT_COMMANDS = [
    ["simulate", "TOUR", "--trace", TRACE, "--events", "OUT"],
    ["simulate", "TOUR", "--trace", TRACE, "--svg", "OUT"],
    ["simulate", "TOUR", "--trace", TRACE, "--render", "OUT"],
    ["convert", TRACE, "--format", "kml", "--output", "OUT"],
    ["convert", TRACE, "--format", "gpx", "--output", "OUT"],
    ["report", "TOUR", "--trace", TRACE, "--lang", "it", "--output", "OUT"],
    ["check", "TOUR", "--trace", TRACE, "--lang", "it", "--expect", GOLDEN, "--junit", "OUT"],
    ["radii", "TOUR", "--trace", TRACE, "--svg", "OUT"],
]
OUTPUT_KINDS = ["fifo", "device", "link", "dash"]


def output_cases():
    """Every (command line, target kind) of the `outputs` reader, in a fixed order."""
    return [(command, kind) for command in OUTPUT_COMMANDS for kind in OUTPUT_KINDS]


# The `repeat` reader (issue 46 item 6): a repeatable option given thousands of times. Counts are checked before
# any work, so each run must end within the timeout with a usage error, not parse for minutes.
REPEAT_CASES = [
    (["compare", "TOUR", "--trace", TRACE], ["--trace", TRACE]),
    (["simulate", "TOUR", "--trace", TRACE, "--profile", "android-app"], ["--screen-locked", "60-90"]),
    (["compare", "TOUR", "--trace", TRACE, "--profile", "prd", "--profile", "ideal"], ["--profile", "prd"]),
    (["radii", "TOUR", "--trace", TRACE], ["--trace", TRACE]),
    (["report", "TOUR", "--trace", TRACE, "--output", "DIR/r.html"], ["--trace", TRACE]),
    (["dashboard"], ["fixtures/report/example-data.json"]),
]
REPEAT_COUNTS = [1_001, 5_000, 20_000]


def repeat_cases():
    return [(base, words, count) for base, words in REPEAT_CASES for count in REPEAT_COUNTS]


def placed(words, work):
    """`words` with TOUR a fresh copy of the Torino sample tour in `work`, DIR (and DIR/...) an empty folder there."""
    copy = os.path.join(work, "tour")
    if not os.path.exists(copy):
        shutil.copytree(os.path.join(ROOT, "tours", "torino-portici"), copy, symlinks=True)
    folder = os.path.join(work, "dir")
    os.makedirs(folder, exist_ok=True)
    return [folder + a[3:] if a.startswith("DIR/") else {"TOUR": copy, "DIR": folder}.get(a, a) for a in words]


def option_cases():
    """Every (command line, option, value) of the `options` reader, in a fixed order."""
    return [(base, option, value) for base, options in OPTION_COMMANDS for option in options for value in EDGE_VALUES]


def mutate(data, rng, tokens, others):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(11)
        n = len(data)
        if op == 0 and n:  # flip a bit
            i = rng.randrange(n); data[i] ^= 1 << rng.randrange(8)
        elif op == 1 and n:  # an interesting byte
            data[rng.randrange(n)] = rng.choice(INTERESTING_BYTES)
        elif op == 2 and n:  # delete a range
            i = rng.randrange(n); del data[i:i + rng.randint(1, max(1, min(64, n - i)))]
        elif op == 3 and n:  # duplicate a range elsewhere
            i = rng.randrange(n); piece = data[i:i + rng.randint(1, 256)]; j = rng.randrange(n + 1); data[j:j] = piece * rng.choice([1, 1, 2, 50])
        elif op == 4 and tokens:  # a dictionary token
            j = rng.randrange(n + 1); data[j:j] = rng.choice(tokens)
        elif op == 5:  # a number becomes an extreme one
            spans = [m.span() for m in re.finditer(rb"-?\d+(\.\d+)?([eE][-+]?\d+)?", bytes(data[:200000]))]
            if spans:
                a, b = rng.choice(spans); data[a:b] = rng.choice(INTERESTING_NUMBERS)
        elif op == 6:  # an escape sequence, inside text if possible
            quotes = [m.start() + 1 for m in re.finditer(rb'[">]', bytes(data[:200000]))]
            j = rng.choice(quotes) if quotes else rng.randrange(n + 1); data[j:j] = rng.choice(ESCAPES)
        elif op == 7 and n:  # truncate
            del data[rng.randrange(n):]
        elif op == 8 and others:  # splice with another seed
            other = rng.choice(others)
            if other:
                i = rng.randrange(n + 1); k = rng.randrange(len(other)); data[i:] = other[k:k + rng.randint(1, 4096)] + data[i:]
        elif op == 9 and n:  # repeat a line many times
            lines = bytes(data).split(b"\n")
            if len(lines) > 2:
                k = rng.randrange(len(lines)); lines[k:k] = [lines[k]] * rng.randint(2, 2000); data = bytearray(b"\n".join(lines))
        elif op == 10:  # a long unbroken word (issue 46 item 2: the player's wrap was quadratic)
            j = rng.randrange(n + 1)
            data[j:j] = rng.choice(["x", "\u5b57", "e\u0301", "\U0001F600"]).encode() * rng.choice([2_000, 20_000, 100_000])
    return bytes(data)


def mvt_line(points):
    """A gzip vector tile of one primary road of `points` points (a valid tile at the per-feature cap for 2^20 - 1)."""
    def varint(n):
        out = bytearray()
        while True:
            b = n & 0x7F; n >>= 7
            out.append(b | 0x80 if n else b)
            if not n:
                return bytes(out)
    ld = lambda num, data: varint(num << 3 | 2) + varint(len(data)) + data
    body = bytes([1, 2] * (points - 1))  # zigzag(-1), zigzag(+1): one byte each
    geometry = varint(1 | 1 << 3) + varint(200) + varint(200) + varint(2 | (points - 1) << 3) + body
    # A primary road (tags class=primary): the map keeps it.
    feature = ld(2, varint(0) + varint(0)) + varint(3 << 3) + varint(2) + ld(4, geometry)
    layer = (varint(15 << 3) + varint(2) + ld(1, b"transportation") + ld(2, feature) + ld(3, b"class") + ld(4, ld(1, b"primary"))
             + varint(5 << 3) + varint(4096))
    return gz.compress(ld(3, layer), 9)


ENDLESS = "WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c)"


def mutate_mbtiles(path, rng, work):
    """1-3 schema mutations of the MBTiles file at `path` (see the module's docstring); returns their names."""
    import sqlite3
    db = sqlite3.connect(path)
    done = []
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(9)
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        views = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'view'")}
        def as_view(name, select):
            base = name + "_" + str(len(done))
            if name in tables:
                db.execute(f"ALTER TABLE {name} RENAME TO {base}")
            elif name in views:
                db.execute(f"DROP VIEW {name}")
                base = None
            db.execute(f"CREATE VIEW {name} AS " + select(base))
        try:
            if op == 0:
                as_view("tiles", lambda b: f"{ENDLESS} SELECT {rng.choice([14, 15, 0, 99])} AS zoom_level, 0 AS tile_column, n AS tile_row, x'' AS tile_data FROM c"
                        + (f" UNION ALL SELECT * FROM {b}" if b and rng.random() < 0.5 else ""))
            elif op == 1:
                as_view("tiles", lambda b: f"{ENDLESS} SELECT 14 AS zoom_level, 0 AS tile_column, n AS tile_row, x'' AS tile_data FROM c WHERE n < 0")
            elif op == 2:
                size = rng.choice([10**9, 2**31 - 1, 17 << 20, 10**6])
                as_view("tiles", lambda b: f"SELECT 14 AS zoom_level, 0 AS tile_column, 0 AS tile_row, zeroblob({size}) AS tile_data"
                        + (f" UNION ALL SELECT * FROM {b}" if b else ""))
            elif op == 3 and "tiles" in tables:
                # The same rows in a table without an index or key, then doubled 1-9 times.
                db.execute("CREATE TABLE tiles_plain AS SELECT * FROM tiles")
                db.execute("DROP TABLE tiles")
                db.execute("ALTER TABLE tiles_plain RENAME TO tiles")
                for _ in range(rng.choice([1, 3, 9])):
                    if db.execute("SELECT count(*) FROM tiles").fetchone()[0] < 20000:
                        db.execute("INSERT INTO tiles SELECT * FROM tiles")
            elif op == 4:
                as_view("metadata", lambda b: f"{ENDLESS} SELECT 'k' || n AS name, 'v' AS value FROM c")
            elif op == 5 and "metadata" in tables:
                db.execute("INSERT INTO metadata VALUES ('attribution', hex(zeroblob(?)))", (rng.choice([10**5, 10**6, 9 << 20]),))
            elif op == 6 and "tiles" in tables:
                data = mvt_line(rng.choice([2**20 - 1, 500000, 1000]))
                db.execute("UPDATE tiles SET tile_data = ?" + ("" if rng.random() < 0.7 else " WHERE rowid % 2 = 0"), (data,))
            elif op == 7 and "tiles" in tables:
                rows = list(db.execute("SELECT rowid, tile_data FROM tiles LIMIT 40"))
                if rows:
                    rowid, data = rng.choice(rows)
                    db.execute("UPDATE tiles SET tile_data = ? WHERE rowid = ?", (mutate(data, rng, [], []), rowid))
            elif op == 8 and "metadata" in tables:
                db.execute("UPDATE metadata SET value = value || ? WHERE name = 'attribution'", (rng.choice(ESCAPES).decode("latin-1"),))
            else:
                continue
            done.append(str(op))
        except sqlite3.Error as e:
            done.append(f"{op}!{e}")
    db.commit()
    db.close()
    return done


def run_measured(argv, timeout, env):
    """Runs `argv` like subprocess.run with a timeout, and also returns the child's peak RSS in KiB (wait4)."""
    p = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    chunks = {"out": [], "err": []}
    readers = [threading.Thread(target=lambda f, k: chunks[k].append(f.read()), args=(p.stdout, "out")),
               threading.Thread(target=lambda f, k: chunks[k].append(f.read()), args=(p.stderr, "err"))]
    for t in readers:
        t.start()
    deadline = time.monotonic() + timeout
    hung = False
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            p.kill()
            pid, status, usage = os.wait4(p.pid, 0)
            hung = True
            break
        time.sleep(0.02)
    p.returncode = os.waitstatus_to_exitcode(status)
    for t in readers:
        t.join()
    return (None if hung else p.returncode), b"".join(chunks["out"]), b"".join(chunks["err"]), hung, usage.ru_maxrss


class APIHandler(http.server.BaseHTTPRequestHandler):
    bodies = {}

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        m = re.match(r"^/r(\d+)/(.*)$", path)
        body = None
        if m:
            entry = APIHandler.bodies.get(int(m.group(1)), {})
            rest = m.group(2)
            if rest == "tours":
                body = entry.get("tours")
            elif re.match(r"^tours/[^/]+$", rest):
                body = entry.get("detail")
            elif rest.endswith("/points"):
                body = entry.get("points")
            elif rest.endswith("/manifest"):
                body = entry.get("manifest")
        if body is None:
            self.send_response(404); self.send_header("Content-Type", "application/json"); self.end_headers()
            self.wfile.write(b'{"statusCode":404,"message":"Not Found"}')
            return
        self.send_response(200); self.send_header("Content-Type", "application/json"); self.send_header("Content-Length", str(len(body))); self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:
            pass


class ThreadedServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


_server = None


def api_server():
    global _server
    if _server is None:
        _server = ThreadedServer(("127.0.0.1", 0), APIHandler)
        threading.Thread(target=_server.serve_forever, daemon=True).start()
    return _server.server_address[1]


def seed_bytes(reader):
    spec = READERS[reader]
    out = []
    for s in spec["seeds"]:
        path = s if os.path.isabs(s) else os.path.join(ROOT, s)
        if os.path.exists(path):
            data = open(path, "rb").read()
            if spec.get("gzip"):
                data = gz.decompress(data)
            out.append((os.path.basename(path), data))
    return out


def run_one(args):
    reader, index, seed, binary, timeout, out, run = args
    spec = READERS[reader]
    rng = random.Random(f"{seed}-{reader}-{index}")
    seeds = seed_bytes(reader)
    tokens = dictionary(spec["dict"]) if spec["dict"] else []
    name, base = rng.choice(seeds) if seeds else ("", b"")
    others = [d for _, d in seeds]
    work = tempfile.mkdtemp(prefix="walkscape-probe-")
    try:
        command = rng.choice(spec["commands"]) if spec["commands"] else []
        target = None
        if spec.get("outputs"):
            cases = output_cases()
            base, kind = cases[run % len(cases)]
            target = (os.path.join(work, "out"), kind)
            if kind == "fifo":
                os.mkfifo(target[0])
                threading.Thread(target=lambda path: open(path, "rb").read(), args=(target[0],), daemon=True).start()
            elif kind == "device":
                if os.getuid() != 0:
                    return reader, None, 0.0, "skipped"
                os.mknod(target[0], 0o666 | 0o020000, os.makedev(1, 3))  # /dev/null's numbers
            elif kind == "link":
                open(os.path.join(work, "named"), "w").write("before\n")
                os.symlink(os.path.join(work, "named"), target[0])
            command = base + ["#target:" + kind]
            payload = " ".join(command).encode()
            input_path = None
            out_arg = "-" if kind == "dash" else target[0]
            argv = [binary] + [out_arg if a == "OUT" else a for a in placed(base, work)]
        elif spec.get("repeat"):
            cases = repeat_cases()
            base, words, count = cases[run % len(cases)]
            command = base + words + ["#×%d" % count]
            payload = " ".join(command).encode()
            input_path = None
            argv = [binary] + placed(base + words * count, work)
        elif spec.get("options"):
            cases = option_cases()
            base, option, value = cases[run % len(cases)]
            command = base + [option, value]
            payload = " ".join(command).encode()
            input_path = None
            argv = [binary] + placed(command, work)
        elif spec.get("api"):
            kinds = {"tours": None, "detail": None, "points": None, "manifest": None}
            for seed_name, data in seeds:
                kind = seed_name.rsplit("-", 1)[-1].split(".")[0]
                if kind in kinds and (kinds[kind] is None or rng.random() < 0.5):
                    kinds[kind] = data
            target = rng.choice([k for k in kinds if kinds[k] is not None])
            kinds[target] = mutate(kinds[target], rng, tokens, others)
            APIHandler.bodies[index] = kinds
            port = api_server()
            payload = kinds[target]
            tour_id = "torino-portici"
            m = re.search(rb'"(?:id|slug)"\s*:\s*"([A-Za-z0-9_-]{1,60})"', kinds.get("detail") or b"")
            if m:
                tour_id = m.group(1).decode()
            subst = {"API": f"http://127.0.0.1:{port}/r{index}", "TOURID": tour_id, "DIR": os.path.join(work, "tours")}
            input_path = os.path.join(work, "answer-" + target + ".json")
            open(input_path, "wb").write(payload)
        elif spec.get("tour"):
            copy = os.path.join(work, "tour")
            source_tour = os.path.join(ROOT, "tours", "paris-ile-de-la-cite" if b"paris" in base[:4000] else "torino-portici")
            shutil.copytree(source_tour, copy, symlinks=True)
            payload = mutate(base, rng, tokens, others)
            input_path = os.path.join(copy, "tour.json")
            open(input_path, "wb").write(payload)
            subst = {"TOUR": copy}
        elif spec.get("mbtiles"):
            input_path = os.path.join(work, "input.mbtiles")
            open(input_path, "wb").write(base)
            mutations = mutate_mbtiles(input_path, rng, work)
            payload = open(input_path, "rb").read()
            tour = os.path.join(work, "tour")
            shutil.copytree(os.path.join(ROOT, "tours", "torino-portici"), tour, symlinks=True)
            map_tour = os.path.join(work, "maptour")
            shutil.copytree(os.path.join(ROOT, "tours", "helsinki-keskusta"), map_tour, symlinks=True)
            shutil.copyfile(input_path, os.path.join(map_tour, "map", "helsinki-center.mbtiles"))
            subst = {"FILE": input_path, "TOUR": tour, "MAPTOUR": map_tour}
            command = command + ["#mutations:" + ",".join(mutations)]
        else:
            payload = mutate(base, rng, tokens, others)
            if spec.get("gzip"):
                payload = gz.compress(payload, 6) if rng.random() < 0.6 else mutate(gz.compress(payload, 6), rng, [], [])
            input_path = os.path.join(work, "input" + spec["suffix"])
            open(input_path, "wb").write(payload)
            subst = {"FILE": input_path, "DIR": os.path.join(work, "imported")}
        if not (spec.get("options") or spec.get("outputs") or spec.get("repeat")):
            argv = [binary] + [subst.get(a, a) for a in command if not a.startswith("#")]
        env = dict(os.environ, SWIFT_BACKTRACE="enable=no", TERM="xterm-256color", XDG_STATE_HOME=os.path.join(work, "state"),
                   HOME=work, LANG="C.UTF-8")
        started = time.monotonic()
        rss_kib = 0
        if spec.get("rss_mb"):
            status, stdout, stderr, hung, rss_kib = run_measured(argv, timeout, env)
        else:
            try:
                p = subprocess.run(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, env=env)
                status, stdout, stderr, hung = p.returncode, p.stdout, p.stderr, False
            except subprocess.TimeoutExpired as e:
                status, stdout, stderr, hung = None, e.stdout or b"", e.stderr or b"", True
        elapsed = time.monotonic() - started
        if hung:
            # On a loaded machine a run can be starved past the timeout: a hang is one that a rerun with six
            # times the time does not end either.
            try:
                p = subprocess.run(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout * 6, env=env)
                status, stdout, stderr, hung = p.returncode, p.stdout, p.stderr, False
            except subprocess.TimeoutExpired as e:
                stdout, stderr = e.stdout or b"", e.stderr or b""
        problems = []
        if hung:
            problems.append(f"no exit within {timeout} s, nor within {timeout * 6:.0f} s on a rerun")
        elif status < 0 or status >= 128:
            problems.append(f"exit {status if status >= 0 else 128 - status} (signal {-status if status < 0 else status - 128})")
        if spec.get("rss_mb") and rss_kib > spec["rss_mb"] * 1024:
            problems.append(f"peak RSS {rss_kib // 1024} MiB, over {spec['rss_mb']} MiB")
        for stream, text in (("stdout", stdout), ("stderr", stderr)):
            if stream == "stdout" and target and target[1] == "dash":
                continue  # the output itself, written to standard output (`--render -` is a terminal recording)
            if b"\x1b" in text or b"\xc2\x9b" in text:
                problems.append(f"raw escape byte on {stream}")
        if target:
            path, kind = target
            mode = os.lstat(path).st_mode if os.path.lexists(path) else None
            expected = {"fifo": stat.S_ISFIFO, "device": stat.S_ISCHR, "link": stat.S_ISLNK}.get(kind)
            if expected and (mode is None or not expected(mode)):
                problems.append(f"the {kind} named as the output is now {'gone' if mode is None else 'a ' + stat.filemode(mode)}")
        finding = None
        if problems:
            os.makedirs(os.path.join(out, "findings"), exist_ok=True)
            stem = os.path.join(out, "findings", f"{reader}-{index}")
            open(stem + ".input", "wb").write(payload)
            with open(stem + ".txt", "w") as f:
                f.write("problems: " + "; ".join(problems) + "\n")
                f.write("command: " + " ".join(command) + "\n")
                f.write("stdout:\n" + stdout[-4000:].decode("utf-8", "replace") + "\nstderr:\n" + stderr[-4000:].decode("utf-8", "replace") + "\n")
            finding = (reader, index, "; ".join(problems), " ".join(command))
        return reader, finding, elapsed, status
    finally:
        APIHandler.bodies.pop(index, None)
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/walkscape"))
    parser.add_argument("--runs", type=int, default=10000, help="runs per reader")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="13")
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--out", default=os.path.join(ROOT, ".build/probe"))
    parser.add_argument("--readers", default=",".join(READERS))
    parser.add_argument("--seconds", type=float, default=0, help="stop starting runs after this many seconds (0: no limit)")
    args = parser.parse_args()
    readers = [r for r in args.readers.split(",") if r]
    for r in readers:
        if r not in READERS:
            sys.exit(f"unknown reader {r}; expected one of {', '.join(READERS)}")
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary}: no such binary; build it with: swift build -c release --product walkscape")
    os.makedirs(args.out, exist_ok=True)
    # Interleave the readers so that a time limit leaves every reader with about the same number of runs.
    # The `options`, `outputs` and `repeat` readers have fixed lists of cases: they stop at their end.
    jobs = [(r, i * len(readers) + k, args.seed, binary, args.timeout, args.out, i) for i in range(args.runs) for k, r in enumerate(readers)
            if (r != "options" or i < len(option_cases())) and (r != "outputs" or i < len(output_cases()))
            and (r != "repeat" or i < len(repeat_cases()))]
    started = time.monotonic()
    counts = {r: 0 for r in readers}
    seconds = {r: 0.0 for r in readers}
    findings = []
    statuses = {r: {} for r in readers}
    with multiprocessing.Pool(args.jobs) as pool:
        for reader, finding, elapsed, status in pool.imap_unordered(run_one, jobs, chunksize=4):
            counts[reader] += 1
            seconds[reader] += elapsed
            statuses[reader][status] = statuses[reader].get(status, 0) + 1
            if finding:
                findings.append(finding)
                print("FINDING", *finding, flush=True)
            total = sum(counts.values())
            if total % 500 == 0:
                print(f"{total} runs, {len(findings)} findings, {time.monotonic() - started:.0f} s", flush=True)
            if args.seconds and time.monotonic() - started > args.seconds:
                pool.terminate()
                break
    print(f"\n{'reader':<9} {'runs':>7} {'findings':>9} {'mean s':>7}  exit statuses")
    for r in readers:
        n = sum(1 for f in findings if f[0] == r)
        mean = seconds[r] / counts[r] if counts[r] else 0
        exits = " ".join(f"{k}:{v}" for k, v in sorted(statuses[r].items(), key=lambda kv: (not isinstance(kv[0], int), kv[0] if isinstance(kv[0], int) else 0, str(kv[0]))))
        print(f"{r:<9} {counts[r]:>7} {n:>9} {mean:>7.3f}  {exits}")
    print(f"total: {sum(counts.values())} runs, {len(findings)} findings in {time.monotonic() - started:.0f} s (seed {args.seed})")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
