#!/usr/bin/env python3
"""Check the field report's page (the template in Sources/WalkscapeFieldReport/ReportPageTemplate.swift) in headless Chromium.

Usage: python3 tools/report/check_page.py [--template FILE] [--data FILE] [--out DIR] [--chromium PATH] [--keep]
       python3 tools/report/check_page.py --page report.html [--out DIR] [--no-screenshots]

Builds a page the way `walkscape report` will (fill_template below: the template with the data's
JSON, escaped for a <script> element, in place of its one /*REPORT_DATA*/ placeholder), loads it
from a file in Chromium with the network cut off (a dead proxy, every host name unresolvable; the
page's own Content-Security-Policy refuses everything but data: URIs), dumps the DOM after the page
says it is ready, and asserts on it:

- the page rendered and said it was ready; no error and no blocked or non-data: request recorded
  (the page's first script records errors, CSP violations and resource loads on <html>);
- one point marker and one region circle per point, one dashed circle per advised radius;
- one walk layer per walk; per walk, one trigger marker on the map and one timeline bar per
  narration heard, one queue-wait bar per narration that waited, one missed marker per missed
  point, one completion marker when the walk completed;
- one <audio> per point, each decoded (data-decoded="ok" after loadedmetadata) with a duration;
- the radii table's columns and rows, radii's sweep and noise grids cell for cell; the trace table's
  SHA-256s; the command;
- with --phases, per walk: one hidden map layer per phase, each with its delivered fixes as a line and
  a trigger marker per narration heard under it, phase 0 equal to the walk, and a phase selector;
- the same with hostile names (markup and "</script>" in titles, names, classes, citations):
  nothing injected, the text shown as text.

With --page, the page `walkscape report` wrote is checked as it is, against the data inside it: the
data's schema, the CSP, the DOM checks, the DevTools run and the scripted visit (the hostile and least
data checks are the template's, made from --data, and are left out).

Then it takes screenshots at a desktop and a phone size (the viewport, and a tall window for the
whole page) into a temporary directory (or --out) and prints their paths.

One line per check (PASS or FAIL); exit status 0 when all pass, 1 when one fails, 2 when Chromium
is missing or does not run. Python 3 standard library, plus Chromium (Debian: apt-get install chromium).
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import time
import urllib.request
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "tools" / "report" / "page"
TEMPLATE = ROOT / "Sources" / "WalkscapeFieldReport" / "ReportPageTemplate.swift"
# The template is the Swift raw string between these two lines of ReportPageTemplate.swift; the newline before
# the closing delimiter is not part of the string.
TEMPLATE_OPEN = 'static let html = #"""\n'
TEMPLATE_CLOSE = '\n"""#\n'


def template_span(path: Path, text: str) -> tuple[int, int]:
    """Where the HTML starts and ends in ReportPageTemplate.swift's text; exits with one line when the raw
    string's delimiter lines are not there."""
    start = text.find(TEMPLATE_OPEN)
    end = text.find(TEMPLATE_CLOSE, start + len(TEMPLATE_OPEN)) if start >= 0 else -1
    if end < 0:
        sys.exit(f"{path}: no template found: expected the HTML between a line ending in 'static let html = #\"\"\"' "
                 f"and a line '\"\"\"#'; restore those two lines")
    return start + len(TEMPLATE_OPEN), end


def read_template(path: Path) -> str:
    """The page template: the HTML inside ReportPageTemplate.swift's raw string (or a plain .html file's text)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".swift":
        return text
    start, end = template_span(path, text)
    return text[start:end]


def write_template(path: Path, html: str) -> None:
    """Writes `html` back as the template, in place of the raw string's contents (or as a plain .html file)."""
    if path.suffix != ".swift":
        path.write_text(html, encoding="utf-8")
        return
    text = path.read_text(encoding="utf-8")
    start, end = template_span(path, text)
    path.write_text(text[:start] + html + text[end:], encoding="utf-8")


DATA_RE = re.compile(r'<script type="application/json" id="report-data">(?P<json>.*?)</script>', re.S)
PLACEHOLDER = "/*REPORT_DATA*/"

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def script_json(data) -> str:
    """JSON safe inside <script type="application/json">: no "<", ">", "&", U+2028 or U+2029 left raw."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def fill_template(template: str, data) -> str:
    """What the Swift writer does: the one placeholder replaced by the escaped JSON."""
    count = template.count(PLACEHOLDER)
    if count != 1:
        raise ValueError(f"the template has {count} {PLACEHOLDER} placeholders; it needs exactly one")
    return template.replace(PLACEHOLDER, script_json(data))


SCRIPT_RE = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)
CSP_RE = re.compile(r"(<meta http-equiv=\"Content-Security-Policy\" content=\"[^\"]*?script-src )([^;\"]*)")


def inline_script_hashes(html: str) -> list[str]:
    """CSP source expressions ('sha256-…') of the page's executable inline scripts, in order."""
    out = []
    for m in SCRIPT_RE.finditer(html):
        if "application/json" in m.group("attrs"):
            continue
        digest = hashlib.sha256(m.group("body").encode("utf-8")).digest()
        out.append("'sha256-" + base64.b64encode(digest).decode("ascii") + "'")
    return out


def csp_script_src(html: str) -> list[str]:
    m = CSP_RE.search(html)
    return m.group(2).split() if m else []


def with_csp_scripts(html: str, sources: list[str]) -> str:
    return CSP_RE.sub(lambda m: m.group(1) + " ".join(sources), html, count=1)


