/// The report page's template: one self-contained HTML page (inline CSS and JavaScript, no request to anything)
/// with one `/*REPORT_DATA*/` placeholder, which `ReportPage` fills with the report's data as JSON.
///
/// The page is a Swift raw string, not a resource SwiftPM embeds in the code: SwiftPM writes an embedded resource
/// as an array literal of its bytes (63,628 here), and a debug build took 20 s of CPU to compile that literal; this
/// string compiles in a fraction of a second. Edit the HTML below as HTML: in a raw string `\` and `"` are plain
/// characters (only a backslash followed by `#` would start an interpolation), and the blank line before the
/// closing delimiter is the page's final newline.
enum ReportPageTemplate {
    /// The page, byte for byte what `walkscape report` writes around the data.
    static let html = #"""
<!doctype html>
<!--
  walkscape field report: the template `walkscape report` fills (issue 30).

  One self-contained page: inline CSS and vanilla JS, no framework, no request to anything
  (the Content-Security-Policy below refuses every URL but data:). The writer replaces the one
  placeholder REPORT_DATA comment inside the application/json script near the end with the report's JSON
  (report-data.schema.json), escaped for a script element: every "<" as \u003c, ">" as \u003e,
  "&" as \u0026, and U+2028 / U+2029 as \u2028 / \u2029, so that no "</script" can end the block.
  Audio arrives as data: URIs inside the JSON; the basemap as vectors.

  Nothing from the data is ever parsed as HTML: text goes through textContent, SVG through
  createElementNS and setAttribute, links only for http(s) citations, audio only for data:audio URIs.
  The CSP runs only the two inline scripts below, by their SHA-256 (no 'unsafe-inline', so no
  injected handler could run either): after editing a script, `python3 tools/report/check_page.py
  --update-csp` rewrites the hashes (and the check fails while they are stale). The writer must copy
  the template byte for byte apart from the placeholder.

