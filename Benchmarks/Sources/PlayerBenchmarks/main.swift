import Benchmark
import BenchmarkFixtures
import WalkscapeCore
import WalkscapeMap
import WalkscapePlayer
import WalkscapeTUI

// One player frame at 200×60, the whole per-frame pipeline of `walkscape play` short of the terminal write:
// the session's frame (map scene, route card, audio bar, subtitle lookup), the screen drawn into a cell grid
// (braille map of a 50-point tour with its route and regions, the event log), and the diff against the
// previous frame. Each iteration advances the walk by 1/30 s of wall time at ×8, as the player does.
let tour = SyntheticWalk.tour(points: 50)
let trace = SyntheticWalk.trace(fixes: 20_000, points: 50)
let route = (0...360).map { Geodesy.destination(from: LatLng(lat: 45.07, lng: 7.686), bearing: Double($0), distance: 1500) }
let cues = (0..<200).map { i in
    SubtitleCue(index: i + 1, startMs: i * 3000, endMs: i * 3000 + 2800, text: "Line \(i + 1) of the narration, long enough\nto wrap over two rows of the subtitle box.", line: i * 4 + 1)
}
let info = PlayerTourInfo(
    title: "A benchmark loop of fifty points", pointTitles: Dictionary(uniqueKeysWithValues: (1...50).map { ($0, "Point number \($0)") }),
    route: route, completionMessage: nil, subtitles: Dictionary(uniqueKeysWithValues: (1...50).map { ($0, SubtitleTrack(cues)) }))

for (name, ascii) in [("braille", false), ("ascii", true)] {
    var session = PlayerSession(tour: tour, trace: trace, speed: 8)
    _ = session.advance(wallSeconds: 60)  // into the walk: a point playing, others visited
    var previous: CellGrid?
    let screen = PlayerScreen(strings: UIStrings(language: "en"), ascii: ascii)
    benchmark("frame 200×60 \(name): build + render + diff (event log shown)") {
        _ = session.advance(wallSeconds: 1.0 / 30)
        let frame = session.frame(info: info, heardPosition: nil, muted: true, showLog: true, overlay: nil)
        let grid = screen.render(frame, width: 200, height: 60)
        let changes = grid.changes(since: previous)
        precondition(previous == nil || changes.count < 200 * 60)
        previous = grid
    }
}

// The same frame over the Helsinki sample tour's offline map (tours/helsinki-keskusta, 37 tiles, z14–16): the
// map pane shows the Helsinki route with the walker moving along it, with and without the basemap under it
// (docs/map.md). Run from the repository root (the tiles are read from tours/).
let tilesPath = "tours/helsinki-keskusta/map/helsinki-center.mbtiles"
/// The tour's route (tour.json's routePolyline).
let helsinkiPolyline = "60.170850,24.944920;60.170800,24.944920;60.170590,24.945040;60.170360,24.945320;60.169810,24.945400;60.168980,24.945540;60.168950,24.947500;60.168990,24.949500;60.169030,24.951020;60.168900,24.950980;60.167960,24.951050;60.167880,24.951060;60.167890,24.951620;60.167900,24.951910;60.167860,24.952090;60.167740,24.952360;60.167670,24.952400;60.167220,24.952440;60.166550,24.952470;60.165820,24.952550;60.165510,24.952650;60.165010,24.952500;60.164850,24.952530;60.165010,24.952500;60.165510,24.952650;60.165820,24.952550;60.166550,24.952470;60.167400,24.952420;60.167290,24.952000;60.167250,24.950850;60.167210,24.949370;60.167180,24.947760;60.167130,24.945960;60.167090,24.945200;60.166920,24.944510;60.166770,24.944100;60.166710,24.943920;60.166640,24.943580"
if let basemap = try? BasemapReader.read(path: tilesPath), let polyline = try? LatLngListPolyline.decode(helsinkiPolyline) {
    let points = [0, 8, 16, 21, 33].enumerated().map { i, vertex in
        MapScene.Point(order: i + 1, location: polyline[min(vertex, polyline.count - 1)], radiusMeters: i == 2 ? 200 : 100, state: i == 0 ? .visited : i == 1 ? .playing : .later)
    }
    let underlay = MapUnderlay(basemap: basemap, route: polyline)
    for (name, ascii, withMap) in [("braille", false, true), ("braille", false, false), ("ascii", true, true)] {
        var session = PlayerSession(tour: tour, trace: trace, speed: 8)
        _ = session.advance(wallSeconds: 60)
        var previous: CellGrid?
        var step = 0
        let screen = PlayerScreen(strings: UIStrings(language: "en"), ascii: ascii, underlay: withMap ? underlay : nil)
        benchmark("frame 200×60 \(name), Helsinki \(withMap ? "with" : "without") basemap") {
            _ = session.advance(wallSeconds: 1.0 / 30)
            var frame = session.frame(info: info, heardPosition: nil, muted: true, showLog: true, overlay: nil)
            step = (step + 1) % polyline.count
            frame.map = MapScene(route: polyline, points: points, walker: polyline[step])
            let grid = screen.render(frame, width: 200, height: 60)
            let changes = grid.changes(since: previous)
            precondition(previous == nil || changes.count < 200 * 60)
            previous = grid
        }
    }
    // Decoding throughput: every tile of the file (gzip inflated, protobuf parsed, geometry decoded).
    let file = try MBTilesFile(path: tilesPath)
    let tiles = try file.tileIDs().compactMap { try file.tile($0) }
    benchmark("decode the 37 Helsinki tiles (\(tiles.reduce(0) { $0 + $1.count }) bytes gzip)") {
        var features = 0
        for bytes in tiles { features += try! VectorTileDecoder.decode(bytes).reduce(0) { $0 + $1.features.count } }
        precondition(features == 12_260)
    }
} else {
    print("(\(tilesPath) not found: run from the repository root for the Helsinki frames)")
}

Benchmark.main()