class Node:
    __slots__ = ("tag", "attrs", "parent", "children", "text")

    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children, self.text = tag, attrs, parent, [], []

    def classes(self):
        return set((self.attrs.get("class") or "").split())

    def ancestors(self):
        n = self.parent
        while n is not None:
            yield n
            n = n.parent

    def text_content(self):
        out = list(self.text)
        for c in self.children:
            out.append(c.text_content())
        return "".join(out)


class DOM(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root
        self.all: list[Node] = []

    def handle_starttag(self, tag, attrs):
        n = Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.cur)
        self.cur.children.append(n)
        self.all.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        n = Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.cur)
        self.cur.children.append(n)
        self.all.append(n)

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.text.append(data)

    def find(self, tag=None, cls=None, **attrs):
        out = []
        for n in self.all:
            if tag and n.tag != tag:
                continue
            if cls and cls not in n.classes():
                continue
            if any(n.attrs.get(k.replace("_", "-")) != v for k, v in attrs.items()):
                continue
            out.append(n)
        return out


# Injected (with its hash added to the CSP) into a copy of the page for the interaction checks: it
# plays a user's part once the page is ready and writes what it saw on <html data-selftest>.
SELFTEST_JS = r"""
(function () {
  "use strict";
  var out = {};
  var root = document.documentElement;
  function done() { root.setAttribute("data-selftest", JSON.stringify(out)); }
  function wait(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }
  function pe(type, target, x, y, extra) {
    var init = { clientX: x, clientY: y, bubbles: true, cancelable: true, pointerId: (extra && extra.id) || 1,
      pointerType: (extra && extra.kind) || "mouse", isPrimary: true, button: 0, buttons: type === "pointerup" ? 0 : 1 };
    target.dispatchEvent(new PointerEvent(type, init));
  }
  async function run() {
    var tls = document.querySelectorAll("svg.timeline");
    var svg = tls[0], r = svg.getBoundingClientRect(), k = r.width / parseFloat(svg.getAttribute("width"));
    var cur = document.getElementById("walker-cursor");
    /* hover two moments: the walker's marker appears and moves */
    pe("pointermove", svg, r.left + r.width * 0.3, r.top + 40);
    out.cursorShown = !cur.classList.contains("hidden");
    var a1 = [cur.getAttribute("cx"), cur.getAttribute("cy")];
    pe("pointermove", svg, r.left + r.width * 0.7, r.top + 40);
    var a2 = [cur.getAttribute("cx"), cur.getAttribute("cy")];
    out.cursorMoved = a1[0] !== a2[0] || a1[1] !== a2[1];
    out.readout = svg.parentNode.querySelector(".readout").textContent;
    /* tap just after point 2's bar starts, then play the walk from there */
    var bar = svg.querySelector('rect.tl-bar[data-point="2"]');
    var x = r.left + (parseFloat(bar.getAttribute("x")) + 0.6) * k;
    pe("pointerdown", svg, x, r.top + 40);
    pe("pointerup", svg, x, r.top + 40);
    document.getElementById("skip-silence").checked = false;
    svg.parentNode.querySelector("button.play-walk").click();
    await wait(700);
    var audio = document.querySelector('audio[data-point="2"]');
    out.playing = !audio.paused;
    out.currentTime = audio.currentTime;
    out.othersPaused = Array.prototype.every.call(document.querySelectorAll("audio"), function (a) { return a === audio || a.paused; });
    out.playerShown = !document.getElementById("player").hidden;
    out.playerNow = document.getElementById("player-now").textContent;
    out.subtitle = document.querySelector('.subtitle[data-point="2"]').textContent;
    out.playerSub = document.getElementById("player-sub").textContent;
    out.cardPlaying = document.querySelector('.card[data-point="2"]').classList.contains("playing");
    document.getElementById("player-stop").click();
    out.stopped = audio.paused && document.getElementById("player").hidden;
    /* the subtitles' language */
    var sel = document.getElementById("sub-lang");
    var before = document.querySelector('.card[data-point="1"] details.transcript p').textContent;
    sel.value = "en"; sel.dispatchEvent(new Event("change"));
    out.subLangSwitched = document.querySelector('.card[data-point="1"] details.transcript summary').textContent.indexOf("en)") >= 0
      && document.querySelector('.card[data-point="1"] details.transcript p').textContent !== before;
    /* zoom with the wheel, pan with a drag, pinch with two pointers */
    var map = document.getElementById("map"), mr = map.getBoundingClientRect();
    function vb() { return map.getAttribute("viewBox").split(" ").map(Number); }
    var v0 = vb();
    map.dispatchEvent(new WheelEvent("wheel", { deltaY: -300, clientX: mr.left + mr.width / 2, clientY: mr.top + mr.height / 2, bubbles: true, cancelable: true }));
    var v1 = vb();
    out.wheelZooms = v1[2] < v0[2] * 0.9;
    pe("pointerdown", map, mr.left + 100, mr.top + 100);
    pe("pointermove", map, mr.left + 160, mr.top + 130);
    pe("pointerup", map, mr.left + 160, mr.top + 130);
    var v2 = vb();
    out.dragPans = v2[0] < v1[0] && v2[1] < v1[1] && Math.abs(v2[2] - v1[2]) < 1e-6;
    pe("pointerdown", map, mr.left + 100, mr.top + 100, { id: 11, kind: "touch" });
    pe("pointerdown", map, mr.left + 200, mr.top + 100, { id: 12, kind: "touch" });
    pe("pointermove", map, mr.left + 250, mr.top + 100, { id: 12, kind: "touch" });
    pe("pointerup", map, mr.left + 100, mr.top + 100, { id: 11, kind: "touch" });
    pe("pointerup", map, mr.left + 250, mr.top + 100, { id: 12, kind: "touch" });
    out.pinchZooms = vb()[2] < v2[2] * 0.8;
    /* the first walk's phases: one, every one, back to the timeline's */
    var ps = document.querySelector("select.phase-select");
    if (ps) {
      var wid = ps.getAttribute("data-walk");
      function vis(sel) { return Array.prototype.filter.call(document.querySelectorAll(sel), function (n) {
        return n.getAttribute("data-walk") === wid && !n.classList.contains("hidden"); }).length; }
      ps.value = "1"; ps.dispatchEvent(new Event("change"));
      out.phaseOne = [vis("g.walk-phase"), vis('g.walk-phase[data-phase="1"]'), vis("g.walk"), vis(".trigger-marker")];
      ps.value = "all"; ps.dispatchEvent(new Event("change"));
      out.phaseAll = vis("g.walk-phase");
      ps.value = "walk"; ps.dispatchEvent(new Event("change"));
      out.phaseBack = [vis("g.walk-phase"), vis("g.walk")];
    }
    /* colour by speed (a ramp, in the legend), then by accuracy; hide a walk */
    var walkStrokes = strokes();
    document.getElementById("colour-mode").value = "speed"; document.getElementById("colour-mode").dispatchEvent(new Event("change"));
    out.colourBySpeed = strokes() !== walkStrokes && document.getElementById("map-legend").textContent.indexOf("Walks by speed") >= 0;
    function strokes() { return Array.prototype.map.call(document.querySelectorAll(".walk-seg"), function (n) { return n.getAttribute("stroke"); }).join(); }
    var s0 = strokes(), cm = document.getElementById("colour-mode");
    cm.value = "accuracy"; cm.dispatchEvent(new Event("change"));
    out.colourToggles = strokes() !== s0 && document.getElementById("map-legend").textContent.indexOf("accuracy") >= 0;
    var box = document.querySelector('#map-tools input[type="checkbox"]');
    box.checked = false; box.dispatchEvent(new Event("change"));
    out.walkHides = document.querySelector("g.walk").classList.contains("hidden");
  }
  var timer = setInterval(function () {
    if (root.getAttribute("data-report-ready") !== "1") return;
    clearInterval(timer);
    run().then(done, function (e) { out.error = String(e && e.stack || e); done(); });
  }, 50);
})();
"""


