#!/usr/bin/env python3
"""A stand-in for the walking-tour backend's mobile API, for walkscape's download tests and benchmark.

Serves the tours of a directory (default: the repository's tours/) in the API's two shapes:

  /v1/...        the deployed backend: UUID tour ids, imageUrl, routePolyline, hasAccess, NestJS errors,
                 absolute signed-looking media URLs, one subtitle file per point in the manifest's language,
                 voucher answers {success, message, ...} with 400/404/409 errors, analytics answered 204
                 once the body passes the backend's DTO check (ANALYTICS_* below: an unknown field, event
                 name or field type is a 400 with NestJS's message list, and the events are not recorded);
  /draft/v1/...  the API draft: tour ids = slugs, coverImageUrl, routePreview.polyline, media URLs relative
                 to the API base, every subtitle of a track, voucher answers {valid, maxUses, usesSoFar,
                 expiresAt}, analytics answered {"status": "ok"}.

Media files are served with strong ETags (their MD5, as S3 does), Range and If-Range support, keep-alive.

Map tiles: a tour whose tour.json names mapTiles gets a real offlineMap in its manifest (bounds from the
MBTiles metadata, recommendedZoomLevels from its tiles, its attribution, and tilesUrlTemplate
http://HOST/tiles/SLUG/{z}/{x}/{y}.pbf in the deployed shape, tiles/SLUG/{z}/{x}/{y}.pbf relative to the API in
the draft); the tiles are read from the MBTiles file with sqlite3 and served as stored (gzip, with
Content-Encoding: gzip) with an MD5 ETag; a tile the file does not have is a 404, as tile servers answer
outside their data. Other tours get the deployed backend's placeholder (bounds all 0). Tile keys, for faults
and counters, are "SLUG/tiles/Z/X/Y.pbf".

The protected tour (isProtected in its tour.json) answers 403 on /points and /manifest unless the bearer
token has access. Tokens: "t-owner" (has access to every tour), "t-tester" (no access until it redeems a
voucher); any other token is 401. Vouchers: PARIS-OK (valid), PARIS-EXPIRED, PARIS-USEDUP.

Faults, per run (--fault KIND[:MATCH[:TIMES]], repeatable) or per request (POST /_control/faults with
{"faults": [{"kind": ..., "match": ..., "times": N}]}): MATCH is a substring of the media key
(e.g. "torino-portici/audio/it/p3.mp3") or of the API path (e.g. "/manifest"); TIMES (default: every time)
counts the requests it applies to.

  drop        send half of the body, then cut the connection
  reset       cut the connection before answering
  slow        send at RATE bytes a second (--slow-rate, default 200000)
  error500    answer 500
  wrong-size  the manifest announces 7 more bytes than the file has
  huge        the manifest announces 10^12 bytes (1 TB)
  corrupt     flip bytes in the body (the ETag still names the true MD5)
  bad-json    the manifest's audio[1].fileSizeBytes is a string
  not-json    the API answers half of its JSON text
  redirect    answer a media request with 302 to the same file at ?via=cdn (counted once, when served)
  redirect-ftp  answer a media request with 302 to the same path on ftp:// (a client must refuse it)
  trickle     send the body in small pieces at RATE bytes a second (--trickle-rate, default 3: a server
              that never quite stops, below any sane floor)
  bad-tile    a tile that is not a vector tile: a byte of its gzip stream flipped, the ETag naming the bytes
              sent (the server's tile itself is broken; drop, reset, error500 and corrupt work on tiles too)
  endless     answer a media request 200 without Content-Length (the body ends when the connection does):
              the file, then zeros until the client hangs up (at most 256 MiB)
  wide-map    the manifest's offlineMap is a 1° x 1° box around the tour's tiles at zooms 14-16 (88,964 tiles
              at Helsinki's latitude)
  huge-map    the manifest's offlineMap asks for zoom 22 over most of Europe (about 4 x 10^11 tiles)

GET /_control/counters gives {"files": {key: {"bytes": n, "requests": n, "ranges": [...]}}, "events": [...],
"api": {path: n}}; POST /_control/reset clears counters and faults; POST /_control/version {"bump": n} adds
n to every tour's version (an update on the server).

Prints the port it listens on, then serves until killed.
"""

