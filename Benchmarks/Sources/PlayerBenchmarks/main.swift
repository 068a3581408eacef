import Benchmark
import BenchmarkFixtures
import WalkscapeCore
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

Benchmark.main()