def with_selftest(page: str) -> str:
    tag = "<script>" + SELFTEST_JS + "</script>"
    i = page.rindex("</body>")
    page = page[:i] + tag + "\n" + page[i:]
    return with_csp_scripts(page, csp_script_src(page) + inline_script_hashes(tag))


def find_chromium(explicit):
    for name in [explicit, os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def chromium_args(chromium, profile_dir, width, height):
    return [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--disable-domain-reliability",
            "--metrics-recording-only", "--mute-audio", "--autoplay-policy=no-user-gesture-required",
            "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
            "--host-resolver-rules=MAP * ~NOTFOUND", f"--user-data-dir={profile_dir}",
            "--hide-scrollbars", f"--window-size={width},{height}"]


def dump_dom(chromium, page: Path, work: Path, width=1280, height=900, budget_ms=20000):
    profile = tempfile.mkdtemp(prefix="profile-", dir=work)
    args = chromium_args(chromium, profile, width, height) + [
        f"--virtual-time-budget={budget_ms}", "--dump-dom", page.as_uri()]
    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if r.returncode != 0 or "<html" not in r.stdout:
        raise RuntimeError(f"chromium exit {r.returncode}: {r.stderr.strip()[-800:]}")
    dom = DOM()
    dom.feed(r.stdout)
    return dom, r.stdout


def screenshot(chromium, page: Path, work: Path, out: Path, width, height, budget_ms=6000):
    profile = tempfile.mkdtemp(prefix="profile-", dir=work)
    args = chromium_args(chromium, profile, width, height) + [
        f"--virtual-time-budget={budget_ms}", f"--screenshot={out}", page.as_uri()]
    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    return r.returncode == 0 and out.exists() and out.stat().st_size > 1000, r.stderr.strip()[-300:]


class WebSocket:
    """The least of RFC 6455 a DevTools client needs: text frames, masked out, unmasked in."""

    def __init__(self, url: str, timeout=30.0):
        assert url.startswith("ws://")
        hostport, _, path = url[5:].partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("websocket: connection closed during the handshake")
            head += chunk
        head, _, self.buf = head.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("websocket: " + head.split(b"\r\n")[0].decode(errors="replace"))

    def send(self, text: str):
        payload = text.encode()
        n = len(payload)
        head = bytes([0x81])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _read(self, n: int) -> bytes:
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("websocket: connection closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self) -> str:
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            data = self._read(n)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            op = b0 & 0x0F
            if op == 0x8:
                raise RuntimeError("websocket: closed by the browser")
            if op == 0x9:
                continue  # a ping; Chrome does not send them to clients
            message += data
            if b0 & 0x80:
                return message.decode("utf-8", errors="replace")

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def devtools_run(chromium, page: Path, work: Path, timeout=40.0):
    """Loads the page under the DevTools protocol and returns what the browser saw: console errors,
    exceptions, error log entries, every request and every failed one, and <html>'s attributes."""
    profile = tempfile.mkdtemp(prefix="profile-", dir=work)
    args = chromium_args(chromium, profile, 1280, 900) + ["--remote-debugging-port=0", "about:blank"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seen = {"console": [], "exceptions": [], "log": [], "requests": [], "failed": [], "attrs": {}}
    ws = None
    try:
        port_file = Path(profile) / "DevToolsActivePort"
        deadline = time.time() + 20
        while not port_file.exists() or not port_file.read_text().strip():
            if time.time() > deadline or proc.poll() is not None:
                raise RuntimeError("chromium did not open its DevTools port")
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        targets = json.loads(opener.open(f"http://127.0.0.1:{port}/json/list", timeout=10).read())
        target = next(t for t in targets if t.get("type") == "page")
        ws = WebSocket(target["webSocketDebuggerUrl"])
        ids = iter(range(1, 1 << 30))
        urls = {}

        def handle(msg):
            method, params = msg.get("method"), msg.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                seen["console"].append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))[:200])
            elif method == "Runtime.exceptionThrown":
                d = params.get("exceptionDetails", {})
                seen["exceptions"].append((d.get("exception", {}).get("description") or d.get("text", ""))[:200])
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                e = params["entry"]
                seen["log"].append(f"{e.get('source')}: {e.get('text', '')[:160]} {e.get('url', '')[:80]}")
            elif method == "Network.requestWillBeSent":
                url = params.get("request", {}).get("url", "")
                urls[params.get("requestId")] = url
                seen["requests"].append(url)
            elif method == "Network.loadingFailed":
                url = urls.get(params.get("requestId"), "?")
                seen["failed"].append(f"{url[:80]} {params.get('errorText', '')}" + (" (canceled)" if params.get("canceled") else ""))

        def call(method, **params):
            i = next(ids)
            ws.send(json.dumps({"id": i, "method": method, "params": params}))
            while True:
                msg = json.loads(ws.recv())
                if msg.get("id") == i:
                    if "error" in msg:
                        raise RuntimeError(f"{method}: {msg['error']}")
                    return msg.get("result", {})
                handle(msg)

        for domain in ("Runtime", "Log", "Network", "Page"):
            call(domain + ".enable")
        call("Page.navigate", url=page.as_uri())
        deadline = time.time() + timeout
        expr = ("document.documentElement && document.documentElement.getAttribute('data-report-ready') === '1' ? "
                "JSON.stringify(Array.from(document.documentElement.attributes).map(a => [a.name, a.value])) : ''")
        while time.time() < deadline:
            r = call("Runtime.evaluate", expression=expr, returnByValue=True)
            value = r.get("result", {}).get("value")
            if value:
                seen["attrs"] = dict(json.loads(value))
                break
            time.sleep(0.2)
        time.sleep(0.5)
        call("Runtime.evaluate", expression="1")  # collect the last events
    finally:
        if ws:
            ws.close()
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    return seen