import argparse
import base64
import hashlib
import json
import os
import re
import signal
import socket
import sqlite3
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

# A 1x1 PNG: the cover image the Turin tour gets on this server (the sample tours have none).
COVER_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


# The deployed backend's analytics DTO (backend/src/analytics/dto/analytics-event.dto.ts and
# track-events.dto.ts at commit 5c84126) under main.ts's ValidationPipe({whitelist, forbidNonWhitelisted}).
ANALYTICS_EVENT_NAMES = [
    "app_open", "signup", "login", "tour_viewed", "tour_download_started", "tour_download_completed",
    "tour_download_deleted", "tour_started", "point_triggered", "tour_completed", "tour_abandoned",
    "follow_us_clicked", "contact_clicked", "voucher_redeemed", "donation_link_clicked",
]
ANALYTICS_OPTIONAL_FIELDS = {
    "userId": "string", "anonymousId": "string", "tourId": "string", "pointId": "string", "language": "string",
    "device": "string", "osVersion": "string", "offline": "boolean", "timestamp": "date", "properties": "object",
}
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$")


def analytics_problems(body):
    """The messages NestJS's ValidationPipe answers for `body`, in its order; empty when valid."""
    if not isinstance(body, dict):
        return ["events must contain at least 1 elements", "events must be an array"]
    problems = ["property %s should not exist" % key for key in body if key != "events"]
    events = body.get("events")
    if not isinstance(events, list):
        return problems + ["nested property events must be either object or array",
                           "events must contain at least 1 elements", "events must be an array"]
    if not events:
        return problems + ["events must contain at least 1 elements"]
    for i, event in enumerate(events):
        path = "events.%d." % i
        if not isinstance(event, dict):
            problems.append("events.nested property events must be either object or array")
            continue
        for key in event:
            if key != "name" and key not in ANALYTICS_OPTIONAL_FIELDS:
                problems.append(path + "property %s should not exist" % key)
        if event.get("name") not in ANALYTICS_EVENT_NAMES:
            problems.append(path + "name must be one of the following values: " + ", ".join(ANALYTICS_EVENT_NAMES))
        for key, kind in ANALYTICS_OPTIONAL_FIELDS.items():
            if key not in event or event[key] is None:
                continue
            value = event[key]
            if kind == "string" and not isinstance(value, str):
                problems.append(path + "%s must be a string" % key)
            elif kind == "boolean" and not isinstance(value, bool):
                problems.append(path + "%s must be a boolean value" % key)
            elif kind == "date" and not (isinstance(value, str) and ISO_DATE.match(value)):
                problems.append(path + "%s must be a valid ISO 8601 date string" % key)
            elif kind == "object" and not isinstance(value, dict):
                problems.append(path + "%s must be an object" % key)
    return problems


