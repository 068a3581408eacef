import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapePlayer
import WalkscapeRuntime
import WalkscapeSystem
import WalkscapeTUI
import WalkscapeTours
import WalkscapeTraces

// Frame timing while points start playing at ×1: the player's own loop (`PlayerLoop`, 200×60, real clock)
// on a backend that waits for keys as curses does (the loop's timeout, no key) and notes when each frame is
// drawn. For each point of each sample walk the walk is set 2 s before the point's audio starts, then runs at
// ×1 for 4 s while the recording is opened, scanned and played (a NullOutput on the monotonic clock: the
// decoding is real, the sound goes nowhere).
//   - lateness: from the end of a frame's key wait to that frame drawn (the work a frame waits for);
//   - gap: between two frames drawn (the loop's frame interval, 33 ms since the last frame's work began, plus
//     any lateness beyond it and the scheduler's overshoot of the wait); the longest, the 99th percentile and
//     how many reach 50 ms.
// Two ways of opening the recordings: `AudioSink` (its loader thread, what `walkscape play` does) and, for
// comparison, opening them on the loop's own thread as the player did before (`--compare`).
// With `--recording FILE` every point plays FILE instead of its own recording (a long narration: its scan is
// what a frame would wait for).
// usage: FrameTiming REPO_ROOT [--compare] [--recording FILE]

/// A terminal that waits for keys as curses does and remembers when it drew.
final class WaitingBackend: TerminalBackend {
    let size = (width: 200, height: 60)
    let unicode = true
    let clock = SystemClock()
    let until: Double
    var waitEnded = 0.0
    var draws: [(at: Double, lateness: Double)] = []
    var quitting: [TerminalKey] = [.character("q"), .character("y")]

    init(seconds: Double) { until = clock.now() + seconds }

    func readKey(timeout milliseconds: Int32) -> TerminalKey? {
        if clock.now() >= until, !quitting.isEmpty { return quitting.removeFirst() }
        if milliseconds > 0 { usleep(UInt32(milliseconds) * 1000) }
        waitEnded = clock.now()
        return nil
    }

    func draw(_ grid: CellGrid) {
        let now = clock.now()
        draws.append((now, now - waitEnded))
    }
}

/// The old way: a sink that opens (and, for an MP3, scans) the recording on the walk's own thread.
final class OpenOnLoopThreadSink: WalkSink, @unchecked Sendable {
    let player: AudioPlayer
    let path: @Sendable (Int) -> String?
    init(player: AudioPlayer, path: @escaping @Sendable (Int) -> String?) {
        self.player = player
        self.path = path
    }
    func walk(_ update: WalkUpdate, snapshot: WalkSnapshot) {
        for command in update.audio {
            switch command {
            case let .play(point, offset):
                if let file = path(point), let decoder = try? AudioDecoding.open(path: file) { player.play(decoder, point: point, from: offset) }
            case .stop: player.stop()
            case .pause: player.pause()
            case .resume: player.resume()
            case let .seek(to): player.seek(to: to)
            }
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write("usage: FrameTiming REPO_ROOT [--compare] [--recording FILE]\n".data(using: .utf8)!)
    exit(2)
}
let root = arguments[1]
let recording = arguments.firstIndex(of: "--recording").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let modes = arguments.contains("--compare") ? ["loader thread (AudioSink)", "loop thread (before)"] : ["loader thread (AudioSink)"]
let walks = [("torino-portici", "torino-portici-clean.gpx"), ("paris-ile-de-la-cite", "paris-ile-de-la-cite-clean.gpx")]
let strings = UIStrings(language: "en")

for mode in modes {
    var worstLateness = 0.0
    var gaps: [Double] = []
    var frames = 0
    var starts = 0
    for (tourName, traceName) in walks {
        let replay = try ReplayTour.load(root + "/tours/" + tourName, language: nil)
        let trace = try TraceFileReader.readForReplay(path: root + "/fixtures/traces/" + traceName).trace
        let audioStarts = Simulation.run(tour: replay.engineTour, trace: trace).events.filter { $0.kind == .audioStarted }.map(\.t)
        for start in audioStarts {
            let backend = WaitingBackend(seconds: 4)
            let player = AudioPlayer(output: NullOutput())
            let path: @Sendable (Int) -> String? = { [replay] point in recording ?? replay.audioPath(point: point) }
            let audioSink = AudioSink(player: player, recordingPath: path)
            let sink: any WalkSink = mode.hasPrefix("loader") ? audioSink : OpenOnLoopThreadSink(player: player, path: path)
            var session = PlayerSession(tour: replay.engineTour, trace: trace, speed: 1)
            sink.take(session.walk.startUpdate, from: session.walk)
            sink.take(session.advance(wallSeconds: max(0, start - 2)), from: session.walk)
            audioSink.drain()
            var state = PlayerState(session: session, info: PlayerTour.info(replay, subtitles: nil), subtitleLanguages: [], subtitleLanguage: nil)
            let loop = PlayerLoop(backend: backend, player: player, notices: NoticeBox(), strings: strings)
            // The old way hears the walk's updates on the loop's thread, where `handle` runs.
            let loader = mode.hasPrefix("loader")
            _ = loop.run(&state, sink: loader ? audioSink : nil) { effect, state in
                if !loader, case let .walkUpdate(update) = effect { sink.walk(update, snapshot: state.session.snapshot) }
            }
            audioSink.drain()
            player.shutdown()
            starts += 1
            frames += backend.draws.count
            worstLateness = max(worstLateness, backend.draws.map(\.lateness).max() ?? 0)
            for k in backend.draws.indices.dropFirst() { gaps.append(backend.draws[k].at - backend.draws[k - 1].at) }
        }
    }
    gaps.sort()
    let p99 = gaps.isEmpty ? 0 : gaps[min(gaps.count - 1, Int(Double(gaps.count) * 0.99))]
    print(String(format: "%-26@ %2d point starts, %4d frames: longest lateness %6.1f ms, longest gap %6.1f ms (99th percentile %5.1f ms, %d of %d gaps ≥ 50 ms)",
        mode as NSString, starts, frames, worstLateness * 1000, (gaps.last ?? 0) * 1000, p99 * 1000, gaps.filter { $0 >= 0.050 }.count, gaps.count))
}