class Checks:
    def __init__(self):
        self.failed = 0
        self.count = 0

    def check(self, name, ok, detail=""):
        self.count += 1
        if not ok:
            self.failed += 1
        print(f"{'PASS' if ok else 'FAIL'}  {name}" + (f": {detail}" if detail else ""))
        return ok


def check_dom(c: Checks, dom: DOM, data, label: str):
    html = dom.find("html")
    h = html[0].attrs if html else {}
    pts = data["tour"]["points"]
    walks = data["walks"]
    c.check(f"{label}: page rendered and ready", h.get("data-rendered") == "1" and h.get("data-report-ready") == "1",
            f"data-rendered={h.get('data-rendered')!r} data-report-ready={h.get('data-report-ready')!r}")
    c.check(f"{label}: no error recorded", h.get("data-errors") == "0",
            f"{h.get('data-errors')} errors: {h.get('data-error-log', '')[:400]}")
    c.check(f"{label}: no blocked or non-data: request", h.get("data-blocked") == "0",
            f"{h.get('data-blocked')} blocked: {h.get('data-blocked-log', '')[:400]}")

    markers = dom.find("g", "point-marker")
    c.check(f"{label}: point markers = points", len(markers) == len(pts), f"{len(markers)} markers, {len(pts)} points")
    regions = dom.find("circle", "region")
    c.check(f"{label}: one region circle per point", len(regions) == len(pts)
            and sorted(int(r.attrs.get("data-point", -1)) for r in regions) == sorted(p["order"] for p in pts)
            and all(float(r.attrs.get("r", 0)) > 0 for r in regions),
            f"{len(regions)} circles, {len(pts)} points")
    advised = [p for p in pts if isinstance(p.get("advisedRadiusMeters"), (int, float))]
    dashed = dom.find("circle", "region-advised")
    c.check(f"{label}: one dashed circle per advised radius", len(dashed) == len(advised), f"{len(dashed)} of {len(advised)}")
    c.check(f"{label}: route drawn", len(dom.find("polyline", "route")) == 1)
    if data.get("basemap", {}).get("features"):
        bm = [n for n in dom.all if n.tag in ("polyline", "polygon") and any(k.startswith("bm-") for k in n.classes())]
        nparts = sum(len(f.get("parts", [])) for f in data["basemap"]["features"])
        attribution = dom.find(id="attribution")
        c.check(f"{label}: basemap features and attribution", len(bm) == nparts and attribution
                and attribution[0].text_content() == data["basemap"].get("attribution", ""),
                f"{len(bm)} of {nparts} parts")

    walk_layers = dom.find("g", "walk")
    c.check(f"{label}: one walk layer per walk", len(walk_layers) == len(walks)
            and all(any("walk-seg" in k.classes() for k in g.children) for g in walk_layers),
            f"{len(walk_layers)} layers, {len(walks)} walks")
    # By default each walk in its own colour: one stroke a walk, and no two walks alike (up to the palette's 8).
    strokes = [sorted({k.attrs.get("stroke") for k in g.children if "walk-seg" in k.classes()}) for g in walk_layers]
    firsts = [s[0] for s in strokes if len(s) == 1]
    c.check(f"{label}: each walk in its own colour", len(firsts) == len(walk_layers)
            and len(set(firsts)) == min(len(firsts), 8), f"strokes {strokes}")
    if data.get("basemap", {}).get("features"):
        streets = [n for n in dom.all if n.tag == "polyline" and any(k in ("bm-road-major", "bm-road-minor") for k in n.classes())]
        c.check(f"{label}: basemap streets drawn", len(streets) > 0, f"{len(streets)} street lines")
    blocks = dom.find("div", "walk-block")
    for wi, w in enumerate(walks):
        wid = str(w.get("id", wi))
        nn = len(w.get("narrations", []))
        trig = [m for m in dom.find("rect", "trigger-marker") if m.attrs.get("data-walk") == wid]
        c.check(f"{label}: walk {w.get('name', wid)}: trigger markers = narrations", len(trig) == nn, f"{len(trig)} of {nn}")
        block = [b for b in blocks if b.attrs.get("data-walk") == wid]
        if not c.check(f"{label}: walk {w.get('name', wid)}: one timeline", len(block) == 1, f"{len(block)} blocks"):
            continue
        inside = [n for n in dom.all if block[0] in n.ancestors()]
        bars = [n for n in inside if n.tag == "rect" and "tl-bar" in n.classes()]
        waits = [n for n in inside if n.tag == "rect" and "tl-wait" in n.classes()]
        missed = [n for n in inside if "tl-missed" in n.classes()]
        done = [n for n in inside if "tl-completion" in n.classes()]
        dist = [n for n in inside if "tl-distance" in n.classes()]
        want_waits = sum(1 for n in w.get("narrations", []) if n["startT"] > n["triggerT"])
        c.check(f"{label}: walk {w.get('name', wid)}: timeline bars = narrations heard", len(bars) == nn
                and [int(b.attrs["data-point"]) for b in bars] == [n["point"] for n in w.get("narrations", [])],
                f"{len(bars)} bars, {nn} narrations")
        c.check(f"{label}: walk {w.get('name', wid)}: queue waits, missed, completion, distance",
                len(waits) == want_waits and len(missed) == len(w.get("missed", []))
                and len(done) == (1 if isinstance(w.get("completedT"), (int, float)) else 0) and len(dist) >= 1,
                f"waits {len(waits)}/{want_waits}, missed {len(missed)}/{len(w.get('missed', []))}, completion {len(done)}, distance lines {len(dist)}")

    for wi, w in enumerate(walks):
        phases = w.get("phases") or []
        if not phases:
            continue
        wid, name = str(w.get("id", wi)), w.get("name", str(w.get("id", wi)))
        groups = [g for g in dom.find("g", "walk-phase") if g.attrs.get("data-walk") == wid]
        c.check(f"{label}: walk {name}: one hidden map layer per phase", len(groups) == len(phases)
                and [int(g.attrs.get("data-phase", -1)) for g in groups] == [ph["k"] for ph in phases]
                and all("hidden" in g.classes() for g in groups), f"{len(groups)} layers, {len(phases)} phases")
        c.check(f"{label}: walk {name}: phase 0 is the walk", phases[0]["k"] == 0 and phases[0]["narrations"] == w.get("narrations"))
        bad = []
        for ph, g in zip(phases, groups):
            inside = [n for n in dom.all if g in n.ancestors()]
            trig = [int(n.attrs.get("data-point", -1)) for n in inside if n.tag == "rect" and "phase-trigger" in n.classes()]
            lines = [n for n in inside if n.tag == "polyline" and "phase-line" in n.classes()]
            want = len(ph["fixes"]) if w.get("track") and "fixes" in ph else len(w.get("fixes", []))
            drawn = len(lines[0].attrs.get("points", "").split()) if len(lines) == 1 else -1
            if trig != [n["point"] for n in ph.get("narrations", []) if isinstance(n.get("lat"), (int, float))] or drawn != want:
                bad.append(f"phase {ph['k']}: triggers {trig}, {drawn} of {want} fixes drawn")
        c.check(f"{label}: walk {name}: each phase's delivered fixes and trigger markers", not bad, "; ".join(bad[:3]) or
                f"{sum(len(ph.get('narrations', [])) for ph in phases)} markers over {len(phases)} phases")
        sel = [n for n in dom.find("select", "phase-select") if n.attrs.get("data-walk") == wid]
        options = [n for n in dom.all if sel and sel[0] in n.ancestors() and n.tag == "option"]
        c.check(f"{label}: walk {name}: a phase selector (the timeline, each other phase, every phase)",
                len(sel) == 1 and len(options) == len(phases) + 1, f"{len(sel)} selectors, {len(options)} options")

    audios = dom.find("audio")
    c.check(f"{label}: one <audio> per point", len(audios) == len(pts), f"{len(audios)} of {len(pts)}")
    bad = [(a.attrs.get("data-point"), a.attrs.get("data-decoded"), a.attrs.get("data-error", "")) for a in audios
           if a.attrs.get("data-decoded") != "ok" or not a.attrs.get("data-duration")]
    c.check(f"{label}: every <audio> decodes", not bad and len(audios) == len(pts),
            "all loadedmetadata with a duration" if not bad else f"not decoded: {bad}")
    subs = dom.find("div", "subtitle")
    c.check(f"{label}: a subtitle box under each recording", len(subs) == len(pts))

    adv = data.get("advice") or {}
    table = dom.find("table", id="radii-table")
    if adv.get("columns"):
        ok = bool(table)
        heads = rows = []
        if ok:
            inside = [n for n in dom.all if table[0] in n.ancestors()]
            heads = [n for n in inside if n.tag == "th"]
            rows = [n for n in inside if n.tag == "tr" and n.parent.tag == "tbody"]
        c.check(f"{label}: radii table columns and rows", ok and len(heads) == len(adv["columns"]) and len(rows) == len(adv["rows"])
                and [h.text_content() for h in heads] == [col.get("label", col["key"]) for col in adv["columns"]],
                f"{len(heads)} columns, {len(rows)} rows")
    grids = adv.get("grids") or []
    tables = dom.find("table", "radii-grid")
    bad = []
    for g in grids:
        t = [n for n in tables if n.attrs.get("data-grid") == g["key"]]
        if len(t) != 1:
            bad.append(f"{g['key']}: {len(t)} tables")
            continue
        inside = [n for n in dom.all if t[0] in n.ancestors()]
        heads = [n.text_content() for n in inside if n.tag == "th" and n.parent.parent.tag == "thead"]
        rows = [n for n in inside if n.tag == "tr" and n.parent.tag == "tbody"]
        cells = [[td.text_content() for td in r.children if td.tag == "td"] for r in rows]
        if heads != ["#"] + g["radii"] or cells != [r["cells"] for r in g["rows"]]:
            bad.append(f"{g['key']}: {len(heads)} columns, {len(rows)} rows, cells {'equal' if cells == [r['cells'] for r in g['rows']] else 'differ'}")
    c.check(f"{label}: radii's sweep and noise grids, cell for cell", len(tables) == len(grids) and not bad,
            "; ".join(bad) or f"{len(tables)} grids: " + ", ".join(f"{g['key']} {len(g['rows'])}×{len(g['radii'])}" for g in grids))
    diffs = data.get("buildDifferences") or []
    cites = dom.find(cls="citation")
    c.check(f"{label}: build differences with citations", len(cites) == sum(1 for d in diffs if d.get("citation")),
            f"{len(cites)} citations")
    prov = data.get("provenance") or {}
    cmd = dom.find("pre", id="command")
    c.check(f"{label}: the command, copyable", bool(cmd) and cmd[0].text_content() == prov.get("command")
            and bool(dom.find("button", id="copy-command")))
    hashes = [n.text_content() for n in dom.find("td", "hash")]
    c.check(f"{label}: trace SHA-256s", hashes == [t.get("sha256") for t in prov.get("traces", [])], f"{len(hashes)} traces")