class Tours:
    """The tours on disk, their media keyed "slug/relative/path", and the API answers made from them."""

    def __init__(self, root):
        self.root = root
        self.tours = {}
        self.media = {}
        for slug in sorted(os.listdir(root)):
            path = os.path.join(root, slug, "tour.json")
            if not os.path.isfile(path):
                continue
            with open(path, encoding="utf-8") as f:
                tour = json.load(f)
            self.tours[slug] = tour
            for point in tour["points"]:
                for track in point["tracks"].values():
                    assets = [track["audio"]] + list((track.get("subtitles") or {}).values())
                    for asset in assets:
                        self.add_media(slug + "/" + asset["file"], os.path.join(root, slug, asset["file"]))
        if "torino-portici" in self.tours:
            self.add_media_bytes("torino-portici/cover.png", COVER_PNG)
        self.version_bump = 0
        # slug -> {"tiles": {(z, x, y): bytes} (XYZ rows), "bounds": (w, s, e, n), "zooms": [...], "attribution": ...}
        self.maps = {}
        for slug, tour in self.tours.items():
            asset = tour.get("mapTiles")
            if asset:
                self.maps[slug] = self.read_map(os.path.join(root, slug, asset["file"]))

    @staticmethod
    def read_map(path):
        db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        try:
            metadata = dict(db.execute("SELECT name, value FROM metadata"))
            tiles = {}
            for z, x, row, data in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"):
                tiles[(z, x, (1 << z) - 1 - row)] = bytes(data)
        finally:
            db.close()
        west, south, east, north = (float(v) for v in metadata["bounds"].split(","))
        return {"tiles": tiles, "bounds": (west, south, east, north), "zooms": sorted({z for z, _, _ in tiles}),
                "attribution": metadata.get("attribution")}

    def add_media(self, key, path):
        with open(path, "rb") as f:
            self.add_media_bytes(key, f.read(), path)

    def add_media_bytes(self, key, data, path=None):
        self.media[key] = {"path": path, "size": len(data), "md5": hashlib.md5(data).hexdigest(),
                           "data": data if path is None or len(data) < (64 << 20) else None}

    @staticmethod
    def deployed_id(slug):
        return str(uuid.uuid5(uuid.NAMESPACE_URL, "walkscape-test/" + slug))

    def find(self, shape, tour_id):
        for slug, tour in self.tours.items():
            if (shape == "deployed" and self.deployed_id(slug) == tour_id) or (shape == "draft" and slug == tour_id):
                return slug, tour
        return None, None


class State:
    """Everything a run changes: faults, access, voucher uses, counters."""

    def __init__(self, faults, slow_rate, trickle_rate=3):
        self.lock = threading.Lock()
        self.faults = list(faults)
        self.slow_rate = slow_rate
        self.trickle_rate = trickle_rate
        self.access = {("t-owner", "*")}
        self.vouchers = {
            "PARIS-OK": {"maxUses": 5, "usesSoFar": 0, "expiresAt": "2099-12-31T23:59:59Z"},
            "PARIS-EXPIRED": {"maxUses": 5, "usesSoFar": 0, "expiresAt": "2020-01-01T00:00:00Z"},
            "PARIS-USEDUP": {"maxUses": 5, "usesSoFar": 5, "expiresAt": None},
        }
        self.files = {}
        self.api = {}
        self.events = []

    def take_fault(self, target, kinds):
        """The first fault of one of `kinds` whose match is in `target`, consuming one of its times."""
        with self.lock:
            for fault in self.faults:
                if fault["kind"] in kinds and fault.get("match", "") in target and fault.get("times", -1) != 0:
                    if fault.get("times", -1) > 0:
                        fault["times"] -= 1
                    return fault["kind"]
        return None

    def has_fault(self, target, kind):
        with self.lock:
            return any(f["kind"] == kind and f.get("match", "") in target and f.get("times", -1) != 0 for f in self.faults)

    def count_file(self, key, sent):
        with self.lock:
            entry = self.files.setdefault(key, {"bytes": 0, "requests": 0, "ranges": []})
            entry["bytes"] += sent

    def count_request(self, key, range_header):
        with self.lock:
            entry = self.files.setdefault(key, {"bytes": 0, "requests": 0, "ranges": []})
            entry["requests"] += 1
            entry["ranges"].append(range_header)