  Diagnostics for tools/report/check_page.py: the first script records errors, CSP violations and
  any resource that is not a data: URI on <html> (data-errors, data-blocked and their -log
  attributes); when the page is drawn and every <audio> has loaded its metadata or failed, <html>
  gets data-report-ready="1" (each <audio> has data-decoded="ok|error|refused").
-->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-b546KjiuhAS3NVyP2hl65qI0oON6Gc83Mf1LLuEznDw=' 'sha256-6AKAlTp1GRRhKJ1dJwHs86n8B1IJ/o7PzoedKn1Xga8='; style-src 'unsafe-inline'; img-src data:; media-src data:; connect-src 'none'; font-src 'none'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="dark">
<title>walkscape field report</title>
<style>
:root {
  color-scheme: dark;
  --bg: #11151a; --panel: #1a2027; --panel2: #222a33; --line: #2f3a46; --text: #e3e8ee; --dim: #97a3b0;
  --accent: #6cc4ff; --route: #f1f5f9; --region: #6cc4ff; --advised: #ffd166; --warn: #ff8a5b; --bad: #ff5c7a;
  --ok: #7ee081; --wait: #58677a;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--text);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
body { padding-bottom: 5.5rem; }
a { color: var(--accent); }
h1 { font-size: 1.35rem; margin: 0 0 .3rem; }
h2 { font-size: 1.1rem; margin: 0 0 .6rem; }
h3 { font-size: 1rem; margin: 0 0 .3rem; }
main, header.top { max-width: 1200px; margin: 0 auto; padding: 0 .8rem; }
header.top { padding-top: .9rem; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: .8rem; margin: .8rem 0; }
.dim { color: var(--dim); }
.small { font-size: .85rem; }
code, pre, .mono { font-family: var(--mono); font-size: .85rem; }
.cmd { display: flex; gap: .5rem; align-items: flex-start; }
.cmd pre { flex: 1; margin: 0; padding: .5rem .6rem; background: var(--bg); border: 1px solid var(--line);
  border-radius: 6px; white-space: pre-wrap; word-break: break-all; }
button, select { font: inherit; color: var(--text); background: var(--panel2); border: 1px solid var(--line);
  border-radius: 6px; padding: .3rem .6rem; cursor: pointer; touch-action: manipulation; }
button:hover { border-color: var(--accent); }
button:disabled { opacity: .5; cursor: default; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .8rem; margin: .6rem 0; }
dl.facts dt { color: var(--dim); }
dl.facts dd { margin: 0; word-break: break-word; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--dim); font-weight: 600; white-space: nowrap; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
td.nowrap { white-space: nowrap; }
table.radii-grid th, table.radii-grid td { text-align: right; padding: .15rem .3rem; font-family: var(--mono); font-size: .78rem; }
details.grid { margin-top: .6rem; }
details.grid > summary { cursor: pointer; font-weight: 600; }
details.grid p { margin: .1rem 0; white-space: pre-wrap; }
#provenance-more > summary { cursor: pointer; margin: .4rem 0; }
td.hash { font-family: var(--mono); font-size: .78rem; word-break: break-all; min-width: 12rem; }
tr.verdict-tight td, tr.verdict-none td { color: var(--warn); }
.badge { display: inline-block; padding: 0 .4rem; border-radius: 4px; background: var(--panel2); border: 1px solid var(--line); font-size: .8rem; }
.badge.verdict-keep { color: var(--ok); } .badge.verdict-raise, .badge.verdict-lower { color: var(--advised); }
.badge.verdict-tight, .badge.verdict-none { color: var(--warn); }

/* the map */
.map-tools { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center; margin-bottom: .5rem; }
.chip { display: inline-flex; align-items: center; gap: .3rem; padding: .15rem .5rem; border: 1px solid var(--line);
  border-radius: 999px; background: var(--panel2); cursor: pointer; user-select: none; }
.chip input { margin: 0; }
.swatch { display: inline-block; width: .8rem; height: .8rem; border-radius: 3px; vertical-align: -1px; }
.mapwrap { position: relative; }
svg#map { display: block; width: 100%; height: 62vh; min-height: 320px; max-height: 760px; background: #0c1014;
  border-radius: 8px; border: 1px solid var(--line); touch-action: none; cursor: grab; user-select: none; }
svg#map.dragging { cursor: grabbing; }
.zoom { position: absolute; right: .5rem; top: .5rem; display: flex; flex-direction: column; gap: .25rem; }
.zoom button { width: 2.2rem; height: 2.2rem; padding: 0; font-size: 1.1rem; }
.attribution { font-size: .75rem; color: var(--dim); margin: .25rem 0 0; text-align: right; }
.legend { display: flex; flex-wrap: wrap; gap: .3rem .9rem; font-size: .82rem; color: var(--dim); margin-top: .4rem; }
svg#map * { vector-effect: non-scaling-stroke; }
.bm-water { fill: #16324a; stroke: none; }
.bm-park { fill: #1b3325; stroke: none; }
.bm-building { fill: #222830; stroke: none; }
.bm-road-major { fill: none; stroke: #3a4552; stroke-width: 4; stroke-linecap: round; stroke-linejoin: round; }
.bm-road-minor { fill: none; stroke: #2a333d; stroke-width: 2; stroke-linecap: round; }
.bm-railway { fill: none; stroke: #3b3f46; stroke-width: 2; stroke-dasharray: 6 4; }
.bm-line { fill: none; stroke: #2a333d; stroke-width: 1.5; }
.bm-polygon { fill: #1c2229; stroke: none; }
.route { fill: none; stroke: var(--route); stroke-opacity: .45; stroke-width: 7; stroke-linecap: round; stroke-linejoin: round; }
.region { fill: var(--region); fill-opacity: .07; stroke: var(--region); stroke-width: 1.5; }
.region-advised { fill: none; stroke: var(--advised); stroke-width: 1.5; stroke-dasharray: 5 4; }
.walk-seg { fill: none; stroke-width: 3; stroke-linecap: round; stroke-linejoin: round; }
.walk-halo { fill: none; stroke: #000; stroke-opacity: .5; stroke-width: 5.5; stroke-linejoin: round; }
.point-marker circle { fill: #0c1014; stroke: var(--region); stroke-width: 2; }
.point-marker text, .label { fill: var(--text); font-weight: 700; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.trigger-marker { stroke: #0c1014; stroke-width: 1.5; }
.overlap-marker { fill: none; stroke: var(--warn); stroke-width: 2.5; }
.region-overlap-marker { stroke: var(--bad); stroke-width: 2.5; }
.walker-cursor { fill: #fff; stroke: #000; stroke-width: 2; }
.phase-line { fill: none; stroke-width: 2.5; stroke-opacity: .9; stroke-linecap: round; stroke-linejoin: round; }
.phase-trigger { stroke: #0c1014; stroke-width: 1.5; }
.phase-select { padding: .1rem .3rem; font-size: .85rem; }
.hidden { display: none; }

/* timelines */
.walk-head { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: baseline; justify-content: space-between; }
.walk-block { padding: .6rem 0; border-top: 1px solid var(--line); }
.walk-block:first-of-type { border-top: 0; }
svg.timeline { display: block; width: 100%; touch-action: pan-y; user-select: none; }
.tl-axis { stroke: var(--line); }
.tl-tick { fill: var(--dim); font-size: 10px; }
.tl-bar { stroke: #0c1014; stroke-width: 1; }
.tl-wait { fill: var(--wait); opacity: .85; }
.tl-bar-label { fill: #0c1014; font-size: 11px; font-weight: 700; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.tl-missed { fill: var(--bad); font-size: 13px; font-weight: 700; text-anchor: middle; dominant-baseline: central; }
.tl-complete { stroke: var(--ok); stroke-width: 2; }
.tl-complete-flag { fill: var(--ok); }
.tl-distance { fill: none; stroke: var(--accent); stroke-width: 1.5; }
.tl-radius { fill: none; stroke: var(--region); stroke-opacity: .5; stroke-width: 1; stroke-dasharray: 3 3; }
.tl-cursor { stroke: #fff; stroke-width: 1; }
.tl-selected { stroke: var(--advised); stroke-width: 1.5; }
.tl-label { fill: var(--dim); font-size: 10px; }
.readout { font-family: var(--mono); font-size: .8rem; color: var(--dim); min-height: 1.3em; }

/* narrations */
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(290px, 1fr)); gap: .7rem; }
.card { background: var(--panel2); border: 1px solid var(--line); border-radius: 8px; padding: .6rem; }
.card.playing { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent) inset; }
.card audio { width: 100%; margin: .3rem 0; }
.subtitle { min-height: 2.9em; white-space: pre-line; font-size: .95rem; background: #0c1014; border-radius: 6px; padding: .3rem .5rem; }
.subtitle:empty::before { content: "…"; color: var(--dim); }
details.transcript { margin-top: .3rem; font-size: .85rem; }
details.transcript p { margin: .15rem 0; cursor: pointer; white-space: pre-line; }
details.transcript p.active { color: var(--accent); }

/* the player bar */
#player { position: fixed; left: 0; right: 0; bottom: 0; background: rgba(17, 21, 26, .96); border-top: 1px solid var(--accent);
  padding: .5rem .8rem; display: flex; gap: .8rem; align-items: center; z-index: 10; }
#player[hidden] { display: none; }
#player .info { flex: 1; min-width: 0; }
#player .now { font-size: .85rem; color: var(--dim); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#player .sub { white-space: pre-line; }
.fatal { color: var(--bad); font-weight: 600; }
@media (max-width: 640px) {
  html, body { font-size: 14px; }
  main, header.top { padding: 0 .4rem; }
  section { padding: .6rem; border-radius: 8px; }
  svg#map { height: 55vh; }
  dl.facts { grid-template-columns: 1fr; }
  dl.facts dd { margin-bottom: .3rem; }
}
</style>
<script>
/* Diagnostics: errors, CSP violations and non-data: resources, recorded on <html> for the checks. */
(function () {
  "use strict";
  var diag = { errors: [], blocked: [] };
  var root = document.documentElement;
  function publish() {
    root.setAttribute("data-errors", String(diag.errors.length));
    root.setAttribute("data-error-log", diag.errors.join(" | "));
    root.setAttribute("data-blocked", String(diag.blocked.length));
    root.setAttribute("data-blocked-log", diag.blocked.join(" | "));
  }
  function note(kind, message) { diag[kind].push(String(message).slice(0, 300)); publish(); }
  window.__reportDiag = { note: note };
  var originalError = console.error;
  console.error = function () {
    note("errors", Array.prototype.map.call(arguments, String).join(" "));
    return originalError.apply(console, arguments);
  };
  window.addEventListener("error", function (e) {
    var t = e.target;
    if (t && t !== window && t.nodeType === 1) {
      var url = t.currentSrc || t.src || t.href || "";
      if (String(url).slice(0, 5) !== "data:") note("blocked", t.tagName + " " + String(url).slice(0, 120));
      return; /* a data: media element's failure is its data-decoded="error" */
    }
    note("errors", (e.message || "error") + " at " + (e.filename || "?") + ":" + (e.lineno || 0));
  }, true);
  window.addEventListener("unhandledrejection", function (e) {
    note("errors", "unhandled rejection: " + (e.reason && e.reason.message ? e.reason.message : String(e.reason)));
  });
  document.addEventListener("securitypolicyviolation", function (e) {
    note("blocked", "CSP " + e.violatedDirective + " " + String(e.blockedURI).slice(0, 120));
  });
  function scanResource(entry) {
    if (String(entry.name).slice(0, 5) !== "data:") note("blocked", "request " + String(entry.name).slice(0, 120));
  }
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) { list.getEntries().forEach(scanResource); })
        .observe({ type: "resource", buffered: true });
    } catch (err) { /* old browsers: nothing to watch */ }
  }
  publish();
})();
</script>
</head>
<body>
<header class="top" id="provenance">
  <h1 id="report-title">walkscape field report</h1>
  <p class="dim small" id="report-subtitle"></p>
</header>
<main>
  <section id="map-section" aria-label="Map">
    <h2>Map</h2>
    <div class="map-tools" id="map-tools"></div>
    <div class="mapwrap">
      <svg id="map" role="img" aria-label="Map of the tour, its regions and the walks"></svg>
      <div class="zoom">
        <button type="button" id="zoom-in" aria-label="Zoom in">+</button>
        <button type="button" id="zoom-out" aria-label="Zoom out">−</button>
        <button type="button" id="zoom-fit" aria-label="Fit the map" title="Fit">⤢</button>
      </div>
    </div>
    <p class="attribution" id="attribution"></p>
    <div class="legend" id="map-legend"></div>
  </section>
  <section id="timelines" aria-label="Timelines">
    <h2>Walks</h2>
    <p class="dim small">Each narration as a bar from its start to its end, the wait in its queue lighter before it;
      ✕ a missed point, ⚑ the tour completed; the line: the walker's distance to the next point (dashed: its radius).
      Hover or tap a moment to see the walker on the map.</p>
    <label class="chip small"><input type="checkbox" id="skip-silence" checked> skip the silences when playing a walk</label>
    <div id="timeline-list"></div>
  </section>
  <section id="narrations" aria-label="Narrations">
    <div class="walk-head"><h2>Narrations</h2>
      <label class="small">Subtitles <select id="sub-lang"></select></label></div>
    <div class="cards" id="cards"></div>
  </section>
  <section id="advice" aria-label="Advice">
    <h2 id="advice-title">Advice</h2>
    <div id="advice-body"></div>
  </section>
</main>
<div id="player" hidden>
  <button type="button" id="player-stop" aria-label="Stop">■</button>
  <div class="info"><div class="now" id="player-now"></div><div class="sub" id="player-sub"></div></div>
</div>
<script type="application/json" id="report-data">/*REPORT_DATA*/</script>
<script>
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var diag = window.__reportDiag;
  var root = document.documentElement;

  /* ---------- small helpers (text only, never HTML) ---------- */
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function sv(tag, attrs, text) {
    var e = document.createElementNS(SVGNS, tag);
    if (attrs) for (var k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent) { for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]); return parent; }
  function tip(node, text) { node.appendChild(sv("title", null, text)); return node; }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function cls(name) { return String(name || "").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40); }
  function num(x) { return typeof x === "number" && isFinite(x); }
  function fmtDur(s) {
    if (!num(s)) return "—";
    var neg = s < 0; s = Math.abs(Math.round(s));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    var out = (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(sec).padStart(2, "0");
    return (neg ? "−" : "") + out;
  }
  function fmtM(m) { return num(m) ? (m >= 1000 ? (m / 1000).toFixed(2) + " km" : Math.round(m) + " m") : "—"; }
  function clock(walk, t) {
    var t0 = Date.parse(walk.startTime || "");
    if (!isFinite(t0)) return "";
    return new Date(t0 + t * 1000).toISOString().slice(11, 19) + " UTC";
  }

  var data;
  try {
    data = JSON.parse(document.getElementById("report-data").textContent);
    if (!data || typeof data !== "object") throw new Error("not an object");
  } catch (err) {
    var p = el("p", { "class": "fatal" }, "This report carries no readable data (" + err.message + ").");
    document.querySelector("main").prepend(p);
    diag.note("errors", "report data: " + err.message);
    return;
  }

  var tour = data.tour || {};
  var points = (tour.points || []).slice().sort(function (a, b) { return a.order - b.order; });
  var walks = data.walks || [];
  var pointByOrder = {};
  points.forEach(function (p) { pointByOrder[p.order] = p; });
  var WALK_HUES = ["#6cc4ff", "#ffb347", "#c792ea", "#7ee081", "#ff7eb6", "#f1e05a", "#5eead4", "#fda4af"];
  function walkHue(i) { return WALK_HUES[i % WALK_HUES.length]; }

  /* The page's language: the report's, then the browser's, then the first the subtitles have. */
  var subLangs = [];
  points.forEach(function (p) {
    var subs = (p.narration && p.narration.subtitles) || {};
    Object.keys(subs).forEach(function (l) { if (subLangs.indexOf(l) < 0) subLangs.push(l); });
  });
  var lang = (function () {
    var wanted = [data.language, (navigator.language || "").slice(0, 2)];
    for (var i = 0; i < wanted.length; i++) if (wanted[i] && subLangs.indexOf(wanted[i]) >= 0) return wanted[i];
    return subLangs[0] || data.language || "en";
  })();
  function pick(text) {
    if (text === null || text === undefined) return "";
    if (typeof text !== "object") return String(text);
    var order = [lang, data.language, "en"];
    for (var i = 0; i < order.length; i++) if (order[i] && typeof text[order[i]] === "string") return text[order[i]];
    var keys = Object.keys(text);
    return keys.length ? String(text[keys[0]]) : "";
  }
  root.setAttribute("lang", cls(lang) || "en");

  /* ---------- provenance ---------- */
  function renderProvenance() {
    var prov = data.provenance || {};
    var ptour = prov.tour || {};
    var title = pick(tour.title || ptour.title) || tour.id || "tour";
    document.title = "Field report: " + title;
    document.getElementById("report-title").textContent = "Field report: " + title;
    document.getElementById("report-subtitle").textContent =
      [walks.length + (walks.length === 1 ? " walk" : " walks"), points.length + " points",
       data.generatedAt ? "made " + data.generatedAt : ""].filter(Boolean).join(" · ");
    var header = document.getElementById("provenance");
    var sec = el("section", { id: "provenance-details", "aria-label": "Provenance" });
    add(sec, el("h2", null, "Provenance"));
    if (prov.command) {
      var pre = el("pre", { id: "command" }, prov.command);
      var btn = el("button", { type: "button", id: "copy-command" }, "Copy");
      btn.addEventListener("click", function () {
        function done(ok) { btn.textContent = ok ? "Copied" : "Select and copy"; setTimeout(function () { btn.textContent = "Copy"; }, 1800); }
        function fallback() {
          var r = document.createRange(); r.selectNodeContents(pre);
          var s = window.getSelection(); s.removeAllRanges(); s.addRange(r);
          var ok = false; try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
          done(ok);
        }
        if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(prov.command).then(function () { done(true); }, fallback);
        else fallback();
      });
      add(sec, add(el("div", { "class": "cmd" }), pre, btn));
    }
    /* The facts fold away on a phone, so that the map is near the top; the command stays. */
    var more = el("details", { id: "provenance-more" });
    more.open = !window.matchMedia || !window.matchMedia("(max-width: 640px)").matches;
    add(more, el("summary", { "class": "small dim" }, "Tour, walkscape, profile, options, " + (prov.traces || []).length + " trace files"));
    var dl = el("dl", { "class": "facts" });
    function fact(k, v) { if (v !== undefined && v !== null && v !== "") add(dl, el("dt", null, k), el("dd", null, v)); }
    fact("Tour", (ptour.id || tour.id || "?") + " version " + (ptour.version !== undefined ? ptour.version : tour.version));
    fact("Tour files", ptour.path);
    fact("walkscape", prov.walkscapeVersion);
    fact("Profile", prov.profile || "none (the engine's own rules)");
    var opts = prov.options || {};
    var optText = Object.keys(opts).map(function (k) {
      var v = opts[k]; return k + " " + (typeof v === "object" ? JSON.stringify(v) : String(v));
    }).join(" · ");
    fact("Options", optText || "—");
    fact("Language", data.language);
    add(more, dl);
    var traces = prov.traces || [];
    if (traces.length) {
      var table = el("table", { id: "traces-table" });
      add(table, add(el("thead"), add(el("tr"), el("th", null, "Trace"), el("th", null, "Fixes"), el("th", null, "SHA-256"))));
      var tb = el("tbody");
      traces.forEach(function (t) {
        add(tb, add(el("tr"), el("td", { "class": "mono" }, t.file), el("td", null, num(t.fixes) ? t.fixes : "—"),
          el("td", { "class": "hash" }, t.sha256 || "—")));
      });
      add(more, add(el("div", { "class": "scroll" }), add(table, tb)));
    }
    add(sec, more);
    (prov.notes || []).forEach(function (n) { add(sec, el("p", { "class": "dim small" }, n)); });
    header.appendChild(sec);
  }

  /* ---------- the map ---------- */
  var map = document.getElementById("map");
  var R = 6378137;
  var originX = 0, originY = 0;
  function mercRaw(lat, lng) {
    var phi = Math.max(-85.05, Math.min(85.05, lat)) * Math.PI / 180;
    return [R * lng * Math.PI / 180, -R * Math.log(Math.tan(Math.PI / 4 + phi / 2))];
  }
  function proj(lat, lng) { var p = mercRaw(lat, lng); return [p[0] - originX, p[1] - originY]; }
  /* Metres on the ground to projected units at a latitude. */
  function groundScale(lat) { return 1 / Math.cos(lat * Math.PI / 180); }
  function pathOf(coords) {
    var out = [];
    for (var i = 0; i < coords.length; i++) {
      var c = coords[i];
      if (!c || !num(c[0]) || !num(c[1])) continue;
      var p = proj(c[0], c[1]); out.push(p[0].toFixed(2) + "," + p[1].toFixed(2));
    }
    return out.join(" ");
  }
  var view = { x: 0, y: 0, w: 1, h: 1 };
  var fitView = null;
  var sized = []; /* [element, attribute, pixels] kept at a constant size on screen */
  function unitsPerPixel() {
    var rect = map.getBoundingClientRect();
    if (!rect.width || !rect.height) return view.w / 800;
    return Math.max(view.w / rect.width, view.h / rect.height);
  }
  function applyView() {
    map.setAttribute("viewBox", [view.x, view.y, view.w, view.h].map(function (v) { return v.toFixed(2); }).join(" "));
    var u = unitsPerPixel();
    for (var i = 0; i < sized.length; i++) sized[i][0].setAttribute(sized[i][1], (sized[i][2] * u).toFixed(3));
    for (var j = 0; j < sizedMarks.length; j++) sizedMarks[j](u);
  }
  var sizedMarks = [];
  function sizedAttr(node, attr, px) { sized.push([node, attr, px]); return node; }

  var layers = {};
  var walkLayers = [];
  /* Walks in their own colours by default (speeds alike would paint every walk the same); by speed or by accuracy on request. */
  var colourMode = "walk";
  var RAMPS = {
    speed: { label: "speed", unit: "m/s", column: 4, stops: [0.5, 1.0, 1.5, 2.0, 2.5],
      colours: ["#5e4fa2", "#3288bd", "#66c2a5", "#e6f598", "#fdae61", "#f46d43"] },
    accuracy: { label: "accuracy", unit: "m", column: 3, stops: [5, 10, 20, 35, 50],
      colours: ["#1a9850", "#91cf60", "#d9ef8b", "#fee08b", "#fc8d59", "#d73027"] }
  };
  function binOf(mode, v) {
    var r = RAMPS[mode];
    if (!num(v)) return -1;
    for (var i = 0; i < r.stops.length; i++) if (v < r.stops[i]) return i;
    return r.stops.length;
  }

  function bounds() {
    var xs = [], ys = [];
    function addLL(lat, lng, metres) {
      if (!num(lat) || !num(lng)) return;
      var p = mercRaw(lat, lng), m = (metres || 0) * groundScale(lat);
      xs.push(p[0] - m, p[0] + m); ys.push(p[1] - m, p[1] + m);
    }
    (tour.route || []).forEach(function (c) { addLL(c[0], c[1]); });
    points.forEach(function (p) { addLL(p.lat, p.lng, Math.max(p.radiusMeters || 0, p.advisedRadiusMeters || 0)); });
    walks.forEach(function (w) { (w.fixes || []).forEach(function (f) { addLL(f[1], f[2]); }); });
    if (!xs.length) return null;
    return { x0: Math.min.apply(null, xs), x1: Math.max.apply(null, xs), y0: Math.min.apply(null, ys), y1: Math.max.apply(null, ys) };
  }

  function renderMap() {
    var b = bounds();
    if (!b) { add(map, sv("text", { x: 10, y: 20, "class": "tl-label" }, "Nothing to draw")); return; }
    originX = (b.x0 + b.x1) / 2; originY = (b.y0 + b.y1) / 2;
    var w = (b.x1 - b.x0) * 1.08 + 40, h = (b.y1 - b.y0) * 1.08 + 40;
    fitView = { x: -w / 2, y: -h / 2, w: w, h: h };
    view = Object.assign({}, fitView);
    map.setAttribute("preserveAspectRatio", "xMidYMid meet");
    ["basemap", "regions", "route", "walks", "phases", "overlaps", "triggers", "points", "cursor"].forEach(function (name) {
      layers[name] = add(map, sv("g", { id: "layer-" + name }));
    });
    /* basemap */
    var bm = data.basemap;
    if (bm && Array.isArray(bm.features)) {
      bm.features.forEach(function (f) {
        var polygon = f.geometry === "polygon";
        var klass = "bm-" + (polygon ? "polygon" : "line") + (f.class ? " bm-" + cls(f.class) : "");
        (f.parts || []).forEach(function (part) {
          var pts = pathOf(part || []);
          if (!pts) return;
          var node = sv(polygon ? "polygon" : "polyline", { points: pts, "class": klass });
          if (f.name) tip(node, f.name);
          layers.basemap.appendChild(node);
        });
      });
    }
    document.getElementById("attribution").textContent = bm && bm.attribution ? bm.attribution : "";
    /* regions: current radius, advised radius dashed */
    points.forEach(function (p) {
      var c = proj(p.lat, p.lng), k = groundScale(p.lat);
      add(layers.regions, tip(sv("circle", { cx: c[0], cy: c[1], r: (p.radiusMeters || 0) * k, "class": "region", "data-point": p.order }),
        "Point " + p.order + ": radius " + fmtM(p.radiusMeters)));
      if (num(p.advisedRadiusMeters)) {
        add(layers.regions, tip(sv("circle", { cx: c[0], cy: c[1], r: p.advisedRadiusMeters * k, "class": "region-advised", "data-point": p.order }),
          "Point " + p.order + ": advised " + fmtM(p.advisedRadiusMeters)));
      }
    });
    /* route */
    if (tour.route && tour.route.length) add(layers.route, sv("polyline", { points: pathOf(tour.route), "class": "route" }));
    /* walks */
    walks.forEach(function (walk, wi) {
      var g = sv("g", { "class": "walk", "data-walk": walk.id || wi });
      walkLayers.push(g);
      layers.walks.appendChild(g);
    });
    drawWalkLines();
    /* trigger and overlap markers */
    walks.forEach(function (walk, wi) {
      var hue = walkHue(wi);
      (walk.narrations || []).forEach(function (n) {
        var at = num(n.lat) ? [n.lat, n.lng] : positionAt(walk, n.triggerT);
        if (!at) return;
        var c = proj(at[0], at[1]);
        var m = sv("rect", { "class": "trigger-marker", "data-walk": walk.id || wi, "data-point": n.point, fill: hue });
        sizedMarks.push(function (u) { var s = 9 * u; m.setAttribute("x", c[0] - s / 2); m.setAttribute("y", c[1] - s / 2);
          m.setAttribute("width", s); m.setAttribute("height", s); m.setAttribute("transform", "rotate(45 " + c[0] + " " + c[1] + ")"); });
        tip(m, (walk.name || walk.id) + ": point " + n.point + " triggered at +" + fmtDur(n.triggerT) +
          (n.startT > n.triggerT ? ", queued " + fmtDur(n.startT - n.triggerT) : ""));
        add(layers.triggers, m);
      });
      (walk.overlaps || []).forEach(function (o) {
        var at = num(o.lat) ? [o.lat, o.lng] : positionAt(walk, o.t);
        if (!at) return;
        var c = proj(at[0], at[1]);
        var m = sizedAttr(sv("circle", { cx: c[0], cy: c[1], "class": "overlap-marker", "data-walk": walk.id || wi }), "r", 9);
        tip(m, (walk.name || walk.id) + ": point " + o.point + " triggered while point " + o.behind + " played; waited " + fmtDur(o.waitSeconds));
        add(layers.overlaps, m);
      });
    });
    (data.regionOverlaps || []).forEach(function (o) {
      if (!num(o.lat)) return;
      var c = proj(o.lat, o.lng);
      var m = sv("path", { "class": "region-overlap-marker", fill: "none" });
      sizedMarks.push(function (u) { var s = 6 * u;
        m.setAttribute("d", "M" + (c[0] - s) + " " + (c[1] - s) + "L" + (c[0] + s) + " " + (c[1] + s) +
          "M" + (c[0] - s) + " " + (c[1] + s) + "L" + (c[0] + s) + " " + (c[1] - s)); });
      tip(m, "Regions " + (o.points || []).join(" and ") + " overlap by " + fmtM(o.meters) +
        (num(o.advisedMeters) ? " (" + fmtM(Math.max(0, o.advisedMeters)) + " with the advised radii)" : ""));
      add(layers.overlaps, m);
    });
    drawPhases();
    /* points */
    points.forEach(function (p) {
      var c = proj(p.lat, p.lng);
      var g = sv("g", { "class": "point-marker", "data-point": p.order });
      var circle = sizedAttr(sv("circle", { cx: c[0], cy: c[1] }), "r", 11);
      var text = sizedAttr(sv("text", { x: c[0], y: c[1] }, p.order), "font-size", 12);
      tip(g, p.order + " · " + pick(p.title));
      add(layers.points, add(g, circle, text));
    });
    var cursor = sizedAttr(sv("circle", { "class": "walker-cursor hidden", id: "walker-cursor", cx: 0, cy: 0 }), "r", 7);
    add(layers.cursor, cursor);
    applyView();
    setupPanZoom();
    renderMapTools();
  }

  function drawWalkLines() {
    var ramp = RAMPS[colourMode];
    walks.forEach(function (walk, wi) {
      var g = walkLayers[wi]; clear(g);
      var fixes = walk.fixes || [];
      var all = fixes.map(function (f) { return [f[1], f[2]]; });
      add(g, sv("polyline", { points: pathOf(all), "class": "walk-halo" }));
      if (!ramp) {
        if (all.length > 1) add(g, sv("polyline", { points: pathOf(all), "class": "walk-seg", stroke: walkHue(wi) }));
        tip(g, walk.name || walk.id);
        return;
      }
      var run = [], runBin = null;
      function flush() {
        if (run.length > 1) {
          var colour = runBin < 0 ? "#8a8f98" : ramp.colours[runBin];
          add(g, sv("polyline", { points: pathOf(run), "class": "walk-seg", stroke: colour, "data-bin": runBin }));
        }
      }
      for (var i = 1; i < fixes.length; i++) {
        var bin = binOf(colourMode, fixes[i][ramp.column]);
        if (bin !== runBin) { flush(); run = [[fixes[i - 1][1], fixes[i - 1][2]]]; runBin = bin; }
        run.push([fixes[i][1], fixes[i][2]]);
      }
      flush();
      tip(g, walk.name || walk.id);
    });
    renderLegend();
  }

  /* With --phases N: each walk replayed under each phase k/N of the phone's fix delivery, one group a phase
     (the fixes delivered as a line, where each point triggered), shown by the walk's phase selector. */
  var phaseChoice = [], walkShown = [];
  function phaseFixes(walk, ph) {
    if (Array.isArray(walk.track) && Array.isArray(ph.fixes)) {
      var out = [], i = 0;
      ph.fixes.forEach(function (gap) { i += gap; var f = walk.track[i]; if (f) out.push([f[1], f[2]]); });
      return out;
    }
    return (walk.fixes || []).map(function (f) { return [f[1], f[2]]; });
  }
  function drawPhases() {
    walks.forEach(function (walk, wi) {
      walkShown[wi] = true; phaseChoice[wi] = "walk";
      var hue = walkHue(wi), name = walk.name || walk.id;
      (Array.isArray(walk.phases) ? walk.phases : []).forEach(function (ph) {
        var label = name + ", phase " + ph.k + "/" + ph.of;
        var g = sv("g", { "class": "walk-phase hidden", "data-walk": walk.id || wi, "data-phase": ph.k });
        var line = phaseFixes(walk, ph);
        add(g, sv("polyline", { points: pathOf(line), "class": "walk-halo" }));
        add(g, tip(sv("polyline", { points: pathOf(line), "class": "phase-line", stroke: hue, "data-fixes": line.length }),
          label + ": " + line.length + " fixes delivered"));
        (ph.narrations || []).forEach(function (n) {
          if (!num(n.lat)) return;
          var c = proj(n.lat, n.lng);
          var m = sv("rect", { "class": "phase-trigger", "data-walk": walk.id || wi, "data-phase": ph.k, "data-point": n.point, fill: hue });
          sizedMarks.push(function (u) { var s = 9 * u; m.setAttribute("x", c[0] - s / 2); m.setAttribute("y", c[1] - s / 2);
            m.setAttribute("width", s); m.setAttribute("height", s); m.setAttribute("transform", "rotate(45 " + c[0] + " " + c[1] + ")"); });
          tip(m, label + ": point " + n.point + " triggered at +" + fmtDur(n.triggerT) +
            (n.startT > n.triggerT ? ", queued " + fmtDur(n.startT - n.triggerT) : ""));
          add(g, m);
        });
        var missed = (ph.missed || []).map(function (m) { return m.point; });
        tip(g, label + ": " + (ph.narrations || []).length + " narrations" + (missed.length ? ", missed " + missed.join(", ") : "") +
          (num(ph.completedT) ? ", completed at +" + fmtDur(ph.completedT) : ", not completed"));
        add(layers.phases, g);
      });
    });
  }
  /* What a walk shows: nothing when unticked; its timed walk (phase 0, coloured) or one phase, or every phase. */
  function showWalk(wi) {
    var id = String(walks[wi].id || wi), shown = walkShown[wi], choice = phaseChoice[wi];
    [walkLayers[wi]].concat(Array.prototype.slice.call(map.querySelectorAll(".trigger-marker, .overlap-marker")).filter(function (m) {
      return m.getAttribute("data-walk") === id;
    })).forEach(function (n) { n.classList.toggle("hidden", !shown || choice !== "walk"); });
    Array.prototype.forEach.call(map.querySelectorAll("g.walk-phase"), function (g) {
      if (g.getAttribute("data-walk") !== id) return;
      g.classList.toggle("hidden", !shown || !(choice === "all" || choice === g.getAttribute("data-phase")));
    });
  }

  function renderLegend() {
    var leg = document.getElementById("map-legend"); clear(leg);
    var ramp = RAMPS[colourMode];
    var item = add(el("span"), el("span", null, ramp ? "Walks by " + ramp.label + ": " : "Walks: "));
    if (!ramp) {
      walks.forEach(function (walk, wi) {
        var sw = el("span", { "class": "swatch" }); sw.style.background = walkHue(wi);
        add(item, sw, el("span", null, " " + (walk.name || walk.id || "walk " + (wi + 1)) + "  "));
      });
    } else ramp.colours.forEach(function (c, i) {
      var lo = i === 0 ? null : ramp.stops[i - 1], hi = i < ramp.stops.length ? ramp.stops[i] : null;
      var label = lo === null ? "< " + hi : hi === null ? "≥ " + lo : lo + "–" + hi;
      var sw = el("span", { "class": "swatch" }); sw.style.background = c;
      add(item, sw, el("span", null, " " + label + " " + ramp.unit + "  "));
    });
    add(leg, item);
    function key(colour, dashed, text) {
      var sw = el("span", { "class": "swatch" });
      sw.style.border = "2px " + (dashed ? "dashed " : "solid ") + colour; sw.style.borderRadius = "50%";
      return add(el("span"), sw, el("span", null, " " + text));
    }
    add(leg, key("var(--region)", false, "region (radius now)"), key("var(--advised)", true, "advised radius"),
      key("var(--warn)", false, "triggered while another narration played"),
      add(el("span"), el("span", null, "◆ a point triggered (walk's colour) · ✕ regions overlap" +
        (walks.some(function (w) { return Array.isArray(w.phases) && w.phases.length; })
          ? " · a phase: the fixes the phone delivered under it, in the walk's colour" : ""))));
  }

  function renderMapTools() {
    var tools = document.getElementById("map-tools");
    walks.forEach(function (walk, wi) {
      var box = el("input", { type: "checkbox", "data-walk": walk.id || wi }); box.checked = true;
      box.addEventListener("change", function () { walkShown[wi] = box.checked; showWalk(wi); });
      var sw = el("span", { "class": "swatch" }); sw.style.background = walkHue(wi);
      var chip = add(el("label", { "class": "chip small" }), box, sw, el("span", null, walk.name || walk.id || "walk " + (wi + 1)));
      var phases = Array.isArray(walk.phases) ? walk.phases : [], phasePick = null;
      if (phases.length) {
        phasePick = el("select", { "class": "phase-select", "data-walk": walk.id || wi, "aria-label": "Which phase of " + (walk.name || walk.id) });
        add(phasePick, el("option", { value: "walk" }, "phase 0/" + phases.length + " (the timeline)"));
        phases.forEach(function (ph) { if (ph.k > 0) add(phasePick, el("option", { value: String(ph.k) }, "phase " + ph.k + "/" + ph.of)); });
        add(phasePick, el("option", { value: "all" }, "every phase"));
        phasePick.addEventListener("change", function () { phaseChoice[wi] = phasePick.value; showWalk(wi); });
      }
      add(tools, chip);
      if (phasePick) add(tools, phasePick);
    });
    var sel = el("select", { id: "colour-mode", "aria-label": "Colour the walks by" });
    add(sel, el("option", { value: "walk" }, "colour by walk"), el("option", { value: "speed" }, "colour by speed"),
      el("option", { value: "accuracy" }, "colour by accuracy"));
    sel.addEventListener("change", function () { colourMode = RAMPS[sel.value] ? sel.value : "walk"; drawWalkLines(); });
    add(tools, sel);
  }

  function setupPanZoom() {
    var pointers = new Map();
    var last = null;
    function toMap(clientX, clientY) {
      var ctm = map.getScreenCTM();
      if (!ctm) return [view.x + view.w / 2, view.y + view.h / 2];
      var pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
      return [pt.x, pt.y];
    }
    function zoomAt(factor, cx, cy) {
      var nw = view.w * factor;
      if (fitView && (nw > fitView.w * 8 || nw < 30)) return;
      view.x = cx - (cx - view.x) * factor; view.y = cy - (cy - view.y) * factor;
      view.w = nw; view.h *= factor;
      applyView();
    }
    function gesture() {
      var ps = Array.from(pointers.values());
      if (ps.length === 1) return { x: ps[0].x, y: ps[0].y, d: 0 };
      var a = ps[0], b = ps[1];
      return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
    }
    map.addEventListener("pointerdown", function (e) {
      if (e.button !== 0 && e.pointerType === "mouse") return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      try { map.setPointerCapture(e.pointerId); } catch (err) { /* synthetic pointers */ }
      last = gesture(); map.classList.add("dragging");
    });
    map.addEventListener("pointermove", function (e) {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      var g = gesture();
      if (last) {
        var u = unitsPerPixel();
        view.x -= (g.x - last.x) * u; view.y -= (g.y - last.y) * u;
        if (g.d && last.d) { var m = toMap(g.x, g.y); zoomAt(last.d / g.d, m[0], m[1]); }
        else applyView();
      }
      last = g;
    });
    function up(e) {
      pointers.delete(e.pointerId);
      last = pointers.size ? gesture() : null;
      if (!pointers.size) map.classList.remove("dragging");
    }
    map.addEventListener("pointerup", up);
    map.addEventListener("pointercancel", up);
    map.addEventListener("wheel", function (e) {
      e.preventDefault();
      var m = toMap(e.clientX, e.clientY);
      var dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      zoomAt(Math.exp(Math.max(-200, Math.min(200, dy)) * 0.0015), m[0], m[1]);
    }, { passive: false });
    function centre() { return [view.x + view.w / 2, view.y + view.h / 2]; }
    document.getElementById("zoom-in").addEventListener("click", function () { var c = centre(); zoomAt(1 / 1.5, c[0], c[1]); });
    document.getElementById("zoom-out").addEventListener("click", function () { var c = centre(); zoomAt(1.5, c[0], c[1]); });
    document.getElementById("zoom-fit").addEventListener("click", function () { view = Object.assign({}, fitView); applyView(); });
    window.addEventListener("resize", applyView);
  }

  /* ---------- walk maths ---------- */
  function fixIndexAt(walk, t) {
    var f = walk.fixes || [];
    var lo = 0, hi = f.length - 1;
    if (hi < 0) return -1;
    if (t <= f[0][0]) return 0;
    if (t >= f[hi][0]) return hi;
    while (hi - lo > 1) { var mid = (lo + hi) >> 1; if (f[mid][0] <= t) lo = mid; else hi = mid; }
    return lo;
  }
  function positionAt(walk, t) {
    var f = walk.fixes || [];
    var i = fixIndexAt(walk, t);
    if (i < 0) return null;
    var a = f[i], b = f[Math.min(i + 1, f.length - 1)];
    var k = b[0] > a[0] ? Math.max(0, Math.min(1, (t - a[0]) / (b[0] - a[0]))) : 0;
    return [a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k];
  }
  function narrationEnd(n) { return num(n.cutAtSeconds) ? n.startT + n.cutAtSeconds : n.endT; }
  function narrationAt(walk, t) {
    var ns = walk.narrations || [];
    for (var i = 0; i < ns.length; i++) if (t >= ns[i].startT && t < narrationEnd(ns[i])) return ns[i];
    return null;
  }
  function walkEnd(walk) {
    var f = walk.fixes || [];
    var end = num(walk.durationSeconds) ? walk.durationSeconds : (f.length ? f[f.length - 1][0] : 0);
    (walk.narrations || []).forEach(function (n) { end = Math.max(end, narrationEnd(n)); });
    if (num(walk.completedT)) end = Math.max(end, walk.completedT);
    return end || 1;
  }

  /* ---------- timelines ---------- */
  var timelineState = []; /* per walk: {svg, cursor, selected, readout, scaleX, t} */
  function renderTimelines() {
    var list = document.getElementById("timeline-list");
    clear(list);
    var width = Math.max(280, list.getBoundingClientRect().width || 800);
    walks.forEach(function (walk, wi) {
      var prev = timelineState[wi];
      var block = el("div", { "class": "walk-block", "data-walk": walk.id || wi });
      var head = el("div", { "class": "walk-head" });
      var sw = el("span", { "class": "swatch" }); sw.style.background = walkHue(wi);
      var heard = (walk.narrations || []).length, missed = (walk.missed || []).length;
      var summary = heard + " narrations" + (missed ? ", " + missed + " missed" : "") +
        (num(walk.completedT) ? ", completed at +" + fmtDur(walk.completedT) : ", not completed") +
        " · " + (num(walk.fixCount) ? walk.fixCount + " fixes (" + (walk.fixes || []).length + " drawn)" : (walk.fixes || []).length + " fixes");
      var trace = (data.provenance && data.provenance.traces || [])[walk.trace];
      add(head, add(el("h3"), sw, el("span", null, " " + (walk.name || walk.id || "walk " + (wi + 1)))),
        el("span", { "class": "dim small" }, summary + (trace ? " · " + trace.file : "")));
      var playBtn = el("button", { type: "button", "class": "play-walk", "data-walk": walk.id || wi }, "▶ Play this walk from here");
      add(head, playBtn);
      add(block, head);

      var H = 176, left = 34, right = 8, barY = 18, barH = 20, chartTop = 70, chartBottom = H - 18;
      var end = walkEnd(walk);
      var innerW = width - left - right;
      function X(t) { return left + Math.max(0, Math.min(1, t / end)) * innerW; }
      var svg = sv("svg", { "class": "timeline", width: width, height: H, viewBox: "0 0 " + width + " " + H,
        role: "img", "aria-label": "Timeline of " + (walk.name || walk.id) });
      var defs = add(sv("defs"), add(sv("pattern", { id: "hatch-" + wi, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }),
        sv("rect", { width: 6, height: 6, fill: "#3a4552" }), sv("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#ff8a5b", "stroke-width": 3 })));
      add(svg, defs);
      /* axis and ticks */
      var step = [60, 120, 300, 600, 900, 1800, 3600].find(function (s) { return end / s <= 10; }) || 7200;
      add(svg, sv("line", { x1: left, x2: left + innerW, y1: chartBottom, y2: chartBottom, "class": "tl-axis" }));
      for (var s = 0; s <= end; s += step) {
        add(svg, sv("line", { x1: X(s), x2: X(s), y1: chartBottom, y2: chartBottom + 4, "class": "tl-axis" }));
        add(svg, sv("text", { x: X(s), y: H - 4, "class": "tl-tick", "text-anchor": s === 0 ? "start" : "middle" }, fmtDur(s)));
      }
      add(svg, sv("text", { x: 2, y: barY + barH / 2 + 3, "class": "tl-label" }, "audio"));
      /* narrations: the wait, then the bar */
      (walk.narrations || []).forEach(function (n) {
        var p = pointByOrder[n.point];
        if (n.startT > n.triggerT) {
          add(svg, tip(sv("rect", { x: X(n.triggerT), y: barY + 4, width: Math.max(1, X(n.startT) - X(n.triggerT)), height: barH - 8,
            "class": "tl-wait", "data-point": n.point }), "Point " + n.point + " waited " + fmtDur(n.startT - n.triggerT) + " in the queue"));
        }
        var cut = num(n.cutAtSeconds);
        var x0 = X(n.startT), x1 = X(narrationEnd(n));
        var bar = sv("rect", { x: x0, y: barY, width: Math.max(2, x1 - x0), height: barH, rx: 3,
          "class": "tl-bar" + (cut ? " tl-cut" : ""), "data-point": n.point, fill: cut ? "url(#hatch-" + wi + ")" : walkHue(wi) });
        tip(bar, "Point " + n.point + " · " + pick(p && p.title) + ": triggered +" + fmtDur(n.triggerT) + ", plays +" +
          fmtDur(n.startT) + " to +" + fmtDur(narrationEnd(n)) + (cut ? " (cut after " + fmtDur(n.cutAtSeconds) + ")" : ""));
        add(svg, bar);
        if (x1 - x0 > 14) add(svg, sv("text", { x: (x0 + x1) / 2, y: barY + barH / 2, "class": "tl-bar-label" }, n.point));
      });
      /* missed points */
      (walk.missed || []).forEach(function (m) {
        var x = num(m.t) ? X(m.t) : left + innerW - 6;
        add(svg, tip(sv("text", { x: x, y: barY + barH + 12, "class": "tl-missed", "data-point": m.point }, "✕" + m.point),
          "Point " + m.point + " missed" + (num(m.t) ? " at +" + fmtDur(m.t) : "") + (m.reason ? ": " + m.reason : "")));
      });
      /* completion */
      if (num(walk.completedT)) {
        var cx = X(walk.completedT);
        add(svg, tip(add(sv("g", { "class": "tl-completion" }),
          sv("line", { x1: cx, x2: cx, y1: barY - 6, y2: chartBottom, "class": "tl-complete" }),
          sv("path", { d: "M" + cx + " " + (barY - 6) + "l9 4l-9 4z", "class": "tl-complete-flag" })), "Tour completed at +" + fmtDur(walk.completedT)));
      }
      /* the distance to the next point, and its radius */
      var fixes = walk.fixes || [];
      var maxD = 0;
      fixes.forEach(function (f) { if (num(f[6])) maxD = Math.max(maxD, f[6]); });
      maxD = Math.max(50, Math.min(maxD, 1500));
      function Y(d) { return chartBottom - Math.min(1, d / maxD) * (chartBottom - chartTop); }
      add(svg, sv("text", { x: 2, y: chartTop + 4, "class": "tl-label" }, fmtM(maxD)));
      add(svg, sv("text", { x: 2, y: chartBottom - 3, "class": "tl-label" }, "0"));
      var dpts = [], rpts = [], runs = [];
      fixes.forEach(function (f) {
        if (!num(f[6])) { if (dpts.length) runs.push([dpts, rpts]); dpts = []; rpts = []; return; }
        dpts.push(X(f[0]).toFixed(1) + "," + Y(f[6]).toFixed(1));
        var np = pointByOrder[f[5]];
        if (np) rpts.push(X(f[0]).toFixed(1) + "," + Y(np.radiusMeters).toFixed(1));
      });
      if (dpts.length) runs.push([dpts, rpts]);
      runs.forEach(function (r) {
        add(svg, sv("polyline", { points: r[1].join(" "), "class": "tl-radius" }));
        add(svg, sv("polyline", { points: r[0].join(" "), "class": "tl-distance" }));
      });
      var selected = sv("line", { x1: X(0), x2: X(0), y1: 8, y2: chartBottom, "class": "tl-selected" });
      var cursor = sv("line", { x1: -10, x2: -10, y1: 8, y2: chartBottom, "class": "tl-cursor hidden" });
      add(svg, selected, cursor);
      add(block, svg);
      var readout = el("div", { "class": "readout", "aria-live": "polite" });
      add(block, readout);
      add(list, block);

      var st = { svg: svg, cursor: cursor, selected: selected, readout: readout, X: X, selectedT: prev ? prev.selectedT : 0 };
      timelineState[wi] = st;
      selected.setAttribute("x1", X(st.selectedT)); selected.setAttribute("x2", X(st.selectedT));
      function tAt(e) {
        var rect = svg.getBoundingClientRect();
        var x = (e.clientX - rect.left) * (width / rect.width);
        return Math.max(0, Math.min(end, (x - left) / innerW * end));
      }
      svg.addEventListener("pointermove", function (e) { showMoment(wi, tAt(e)); });
      svg.addEventListener("pointerdown", function (e) {
        var t = tAt(e); st.selectedT = t;
        selected.setAttribute("x1", X(t)); selected.setAttribute("x2", X(t));
        showMoment(wi, t);
      });
      playBtn.addEventListener("click", function () { startWalk(wi, st.selectedT); });
      readout.textContent = "Tap the timeline to choose a moment; the walk plays from +" + fmtDur(st.selectedT) + ".";
    });
  }

  function describeMoment(walk, t) {
    var f = walk.fixes || [], i = fixIndexAt(walk, t);
    var parts = ["+" + fmtDur(t), clock(walk, t)];
    if (i >= 0) {
      var fx = f[i];
      if (num(fx[5])) parts.push("next point " + fx[5] + " at " + fmtM(fx[6]));
      else parts.push("no next point");
      if (num(fx[4])) parts.push(fx[4].toFixed(1) + " m/s");
      if (num(fx[3])) parts.push("±" + Math.round(fx[3]) + " m");
    }
    var n = narrationAt(walk, t);
    parts.push(n ? "hearing point " + n.point + " at " + fmtDur(t - n.startT) : "silence");
    return parts.filter(Boolean).join(" · ");
  }
  function showMoment(wi, t) {
    var walk = walks[wi], st = timelineState[wi];
    if (st) {
      st.cursor.classList.remove("hidden");
      st.cursor.setAttribute("x1", st.X(t)); st.cursor.setAttribute("x2", st.X(t));
      st.readout.textContent = (walk.name || walk.id) + ": " + describeMoment(walk, t);
    }
    var at = positionAt(walk, t), cur = document.getElementById("walker-cursor");
    if (at && cur) {
      var c = proj(at[0], at[1]);
      cur.setAttribute("cx", c[0]); cur.setAttribute("cy", c[1]);
      cur.setAttribute("fill", walkHue(wi));
      cur.classList.remove("hidden");
    }
  }

  /* ---------- narrations ---------- */
  var audios = {}; /* point order -> {audio, sub, transcript, card} */
  var DATA_AUDIO = /^data:audio\/[A-Za-z0-9.+-]+(;[A-Za-z0-9=._+-]+)*,/;
  function cuesOf(p) {
    var subs = (p.narration && p.narration.subtitles) || {};
    return subs[lang] || [];
  }
  function cueAt(cues, t) {
    for (var i = 0; i < cues.length; i++) if (t >= cues[i].start && t < cues[i].end) return i;
    return -1;
  }
  function renderNarrations() {
    var sel = document.getElementById("sub-lang");
    clear(sel);
    subLangs.forEach(function (l) { var o = el("option", { value: l }, l); if (l === lang) o.selected = true; sel.appendChild(o); });
    if (!subLangs.length) sel.appendChild(el("option", null, "none"));
    sel.addEventListener("change", function () { lang = sel.value; root.setAttribute("lang", cls(lang) || "en"); refreshTranscripts(); });
    var cards = document.getElementById("cards");
    points.forEach(function (p) {
      var nar = p.narration || {};
      var card = el("article", { "class": "card", "data-point": p.order });
      add(card, el("h3", null, p.order + " · " + pick(p.title)));
      var meta = [num(nar.durationSeconds) ? fmtDur(nar.durationSeconds) : null, nar.language, fmtM(p.radiusMeters) + " radius",
        num(p.advisedRadiusMeters) ? "advised " + fmtM(p.advisedRadiusMeters) : null];
      add(card, el("div", { "class": "dim small" }, meta.filter(Boolean).join(" · ")));
      var audio = el("audio", { controls: "", preload: "metadata", "data-point": p.order, "data-decoded": "pending" });
      var src = nar.audio && nar.audio.src;
      if (typeof src === "string" && DATA_AUDIO.test(src)) {
        audio.addEventListener("loadedmetadata", function () {
          if (audio.getAttribute("data-decoded") === "pending") audio.setAttribute("data-decoded", "ok");
          audio.setAttribute("data-duration", isFinite(audio.duration) ? audio.duration.toFixed(3) : "");
          audioSettled();
        });
        audio.addEventListener("error", function () {
          audio.setAttribute("data-decoded", "error");
          audio.setAttribute("data-error", audio.error ? audio.error.code + " " + (audio.error.message || "") : "?");
          audioSettled();
        });
        audio.src = src;
      } else {
        audio.setAttribute("data-decoded", src ? "refused" : "missing");
      }
      add(card, audio);
      var sub = el("div", { "class": "subtitle", "aria-live": "polite", "data-point": p.order });
      add(card, sub);
      var transcript = el("details", { "class": "transcript" });
      add(card, transcript);
      if (nar.audio && nar.audio.note) add(card, el("div", { "class": "dim small" }, nar.audio.note));
      audios[p.order] = { audio: audio, sub: sub, transcript: transcript, card: card, point: p };
      function update() { showCue(p.order); }
      audio.addEventListener("timeupdate", update);
      audio.addEventListener("seeked", update);
      audio.addEventListener("playing", update);
      audio.addEventListener("play", function () { card.classList.add("playing"); });
      audio.addEventListener("pause", function () { card.classList.remove("playing"); });
      add(cards, card);
    });
    refreshTranscripts();
  }
  function refreshTranscripts() {
    points.forEach(function (p) {
      var a = audios[p.order]; if (!a) return;
      var open = a.transcript.open;
      clear(a.transcript);
      var cues = cuesOf(p);
      add(a.transcript, el("summary", null, "Transcript (" + cues.length + " cues, " + lang + ")"));
      cues.forEach(function (c) {
        var line = el("p", { "data-start": c.start }, fmtDur(c.start) + "  " + c.text);
        line.addEventListener("click", function () { try { a.audio.currentTime = c.start; } catch (e) { /* not loaded */ } });
        add(a.transcript, line);
      });
      a.transcript.open = open;
      showCue(p.order);
    });
  }
  function showCue(order) {
    var a = audios[order]; if (!a) return;
    var cues = cuesOf(a.point);
    var i = cueAt(cues, a.audio.currentTime || 0);
    var text = i >= 0 ? cues[i].text : "";
    if (a.sub.textContent !== text) a.sub.textContent = text;
    var lines = a.transcript.querySelectorAll("p");
    for (var k = 0; k < lines.length; k++) lines[k].classList.toggle("active", k === i);
    if (player.walk !== null && player.current && player.current.point === order) document.getElementById("player-sub").textContent = text;
  }

  /* ---------- "play this walk from here" ---------- */
  var player = { walk: null, t: 0, current: null, last: 0, raf: 0 };
  function stopAudio() {
    Object.keys(audios).forEach(function (k) { var a = audios[k].audio; if (!a.paused) a.pause(); });
  }
  function stopWalk() {
    stopAudio();
    if (player.raf) cancelAnimationFrame(player.raf);
    player.walk = null; player.current = null; player.raf = 0;
    document.getElementById("player").hidden = true;
  }
  function startWalk(wi, t) {
    stopWalk();
    player.walk = wi; player.t = t; player.current = null; player.last = performance.now();
    document.getElementById("player").hidden = false;
    document.getElementById("player-sub").textContent = "";
    tick(player.last);
  }
  function playAudio(a, offset) {
    try { a.currentTime = offset; } catch (e) { /* metadata not loaded yet */ }
    var pr = a.play();
    if (pr && pr.catch) pr.catch(function (err) {
      document.getElementById("player-now").textContent = "The browser refused to play: " + err.message;
    });
  }
  function tick(now) {
    if (player.walk === null) return;
    var walk = walks[player.walk];
    var dt = Math.min(1, (now - player.last) / 1000);
    player.last = now;
    var skip = document.getElementById("skip-silence").checked;
    var end = walkEnd(walk);
    var n = narrationAt(walk, player.t);
    if (n) {
      var a = audios[n.point];
      var audio = a && a.audio;
      var offset = player.t - n.startT;
      if (player.current !== n) {
        stopAudio();
        player.current = n;
        var dur = audio && isFinite(audio.duration) ? audio.duration : Infinity;
        if (audio && audio.getAttribute("data-decoded") === "ok" && offset < dur) playAudio(audio, offset);
        if (a) a.card.scrollIntoView({ block: "nearest", behavior: "smooth" });
      }
      if (audio && !audio.paused && !audio.ended) {
        player.t = n.startT + audio.currentTime;
        showCue(n.point);
        if (num(n.cutAtSeconds) && audio.currentTime >= n.cutAtSeconds) { audio.pause(); player.t = narrationEnd(n); }
      } else if (skip) {
        player.t = narrationEnd(n); /* the recording is over (or could not play): on to what comes next */
      } else {
        player.t += dt;
      }
    } else {
      if (player.current) { stopAudio(); player.current = null; document.getElementById("player-sub").textContent = ""; }
      var next = (walk.narrations || []).filter(function (m) { return m.startT > player.t; })[0];
      if (skip) player.t = next ? next.startT : end;
      else player.t += dt;
    }
    var label = (walk.name || walk.id) + " · " + describeMoment(walk, Math.min(player.t, end));
    document.getElementById("player-now").textContent = label;
    showMoment(player.walk, Math.min(player.t, end));
    if (player.t >= end) { stopWalk(); return; }
    player.raf = requestAnimationFrame(tick);
  }
  document.getElementById("player-stop").addEventListener("click", stopWalk);

  /* ---------- advice ---------- */
  function renderAdvice() {
    var adv = data.advice;
    var body = document.getElementById("advice-body");
    if (adv && adv.title) document.getElementById("advice-title").textContent = adv.title;
    if (adv && adv.legend) add(body, el("p", { "class": "dim small" }, adv.legend));
    if (adv && Array.isArray(adv.columns) && adv.columns.length) {
      var table = el("table", { id: "radii-table" });
      var hr = el("tr");
      adv.columns.forEach(function (c) { add(hr, el("th", { scope: "col", "data-key": c.key }, c.label !== undefined ? c.label : c.key)); });
      add(table, add(el("thead"), hr));
      var tb = el("tbody");
      (adv.rows || []).forEach(function (r) {
        var tr = el("tr", { "class": r.verdict ? "verdict-" + cls(r.verdict) : null, "data-point": r.point });
        adv.columns.forEach(function (c) {
          var v = r.cells ? r.cells[c.key] : undefined;
          var td = el("td", { "data-key": c.key }, v === undefined || v === null ? "—" : typeof v === "object" ? JSON.stringify(v) : v);
          if (typeof v === "string" && v.length <= 24) td.classList.add("nowrap");
          add(tr, td);
        });
        add(tb, tr);
      });
      add(body, add(el("div", { "class": "scroll" }), add(table, tb)));
    } else {
      add(body, el("p", { "class": "dim" }, "No radii advice in this report."));
    }
    (adv && adv.notes || []).forEach(function (n) { add(body, el("p", { "class": "small" }, n)); });
    /* radii's sweep and noise grids, cell for cell */
    (adv && Array.isArray(adv.grids) ? adv.grids : []).forEach(function (g) {
      var box = el("details", { "class": "grid", "data-grid": cls(g.key) });
      box.open = true;
      add(box, el("summary", null, g.title || g.key));
      var table = el("table", { "class": "radii-grid", "data-grid": cls(g.key) });
      var hr = add(el("tr"), el("th", { scope: "col" }, "#"));
      (g.radii || []).forEach(function (r) { add(hr, el("th", { scope: "col" }, r)); });
      add(table, add(el("thead"), hr));
      var tb = el("tbody");
      (g.rows || []).forEach(function (row) {
        var tr = add(el("tr", { "data-point": row.point }), el("th", { scope: "row" }, row.point));
        (row.cells || []).forEach(function (v) {
          var td = el("td", null, v);
          var pct = parseFloat(v);
          if (g.key !== "sweepDelay" && num(pct)) td.style.background = "rgba(108, 196, 255, " + (pct / 100 * 0.45).toFixed(3) + ")";
          add(tr, td);
        });
        add(tb, tr);
      });
      add(box, add(el("div", { "class": "scroll" }), add(table, tb)));
      (g.notes || []).forEach(function (n) { add(box, el("p", { "class": "small mono" }, n)); });
      add(body, box);
    });
    var overlaps = data.regionOverlaps || [];
    if (overlaps.length) {
      add(body, el("h3", null, "Regions that overlap"));
      var ul = el("ul", { "class": "small" });
      overlaps.forEach(function (o) {
        add(ul, el("li", null, "Points " + (o.points || []).join(" and ") + ": " + fmtM(o.meters) + " of overlap (centres " +
          fmtM(o.centresMeters) + " apart)" + (num(o.advisedMeters) ? "; with the advised radii " +
          (o.advisedMeters > 0 ? fmtM(o.advisedMeters) : "none") : "")));
      });
      add(body, ul);
    }
    var diffs = data.buildDifferences || [];
    if (diffs.length) {
      add(body, el("h3", null, "Differences between app builds"));
      var list = el("ul", { id: "build-differences" });
      diffs.forEach(function (d) {
        var li = el("li");
        add(li, el("strong", null, d.title || ""));
        if (d.builds && d.builds.length) add(li, el("span", { "class": "dim small" }, " (" + d.builds.join(", ") + ")"));
        if (d.detail) add(li, el("div", { "class": "small" }, d.detail));
        var c = d.citation;
        if (c) {
          var cite = el("div", { "class": "small dim" }, "Source: ");
          var text = c.text || c.url || "";
          if (typeof c.url === "string" && /^https?:\/\/[^\s]+$/i.test(c.url)) {
            add(cite, el("a", { href: c.url, rel: "noopener noreferrer", target: "_blank", title: c.url, "class": "citation" }, text));
          } else {
            add(cite, el("cite", { "class": "citation" }, text));
          }
          add(li, cite);
        }
        add(list, li);
      });
      add(body, list);
    }
  }

  /* ---------- ready: every <audio> settled ---------- */
  var readyTimer = 0;
  function audioSettled() {
    var all = document.querySelectorAll("audio");
    var pending = 0, ok = 0, bad = 0;
    all.forEach(function (a) {
      var s = a.getAttribute("data-decoded");
      if (s === "pending") pending++; else if (s === "ok") ok++; else bad++;
    });
    root.setAttribute("data-audio-ok", String(ok));
    root.setAttribute("data-audio-bad", String(bad));
    if (!pending) markReady();
  }
  function markReady() {
    if (readyTimer) { clearTimeout(readyTimer); readyTimer = 0; }
    root.setAttribute("data-report-ready", "1");
  }

  renderProvenance();
  renderMap();
  renderTimelines();
  renderNarrations();
  renderAdvice();
  root.setAttribute("data-rendered", "1");
  audioSettled();
  if (root.getAttribute("data-report-ready") !== "1") readyTimer = setTimeout(function () {
    root.setAttribute("data-audio-timeout", "1"); markReady();
  }, 8000);
  var resizeTimer = 0, lastWidth = document.getElementById("timeline-list").getBoundingClientRect().width;
  window.addEventListener("resize", function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () {
      var w = document.getElementById("timeline-list").getBoundingClientRect().width;
      if (Math.abs(w - lastWidth) > 2) { lastWidth = w; renderTimelines(); }
    }, 150);
  });
})();
</script>
</body>
</html>

"""#
}