def hostile(data):
    """The example with markup and script-ending text where user files put names."""
    d = copy.deepcopy(data)
    evil = '</script><img src=x onerror="document.documentElement.setAttribute(\'data-pwned\',\'1\')"><b>bold</b>'
    d["tour"]["title"] = {"it": "Titolo " + evil, "en": "Title " + evil}
    d["provenance"]["tour"]["title"] = d["tour"]["title"]
    d["tour"]["points"][0]["title"] = {"it": "P1 " + evil, "en": "P1 " + evil}
    d["walks"][0]["name"] = "walk " + evil
    d["provenance"]["command"] += " --note '" + evil + "'"
    d["provenance"]["traces"][0]["file"] = "trace " + evil + ".gpx"
    d["provenance"]["options"]["x\"><svg onload=alert(1)>"] = evil
    d["advice"]["rows"][0]["cells"]["title"] = evil
    d["advice"]["columns"][0]["label"] = "<i>#</i>"
    d["advice"]["rows"][0]["verdict"] = 'keep" onmouseover="alert(1)'
    if d.get("basemap", {}).get("features"):
        d["basemap"]["features"][0]["class"] = 'water"><script>alert(1)</script>'
        d["basemap"]["features"][0]["name"] = evil
        d["basemap"]["attribution"] = "© " + evil
    d["buildDifferences"][0]["citation"] = {"text": "cite " + evil, "url": "javascript:alert(1)"}
    d["tour"]["points"][1]["narration"]["audio"]["src"] = "https://example.org/p2.mp3"
    d["tour"]["points"][2]["narration"]["subtitles"][d["language"]][0]["text"] = evil
    return d, evil