def parse_faults(specs):
    faults = []
    for spec in specs:
        parts = spec.split(":")
        fault = {"kind": parts[0], "match": parts[1] if len(parts) > 1 else ""}
        fault["times"] = int(parts[2]) if len(parts) > 2 else -1
        faults.append(fault)
    return faults


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes: without TCP_NODELAY, Nagle's algorithm holds the body until
    # the client's delayed ACK of the headers, 40 ms per request on Linux.
    disable_nagle_algorithm = True
    server_version = "walkscape-test-api/1"

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("api_server: " + (format % args) + "\n")

    # Plumbing

    def send_json(self, status, value, text=None):
        body = (text if text is not None else json.dumps(value, ensure_ascii=False)).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_nest_error(self, status, message, error):
        self.send_json(status, {"statusCode": status, "message": message, "error": error})

    def send_empty(self, status):
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def cut(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def token(self):
        header = self.headers.get("Authorization") or ""
        return header[7:].strip() if header.startswith("Bearer ") else None

    # Routing

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        url = urlsplit(self.path)
        path = url.path
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        state = self.server.state
        if path.startswith("/_control/"):
            return self.control(method, path)
        if "/tiles/" in path:
            return self.tile(path.split("/tiles/", 1)[1])
        if "/media/" in path:
            key = path.split("/media/", 1)[1]
            if key.startswith("uploads/"):
                key = key[len("uploads/"):]
            return self.media(key, redirected=query.get("via") == "cdn")
        for prefix, shape in (("/draft/v1/", "draft"), ("/v1/", "deployed")):
            if path.startswith(prefix):
                rest = path[len(prefix):]
                with state.lock:
                    state.api[path] = state.api.get(path, 0) + 1
                fault = state.take_fault(path, {"error500", "reset", "not-json"})
                if fault == "error500":
                    return self.send_nest_error(500, "Internal server error", "Internal Server Error")
                if fault == "reset":
                    return self.cut()
                self.not_json = fault == "not-json"
                return self.api(method, shape, prefix, rest, query)
        self.send_nest_error(404, "Cannot %s %s" % (method, path), "Not Found")

    def api_json(self, status, value):
        if getattr(self, "not_json", False):
            text = json.dumps(value, ensure_ascii=False)
            return self.send_json(status, None, text[: len(text) // 2])
        self.send_json(status, value)

    def api(self, method, shape, prefix, rest, query):
        tours = self.server.tours
        state = self.server.state
        token = self.token()
        if token is not None and token not in ("t-owner", "t-tester"):
            return self.send_json(401, {"statusCode": 401, "message": "Unauthorized"})
        parts = rest.strip("/").split("/")
        if method == "GET" and parts == ["tours"]:
            return self.api_json(200, [self.list_item(shape, slug, tour, token) for slug, tour in tours.tours.items()])
        if method == "POST" and parts == ["vouchers", "validate"]:
            return self.voucher(shape, token)
        if method == "POST" and parts == ["analytics", "events"]:
            # Express's JSON parser reads a body only when it is sent as application/json; otherwise NestJS
            # validates {} (as AnalyticsIntake in the core does).
            media = (self.headers.get("Content-Type") or "").split(";", 1)[0].strip().lower()
            raw = self.read_body()
            # body-parser reads charsets named utf-* (decoded as iconv-lite does) and refuses the others with 415.
            charset = "utf-8"
            for parameter in (self.headers.get("Content-Type") or "").split(";")[1:]:
                name, _, value = parameter.partition("=")
                if name.strip().lower() == "charset":
                    charset = value.strip().strip('"').lower()
            if media == "application/json" and raw and charset != "utf-8":
                if charset not in ("utf-16", "utf-16le", "utf-16be"):
                    return self.send_nest_error(415, 'unsupported charset "%s"' % charset.upper(), "Unsupported Media Type")
                big = charset == "utf-16be"
                if raw[:2] in (b"\xfe\xff", b"\xff\xfe"):
                    big, raw = raw[:2] == b"\xfe\xff", raw[2:]
                raw = raw.decode("utf-16-be" if big else "utf-16-le", errors="replace").encode("utf-8")
            try:
                body = json.loads((raw if media == "application/json" else b"") or b"{}")
            except ValueError:
                return self.send_nest_error(400, "Unexpected token in JSON body", "Bad Request")
            if shape == "deployed":
                problems = analytics_problems(body)
                if problems:
                    return self.send_nest_error(400, problems, "Bad Request")
            events = body.get("events") if isinstance(body, dict) else None
            if not isinstance(events, list) or not events:
                return self.send_nest_error(400, ["events must contain at least 1 elements"], "Bad Request")
            with state.lock:
                state.events.extend(events)
            return self.send_empty(204) if shape == "deployed" else self.send_json(200, {"status": "ok"})
        if method == "GET" and len(parts) in (2, 3) and parts[0] == "tours":
            slug, tour = tours.find(shape, parts[1])
            if tour is None:
                return self.send_nest_error(404, "Tour not found", "Not Found")
            language = query.get("language")
            if not language:
                return self.send_nest_error(404, "Language query parameter is required", "Not Found")
            if language not in tour["languages"]:
                return self.send_nest_error(404, "Tour not available in language: %s" % language, "Not Found")
            tour_id = parts[1]
            if len(parts) == 2:
                return self.api_json(200, self.detail(shape, slug, tour, language, token))
            if tour["isProtected"] and not self.has_access(token, tour_id):
                return self.send_nest_error(403, "Access denied. Redeem a voucher to access this tour.", "Forbidden")
            if parts[2] == "points":
                return self.api_json(200, self.points(tour, language))
            if parts[2] == "manifest":
                return self.api_json(200, self.manifest(shape, prefix, slug, tour_id, tour, language))
        self.send_nest_error(404, "Cannot %s /%s" % (method, rest), "Not Found")

    def has_access(self, token, tour_id):
        state = self.server.state
        with state.lock:
            return token is not None and ((token, "*") in state.access or (token, tour_id) in state.access)

    # Answers

    def list_item(self, shape, slug, tour, token):
        item = {
            "id": slug if shape == "draft" else Tours.deployed_id(slug),
            "slug": slug,
            "title": tour["title"],
            "descriptionPreview": {k: v[:200] + "..." for k, v in (tour.get("description") or {}).items()},
            "city": tour["city"],
            "durationMinutes": tour["durationMinutes"],
            "distanceKm": tour["distanceKm"],
            "languages": tour["languages"],
            "isProtected": tour["isProtected"],
        }
        cover = self.cover_url(shape, slug)
        if shape == "deployed":
            item.update({"completionMessage": tour.get("completionMessage"), "difficulty": "easy", "imageUrl": cover,
                         "coverTrailerUrl": None, "routePolyline": tour.get("routePolyline")})
            if token:
                item["hasAccess"] = not tour["isProtected"] or self.has_access(token, item["id"])
        else:
            item["coverImageUrl"] = cover
        return item

    def cover_url(self, shape, slug):
        if slug + "/cover.png" not in self.server.tours.media:
            return None
        return self.media_url(shape, slug + "/cover.png")

    def media_url(self, shape, key):
        if shape == "deployed":
            signature = hashlib.sha1(key.encode()).hexdigest()[:16]
            return "http://127.0.0.1:%d/media/uploads/%s?X-Amz-Expires=86400&X-Amz-Signature=%s" % (
                self.server.server_port, key, signature)
        return "media/" + key

    def detail(self, shape, slug, tour, language, token):
        tour_id = slug if shape == "draft" else Tours.deployed_id(slug)
        detail = {
            "id": tour_id,
            "slug": slug,
            "title": tour["title"].get(language),
            "description": (tour.get("description") or {}).get(language, ""),
            "city": tour["city"],
            "durationMinutes": tour["durationMinutes"],
            "distanceKm": tour["distanceKm"],
            "languages": tour["languages"],
            "isProtected": tour["isProtected"],
            "startingPoint": tour["startingPoint"],
            "downloadInfo": {"estimatedSizeMb": 180, "isDownloaded": False},
        }
        cover = self.cover_url(shape, slug)
        if shape == "deployed":
            detail.update({
                "completionMessage": (tour.get("completionMessage") or {}).get(language),
                "busInfo": None, "difficulty": "easy", "imageUrl": cover, "coverTrailerUrl": None,
                "routePolyline": tour.get("routePolyline"),
                "hasAccess": not tour["isProtected"] or self.has_access(token, tour_id),
            })
        else:
            detail["coverImageUrl"] = cover
            detail["routePreview"] = {"polyline": encode_polyline(tour.get("routePolyline"))} if tour.get("routePolyline") else None
        return detail

    def points(self, tour, language):
        return [{
            "id": p["id"], "order": p["order"],
            "title": p["title"].get(language, "Untitled Point"),
            "description": (p.get("description") or {}).get(language, ""),
            "location": p["location"], "triggerRadiusMeters": p["triggerRadiusMeters"],
        } for p in sorted(tour["points"], key=lambda p: p["order"])]

    def manifest(self, shape, prefix, slug, tour_id, tour, language):
        state = self.server.state
        media = self.server.tours.media

        def size(key):
            real = media[key]["size"]
            if state.take_fault(key, {"huge"}):
                return 10 ** 12  # 1 TB: within fileSizeBytes' range (2^40), beyond any test disk
            if state.take_fault(key, {"wrong-size"}):
                return real + 7
            return real

        audio, subtitles = [], []
        for p in sorted(tour["points"], key=lambda p: p["order"]):
            track = p["tracks"][language]
            key = slug + "/" + track["audio"]["file"]
            audio.append({"pointId": p["id"], "order": p["order"], "fileUrl": self.media_url(shape, key), "fileSizeBytes": size(key)})
            for sub_language, asset in (track.get("subtitles") or {}).items():
                if shape == "deployed" and sub_language != language:
                    continue
                key = slug + "/" + asset["file"]
                subtitles.append({"pointId": p["id"], "language": sub_language, "fileUrl": self.media_url(shape, key), "fileSizeBytes": size(key)})
        manifest = {
            "tourId": tour_id, "language": language, "version": tour["version"] + self.server.tours.version_bump,
            "audio": audio, "images": [], "subtitles": subtitles, "offlineMap": self.offline_map(shape, slug),
        }
        if state.take_fault("/manifest", {"bad-json"}) and len(audio) > 1:
            audio[1]["fileSizeBytes"] = str(audio[1]["fileSizeBytes"])
        return manifest

    def offline_map(self, shape, slug):
        """The manifest's offlineMap: the tour's tiles, or the deployed backend's placeholder."""
        tile_map = self.server.tours.maps.get(slug)
        if self.server.state.take_fault("/manifest", {"huge-map"}):
            return {"tilesUrlTemplate": "tiles/%s/{z}/{x}/{y}.pbf" % slug,
                    "bounds": {"north": 70, "south": 36, "east": 40, "west": -10}, "recommendedZoomLevels": [22]}
        if tile_map is not None and self.server.state.take_fault("/manifest", {"wide-map"}):
            west, south, east, north = tile_map["bounds"]
            middle_lat, middle_lng = (south + north) / 2, (west + east) / 2
            tile_map = dict(tile_map, bounds=[middle_lng - 0.5, middle_lat - 0.5, middle_lng + 0.5, middle_lat + 0.5], zooms=[14, 15, 16])
        if tile_map is None:
            return {"tilesUrlTemplate": "https://tiles.example.org/{z}/{x}/{y}.pbf",
                    "bounds": {"north": 0, "south": 0, "east": 0, "west": 0}, "recommendedZoomLevels": [14, 15, 16]}
        west, south, east, north = tile_map["bounds"]
        if shape == "deployed":
            template = "http://127.0.0.1:%d/tiles/%s/{z}/{x}/{y}.pbf" % (self.server.server_port, slug)
        else:
            template = "tiles/%s/{z}/{x}/{y}.pbf" % slug
        return {"tilesUrlTemplate": template, "bounds": {"north": north, "south": south, "east": east, "west": west},
                "recommendedZoomLevels": tile_map["zooms"], "attribution": tile_map["attribution"]}

    def tile(self, rest):
        """GET /tiles/SLUG/Z/X/Y.pbf: a tile as its MBTiles file stores it, 404 when it has none."""
        state = self.server.state
        match = re.fullmatch(r"([^/]+)/(\d+)/(\d+)/(\d+)\.pbf", rest)
        if match is None:
            return self.send_nest_error(404, "Not Found", "Not Found")
        slug, z, x, y = match.group(1), int(match.group(2)), int(match.group(3)), int(match.group(4))
        key = "%s/tiles/%d/%d/%d.pbf" % (slug, z, x, y)
        state.count_request(key, None)
        data = self.server.tours.maps.get(slug, {}).get("tiles", {}).get((z, x, y))
        if data is None:
            return self.send_nest_error(404, "Not Found", "Not Found")
        if self.answer_fault(key):
            return
        if state.take_fault(key, {"bad-tile"}):
            broken = bytearray(data)
            broken[len(broken) // 2] ^= 0xFF
            data = bytes(broken)
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        if data[:2] == b"\x1f\x8b":
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", '"%s"' % hashlib.md5(data).hexdigest())
        self.end_headers()
        drop = state.take_fault(key, {"drop"})
        corrupt = state.take_fault(key, {"corrupt"})
        self.send_body(key, {"data": data, "path": None}, 0, len(data) // 2 if drop else len(data), corrupt, None)
        if drop:
            self.cut()

    def voucher(self, shape, token):
        state = self.server.state
        try:
            body = json.loads(self.read_body() or b"{}")
        except ValueError:
            return self.send_nest_error(400, "Invalid JSON", "Bad Request")
        if token is None:
            return self.send_json(401, {"statusCode": 401, "message": "Unauthorized"})
        code = str(body.get("code", "")).strip().upper()
        with state.lock:
            voucher = state.vouchers.get(code)
            expired = voucher is not None and voucher["expiresAt"] is not None and voucher["expiresAt"] < time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            used_up = voucher is not None and voucher["usesSoFar"] >= voucher["maxUses"]
            tour_id = body.get("tourId") or Tours.deployed_id("paris-ile-de-la-cite")
            valid = voucher is not None and not expired and not used_up
            already = (token, tour_id) in state.access
            if valid and not already:
                voucher["usesSoFar"] += 1
                state.access.add((token, tour_id))
        if shape == "draft":
            if voucher is None:
                return self.send_json(200, {"valid": False, "maxUses": 0, "usesSoFar": 0, "expiresAt": None})
            return self.send_json(200, {"valid": valid, "maxUses": voucher["maxUses"], "usesSoFar": voucher["usesSoFar"], "expiresAt": voucher["expiresAt"]})
        if voucher is None:
            return self.send_nest_error(404, "Invalid voucher code", "Not Found")
        if expired:
            return self.send_nest_error(400, "This voucher has expired", "Bad Request")
        if used_up:
            return self.send_nest_error(400, "This voucher has reached its maximum usage limit", "Bad Request")
        if already:
            return self.send_nest_error(409, "You already have access to this tour", "Conflict")
        self.send_json(201, {"success": True, "message": "Voucher redeemed successfully", "tourId": tour_id, "tourTitle": "Paris"})

    # Media

    def media(self, key, redirected=False):
        state = self.server.state
        if not redirected and state.take_fault(key, {"redirect-ftp"}):
            self.send_response(302)
            self.send_header("Location", "ftp://127.0.0.1:%d%s" % (self.server.server_address[1], self.path.split("?")[0]))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if not redirected and state.take_fault(key, {"redirect"}):
            # Like a signed CDN link: the file is elsewhere (here, the same path with ?via=cdn).
            self.send_response(302)
            self.send_header("Location", self.path.split("?")[0] + "?via=cdn")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        entry = self.server.tours.media.get(key)
        range_header = self.headers.get("Range")
        state.count_request(key, range_header)
        if entry is None:
            return self.send_nest_error(404, "Not Found", "Not Found")
        if self.answer_fault(key):
            return
        if state.has_fault(key, "endless"):
            return self.send_endless(key, entry)
        size = entry["size"]
        etag = '"%s"' % entry["md5"]
        start, end, status = 0, size - 1, 200
        if range_header and (self.headers.get("If-Range") in (None, etag)):
            match = re.fullmatch(r"bytes=(\d+)-(\d*)", range_header.strip())
            if match:
                start = int(match.group(1))
                end = min(int(match.group(2)), size - 1) if match.group(2) else size - 1
                if start >= size:
                    self.send_response(416)
                    self.send_header("Content-Range", "bytes */%d" % size)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                status = 206
        length = end - start + 1
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(length))
        self.send_header("ETag", etag)
        self.send_header("Accept-Ranges", "bytes")
        if status == 206:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, end, size))
        self.end_headers()
        drop = state.take_fault(key, {"drop"})
        corrupt = state.take_fault(key, {"corrupt"})
        slow = state.has_fault(key, "slow")
        if state.has_fault(key, "trickle"):
            slow = "trickle"
        limit = length // 2 if drop else length
        self.send_body(key, entry, start, limit, corrupt, slow)
        if drop:
            self.cut()

    def send_endless(self, key, entry):
        """The endless fault: no Content-Length, the file, then zeros until the client hangs up."""
        state = self.server.state
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        data = entry["data"]
        if data is None:
            with open(entry["path"], "rb") as f:
                data = f.read()
        zeros = bytes(1 << 16)
        sent = 0
        try:
            self.wfile.write(data)
            state.count_file(key, len(data))
            while sent < 256 << 20:
                self.wfile.write(zeros)
                sent += len(zeros)
                state.count_file(key, len(zeros))
        except (BrokenPipeError, ConnectionResetError):
            pass

    def answer_fault(self, key):
        """Answers a request for `key` with its error500 or reset fault when one applies; True when it did."""
        fault = self.server.state.take_fault(key, {"error500", "reset"})
        if fault == "error500":
            self.send_nest_error(500, "Internal server error", "Internal Server Error")
        elif fault == "reset":
            self.cut()
        return fault is not None

    def send_body(self, key, entry, start, count, corrupt, slow):
        state = self.server.state
        rate = state.trickle_rate if slow == "trickle" else state.slow_rate
        chunk = (max(1, rate // 10) if slow == "trickle" else 16384) if slow else 1 << 20
        sent = 0
        if entry["data"] is None and not corrupt and not slow:
            with open(entry["path"], "rb") as f:
                while sent < count:
                    n = os.sendfile(self.connection.fileno(), f.fileno(), start + sent, count - sent)
                    if n == 0:
                        break
                    sent += n
                    state.count_file(key, n)
            return
        data = entry["data"]
        if data is None:
            with open(entry["path"], "rb") as f:
                data = f.read()
        try:
            while sent < count:
                piece = bytearray(data[start + sent: start + sent + min(chunk, count - sent)])
                if corrupt and piece:
                    piece[len(piece) // 2] ^= 0xFF
                    corrupt = None
                self.wfile.write(piece)
                sent += len(piece)
                state.count_file(key, len(piece))
                if slow:
                    time.sleep(len(piece) / rate)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    # Control

    def control(self, method, path):
        state = self.server.state
        if path == "/_control/counters":
            with state.lock:
                return self.send_json(200, {"files": state.files, "api": state.api, "events": state.events})
        body = json.loads(self.read_body() or b"{}")
        if path == "/_control/faults":
            with state.lock:
                state.faults = [dict(f) for f in body.get("faults", [])]
            return self.send_json(200, {"status": "ok"})
        if path == "/_control/reset":
            with state.lock:
                state.faults, state.files, state.api, state.events = [], {}, {}, []
            return self.send_json(200, {"status": "ok"})
        if path == "/_control/version":
            self.server.tours.version_bump += int(body.get("bump", 1))
            return self.send_json(200, {"status": "ok"})
        self.send_nest_error(404, "no such control", "Not Found")


def encode_polyline(text):
    """A "lat,lng;…" route as a Google encoded polyline (precision 5), for the draft shape."""
    out, previous = [], (0, 0)
    for pair in text.strip().strip(";").split(";"):
        lat, lng = (int(round(float(v) * 1e5)) for v in pair.split(","))
        for value, last in ((lat, previous[0]), (lng, previous[1])):
            delta = value - last
            delta = ~(delta << 1) if delta < 0 else delta << 1
            while delta >= 0x20:
                out.append(chr((0x20 | (delta & 0x1F)) + 63))
                delta >>= 5
            out.append(chr(delta + 63))
        previous = (lat, lng)
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--tours", default=os.path.normpath(os.path.join(here, "..", "..", "..", "tours")))
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--fault", action="append", default=[], help="KIND[:MATCH[:TIMES]]")
    parser.add_argument("--slow-rate", type=int, default=200000)
    parser.add_argument("--trickle-rate", type=int, default=3)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    # A parent may have started us with signals blocked (posix_spawn from a thread of a test runner).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    ThreadingHTTPServer.request_queue_size = 64  # the default 5 drops SYNs when a client opens several connections
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.tours = Tours(args.tours)
    server.state = State(parse_faults(args.fault), args.slow_rate, args.trickle_rate)
    server.verbose = args.verbose
    print(server.server_port, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
