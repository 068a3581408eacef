import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeRuntime
import WalkscapeTUI
import WalkscapeTerminal
import WalkscapeTours

/// The player screen's loop on the terminal: reads keys, feeds the session's clock, executes its audio
/// commands on the audio player, and draws a frame about 30 times a second. Only this thread touches curses;
/// the audio thread publishes snapshots; signal handlers only set `StopSignals.received`.
struct PlayerLoop {
    enum Outcome: Equatable {
        /// The user left the player (q, confirmed while a tour is in progress).
        case quit
        /// SIGINT, SIGTERM or SIGHUP arrived.
        case interrupted(Int32)
    }

    let terminal: CursesTerminal
    let player: AudioPlayer
    let notices: NoticeBox
    let strings: UIStrings
    /// The monotonic clock the walk is ticked on (the one the audio outputs run on).
    let clock: any AudioClock = MonotonicAudioClock()

    /// Plays `trace` (named `traceName` in the header) against `replay` until the user quits or a signal
    /// arrives; `subtitles` is the subtitle language to start with (nil: off).
    func run(replay: ReplayTour, trace: Trace, traceName: String, policy: EnginePolicy, speed: Double, subtitles: String?) -> Outcome {
        let subtitleLanguages = PlayCommand.subtitleLanguages(replay)
        var subtitleLanguage = subtitles
        var info = PlayCommand.tourInfo(replay, subtitles: subtitleLanguage)
        // The audio follows the walk through its sink, which opens recordings on its own loader thread.
        let sink = AudioSink(player: player, clock: clock, recordingPath: { [replay] point in replay.audioPath(point: point) })
        var session = PlayerSession(tour: replay.engineTour, trace: trace, policy: policy, speed: speed, sinks: [sink])
        var view = MapView()
        var showLog = false
        var overlay: PlayerFrame.Overlay?
        var last = clock.now()
        var lastFrame: PlayerFrame?
        var lastSize = (width: 0, height: 0)
        var lastProjection: MapProjection?
        defer {
            // Silence, after whatever the loader still had to do.
            sink.execute([.stop], speed: session.speed, paused: false)
            sink.drain()
        }

        /// Opens or closes an overlay: the one place the overlay's hold on the walk is taken or released.
        func show(_ new: PlayerFrame.Overlay?) {
            overlay = new
            session.setPaused(new?.pausesWalk ?? false, by: .overlay)
        }

        while true {
            let signal = StopSignals.pending
            if signal != 0 { return .interrupted(signal) }
            // 30 frames a second when the map moves fast, 10 at walking pace (keys still answer at once).
            // The first frame is drawn at once, before any wait for a key.
            if let key = terminal.readKey(timeout: lastFrame == nil ? 0 : (session.speed >= 2 ? 33 : 100)) {
                if case .confirmQuit? = overlay {
                    if case let .character(c) = key, "yYsSoO".contains(c) { return .quit }
                    show(nil)
                    continue
                }
                if case .help? = overlay {
                    show(nil)
                    continue
                }
                switch key {
                case .character(" "): session.togglePause()
                case .left: session.seekAudio(by: -10)
                case .right: session.seekAudio(by: 10)
                case .character("n"): session.skipAudio()
                case .character("p"): session.replayPrevious()
                case .character("r"): session.replayCurrent()
                case .character("["), .character("-"), .character("]"), .character("+"):
                    session.changeSpeed(faster: key == .character("]") || key == .character("+"))
                case .character("."): if session.paused { session.stepOneFix() }
                case .character("f"): view.follow.toggle()
                case .character("h"): view.pan(dx: -8, dy: 0)
                case .character("j"), .down: view.pan(dx: 0, dy: 8)
                case .character("k"), .up: view.pan(dx: 0, dy: -8)
                case .character("L"): view.pan(dx: 8, dy: 0)
                case .character("z"): view.zoom *= 1.5
                case .character("x"): view.zoom /= 1.5
                case .character("0"): view = MapView()
                case .character("s"):
                    let cycle: [String?] = subtitleLanguages.map { Optional($0) } + [nil]
                    let index = cycle.firstIndex { $0 == subtitleLanguage } ?? (cycle.count - 1)
                    subtitleLanguage = cycle[(index + 1) % cycle.count]
                    info = PlayCommand.tourInfo(replay, subtitles: subtitleLanguage)
                case .character("l"): showLog.toggle()
                case .character("?"): show(.help)
                case .character("q"):
                    if session.ended { return .quit }
                    show(.confirmQuit)
                case .resize: break
                default: break
                }
            }
            let now = clock.now()
            // A paused walk (by the listener or an overlay) does not move: `advance` knows.
            session.advance(wallSeconds: now - last)
            last = now
            if session.ended, overlay == nil {
                show(.completion(session.completionSummary(info: info, donation: replay.tour.donationUrl)))
            }
            let size = terminal.size
            let muted = sink.muted
            // The recording's position heard (the stretched frame mapped back through the stretcher).
            let heard = muted ? nil : sink.heardPosition(point: session.engine.playing?.point)
            var frame = session.frame(info: info, heardPosition: heard, muted: muted, showLog: showLog, overlay: overlay)
            frame.log += notices.drain()
            frame.traceName = traceName
            frame.subtitleLanguage = subtitleLanguage
            frame.hasSubtitles = !subtitleLanguages.isEmpty
            let ascii = !terminal.capabilities.unicode
            let mapSize = PlayerScreen.mapSize(width: size.width, height: size.height, showLog: showLog)
            let projection = view.projection(for: frame.map, columns: mapSize.columns, rows: mapSize.rows, ascii: ascii)
            // Nothing changed (paused, say): nothing to draw.
            if frame == lastFrame && size == lastSize && projection == lastProjection { continue }
            lastFrame = frame
            lastSize = size
            lastProjection = projection
            terminal.draw(PlayerScreen(strings: strings, ascii: ascii, projection: projection).render(frame, width: size.width, height: size.height))
        }
    }
}