def check_hostile(c: Checks, dom: DOM, raw: str, evil: str):
    h = dom.find("html")[0].attrs
    c.check("hostile: nothing injected", "data-pwned" not in h and not dom.find("img") and not dom.find("b")
            and not dom.find("i") and len(dom.find("script")) == 3,
            f"img {len(dom.find('img'))}, b {len(dom.find('b'))}, scripts {len(dom.find('script'))}, pwned {'data-pwned' in h}")
    title = dom.find("h1", id="report-title")
    c.check("hostile: names shown as text", bool(title) and evil in title[0].text_content()
            and any(evil in n.text_content() for n in dom.find("pre", id="command")))
    c.check("hostile: no javascript: link, no remote audio",
            not any(n.attrs.get("href", "").lower().startswith("javascript") for n in dom.all)
            and [a.attrs.get("data-decoded") for a in dom.find("audio", data_point="2")] == ["refused"]
            and not any(a.attrs.get("src", "").startswith("http") for a in dom.find("audio")))
    c.check("hostile: no error, no request", h.get("data-errors") == "0" and h.get("data-blocked") == "0",
            f"errors {h.get('data-errors')} {h.get('data-error-log', '')[:200]}; blocked {h.get('data-blocked')} {h.get('data-blocked-log', '')[:200]}")


def check_interaction(c: Checks, dom: DOM, data):
    h = dom.find("html")[0].attrs
    raw = h.get("data-selftest")
    if not c.check("interaction: the scripted visit ran", bool(raw), "no data-selftest on <html>" if not raw else ""):
        return
    r = json.loads(raw)
    if r.get("error"):
        c.check("interaction: no exception", False, r["error"][:300])
    c.check("interaction: hovering the timeline moves the walker on the map", r.get("cursorShown") and r.get("cursorMoved"),
            repr(r.get("readout", ""))[:120])
    p2 = next(p for p in data["tour"]["points"] if p["order"] == 2)
    cues = p2["narration"]["subtitles"].get(data["language"], [])
    t = r.get("currentTime") or 0
    want = next((q["text"] for q in cues if q["start"] <= t < q["end"]), None)
    c.check("interaction: play this walk from here plays point 2 at its offset", r.get("playing") and t > 0.2
            and r.get("othersPaused") and r.get("playerShown") and "hearing point 2" in r.get("playerNow", "") and r.get("cardPlaying"),
            f"currentTime {t:.2f} s, {r.get('playerNow', '')[:90]!r}")
    c.check("interaction: its subtitle shows under it (page language)", want is not None and r.get("subtitle") == want
            and r.get("playerSub") == want, f"{r.get('subtitle', '')!r}")
    c.check("interaction: stop", r.get("stopped"))
    c.check("interaction: subtitles switch language", r.get("subLangSwitched"))
    c.check("interaction: wheel zoom, drag pan, pinch zoom", r.get("wheelZooms") and r.get("dragPans") and r.get("pinchZooms"),
            f"wheel {r.get('wheelZooms')}, drag {r.get('dragPans')}, pinch {r.get('pinchZooms')}")
    c.check("interaction: colour by speed, then by accuracy, hide a walk", r.get("colourBySpeed") and r.get("colourToggles") and r.get("walkHides"))
    phases = data["walks"][0].get("phases") or []
    if phases:
        c.check("interaction: the phase selector shows one phase, every phase, then the timeline's walk again",
                r.get("phaseOne") == [1, 1, 0, 0] and r.get("phaseAll") == len(phases) and r.get("phaseBack") == [0, 1],
                f"one {r.get('phaseOne')}, all {r.get('phaseAll')} of {len(phases)}, back {r.get('phaseBack')}")
    c.check("interaction: no error, no request", h.get("data-errors") == "0" and h.get("data-blocked") == "0",
            f"errors {h.get('data-errors')} {h.get('data-error-log', '')[:200]}; blocked {h.get('data-blocked')} {h.get('data-blocked-log', '')[:200]}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--template", type=Path, default=TEMPLATE)
    ap.add_argument("--page", type=Path, help="check this page, written by walkscape report, with the data inside it")
    ap.add_argument("--data", type=Path, default=ROOT / "fixtures" / "report" / "example-data.json")
    ap.add_argument("--out", type=Path, help="directory for the pages and screenshots (default: a new temp dir)")
    ap.add_argument("--chromium")
    ap.add_argument("--no-screenshots", action="store_true")
    ap.add_argument("--update-csp", action="store_true",
                    help="rewrite the template's CSP script-src with its inline scripts' hashes (after editing a script), then check")
    args = ap.parse_args(argv)
    if args.update_csp:
        text = read_template(args.template)
        write_template(args.template, with_csp_scripts(text, inline_script_hashes(text)))
        print(f"{args.template}: script-src {' '.join(inline_script_hashes(text))}")

    chromium = find_chromium(args.chromium)
    if not chromium:
        print("chromium not found (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    out = args.out or Path(tempfile.mkdtemp(prefix="walkscape-report-check-"))
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="chromium-", dir=out))

    c = Checks()
    if args.page:
        page_text = args.page.read_text(encoding="utf-8")
        found = DATA_RE.findall(page_text)
        if not c.check("page: one report-data element", len(found) == 1, f"{len(found)} found"):
            return 1
        data = json.loads(found[0])
        template = page_text
        c.check("page: filled, no placeholder left", PLACEHOLDER not in page_text)
    else:
        template = read_template(args.template)
        data = json.loads(args.data.read_text(encoding="utf-8"))
        try:
            page_text = fill_template(template, data)
        except ValueError as e:
            c.check("template: one placeholder", False, str(e))
            return 1
        c.check("template: one placeholder, filled", PLACEHOLDER not in page_text)
    try:
        import jsonschema  # optional: the page's checks need only the standard library
    except ImportError:
        print("SKIP  data: valid against report-data.schema.json (no jsonschema module)")
    else:
        schema = json.loads((RESOURCES / "report-data.schema.json").read_text(encoding="utf-8"))
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
        c.check("data: valid against report-data.schema.json", not errors,
                "; ".join(f"{e.json_path}: {e.message[:100]}" for e in errors[:3]))
    c.check("template: CSP script-src = the inline scripts' hashes (no 'unsafe-inline')",
            csp_script_src(template) == inline_script_hashes(template),
            "stale: run check_page.py --update-csp" if csp_script_src(template) != inline_script_hashes(template) else
            f"{len(inline_script_hashes(template))} scripts")
    page = out / "report.html"
    page.write_text(page_text, encoding="utf-8")
    shell = DATA_RE.sub("", template)
    c.check("page: self-contained", "http://" not in shell.replace("http://www.w3.org/2000/svg", "")
            and "https://" not in shell and "<link" not in shell and " src=\"http" not in shell,
            f"{page.stat().st_size} bytes")

    try:
        dom, raw = dump_dom(chromium, page, work)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        c.check("chromium: runs", False, str(e))
        return 2
    (out / "dom.html").write_text(raw, encoding="utf-8")
    check_dom(c, dom, data, "page" if args.page else "example")

    try:
        seen = devtools_run(chromium, page, work)
        page_url = page.as_uri()
        others = [u for u in seen["requests"] if u != page_url and not u.startswith("data:")]
        c.check("devtools: page ready", seen["attrs"].get("data-report-ready") == "1")
        c.check("devtools: no console error, no exception, no error logged",
                not seen["console"] and not seen["exceptions"] and not seen["log"],
                "; ".join((seen["console"] + seen["exceptions"] + seen["log"])[:4]))
        c.check("devtools: no request but the page's own file and data: URIs", not others, "; ".join(others[:4]))
        c.check("devtools: no failed request", not seen["failed"], "; ".join(seen["failed"][:4]) or
                f"{len(seen['requests'])} requests, {sum(1 for u in seen['requests'] if u.startswith('data:'))} of them data: URIs")
    except (RuntimeError, OSError, StopIteration, ValueError) as e:
        c.check("devtools: chromium under the DevTools protocol", False, str(e)[:300])

    if args.page:
        return finish(c, args, chromium, page, page_text, data, out, work)

    # The least a writer may give: no basemap, advice, overlaps or build differences, no audio, a walk
    # without narrations.
    least = copy.deepcopy(data)
    for key in ("basemap", "advice", "buildDifferences", "regionOverlaps", "generatedAt"):
        least.pop(key, None)
    for p in least["tour"]["points"]:
        p.pop("narration", None)
        p["advisedRadiusMeters"] = None
    least["tour"].pop("route", None)
    least["walks"] = [{"id": "w1", "fixes": least["walks"][0]["fixes"][:50], "narrations": []}]
    mpage = out / "least.html"
    mpage.write_text(fill_template(template, least), encoding="utf-8")
    try:
        mdom, _ = dump_dom(chromium, mpage, work)
        mh = mdom.find("html")[0].attrs
        c.check("least data: renders, no error, no request", mh.get("data-report-ready") == "1" and mh.get("data-errors") == "0"
                and mh.get("data-blocked") == "0" and len(mdom.find("g", "point-marker")) == len(least["tour"]["points"])
                and len(mdom.find("div", "walk-block")) == 1,
                f"ready {mh.get('data-report-ready')}, errors {mh.get('data-errors')} {mh.get('data-error-log', '')[:200]}")
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        c.check("least data: chromium runs", False, str(e))

    bad, evil = hostile(data)
    hpage = out / "hostile.html"
    hpage.write_text(fill_template(template, bad), encoding="utf-8")
    try:
        hdom, hraw = dump_dom(chromium, hpage, work)
        (out / "hostile-dom.html").write_text(hraw, encoding="utf-8")
        check_hostile(c, hdom, hraw, evil)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        c.check("hostile: chromium runs", False, str(e))

    return finish(c, args, chromium, page, page_text, data, out, work)


def visit_unfit(data) -> str | None:
    """Why the scripted visit (SELFTEST_JS) cannot run on `data`, None when it can: it plays the first walk
    from point 2's bar, reads point 2's subtitles in the page's language and switches point 1's to English."""
    walks = data.get("walks") or []
    if not walks or not any(n.get("point") == 2 for n in walks[0].get("narrations", [])):
        return "the first walk hears no point 2, which the scripted visit plays"
    subs = {p["order"]: (p.get("narration") or {}).get("subtitles") or {} for p in data["tour"]["points"]}
    if not subs.get(2, {}).get(data.get("language")) or data.get("language") == "en" or not subs.get(1, {}).get("en"):
        return "the scripted visit needs point 2's subtitles in the page's language and point 1's in English, another language"
    return None


def finish(c, args, chromium, page, page_text, data, out, work) -> int:
    """The scripted visit and the screenshots, then the tally."""
    why_not = visit_unfit(data)
    if why_not:
        print(f"SKIP  interaction: {why_not}")
    else:
        tpage = out / "interaction.html"
        tpage.write_text(with_selftest(page_text), encoding="utf-8")
        try:
            tdom, traw = dump_dom(chromium, tpage, work)
            (out / "interaction-dom.html").write_text(traw, encoding="utf-8")
            check_interaction(c, tdom, data)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            c.check("interaction: chromium runs", False, str(e))

    if not args.no_screenshots:
        for name, w, h in [("desktop", 1280, 900), ("desktop-full", 1280, 3600), ("phone", 390, 844), ("phone-full", 390, 5200)]:
            shot = out / f"{name}.png"
            ok, err = screenshot(chromium, page, work, shot, w, h)
            c.check(f"screenshot {name} {w}×{h}", ok, str(shot) if ok else err)
    shutil.rmtree(work, ignore_errors=True)
    print(f"{c.count - c.failed} of {c.count} checks passed; pages and screenshots in {out}")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
