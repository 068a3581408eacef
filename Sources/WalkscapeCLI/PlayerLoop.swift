import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeTUI
import WalkscapeTerminal
import WalkscapeTours

/// The player screen's loop on the terminal: reads keys, feeds the session's clock, executes its audio
/// commands on the audio player, and draws a frame about 30 times a second. Only this thread touches curses;
/// the audio thread publishes snapshots; signal handlers only set `TerminalGuard.stopSignal`.
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

    /// Plays `trace` (named `traceName` in the header) against `replay` until the user quits or a signal
    /// arrives; `subtitles` is the subtitle language to start with (nil: off).
    func run(replay: ReplayTour, trace: Trace, traceName: String, policy: EnginePolicy, speed: Double, subtitles: String?) -> Outcome {
        let subtitleLanguages = PlayCommand.subtitleLanguages(replay)
        var subtitleLanguage = subtitles
        var info = PlayCommand.tourInfo(replay, subtitles: subtitleLanguage)
        var session = PlayerSession(tour: replay.engineTour, trace: trace, policy: policy, speed: speed)
        var view = MapView()
        var showLog = false
        let underlay = TourBasemap.underlay(for: replay)  // map19: the offline map under the route; `b` toggles it
        var showBasemap = true
        var overlay: PlayerFrame.Overlay?
        var last = DispatchTime.now().uptimeNanoseconds
        var audiblePoint: Int?
        /// The stretcher of the audible point's recording away from ×1 (nil at ×1): maps heard frames back to
        /// the recording's.
        var stretcher: TimeStretchDecoder?
        var lastFrame: PlayerFrame?
        var lastSize = (width: 0, height: 0)
        var lastProjection: MapProjection?
        var lastShowBasemap = true
        defer { player.stop() }

        func execute(_ commands: [PlayerSession.AudioCommand]) {
            let audible = PlayerSession.isAudible(speed: session.speed)
            for command in commands {
                switch command {
                case let .play(point, offset):
                    guard audible, let path = replay.audioPath(point: point), let recording = try? AudioDecoding.open(path: path),
                        let decoder = PlayerLoop.decoder(recording, speed: session.speed)
                    else {
                        player.stop()
                        audiblePoint = nil
                        stretcher = nil
                        continue
                    }
                    stretcher = decoder as? TimeStretchDecoder
                    // Loaded paused while the session is paused (a speed change then): resume picks it up.
                    player.play(decoder, point: point, from: offset / session.speed, paused: session.paused)
                    audiblePoint = point
                case .stop:
                    player.stop()
                    audiblePoint = nil
                    stretcher = nil
                case .pause: player.pause()
                case .resume: player.resume()
                case let .seek(to): if audiblePoint != nil { player.seek(to: to / (stretcher?.speed ?? 1)) }
                }
            }
        }

        /// Opens or closes an overlay: the one place the overlay's hold on the walk is taken or released.
        func show(_ new: PlayerFrame.Overlay?) {
            overlay = new
            execute(session.setPaused(new?.pausesWalk ?? false, by: .overlay))
        }

        while true {
            let signal = TerminalGuard.stopSignal.load(ordering: .relaxed)
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
                case .character(" "): execute(session.togglePause())
                case .left: execute(session.seekAudio(by: -10))
                case .right: execute(session.seekAudio(by: 10))
                case .character("n"): execute(session.skipAudio())
                case .character("p"): execute(session.replayPrevious())
                case .character("r"): execute(session.replayCurrent())
                case .character("["), .character("-"), .character("]"), .character("+"):
                    let before = session.speed
                    session.changeSpeed(faster: key == .character("]") || key == .character("+"))
                    if session.speed != before { execute(PlayCommand.resync(session: session, audiblePoint: audiblePoint)) }
                case .character("."): if session.paused { execute(session.stepOneFix()) }
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
                case .character("b"): showBasemap.toggle()
                case .character("?"): show(.help)
                case .character("q"):
                    if session.ended { return .quit }
                    show(.confirmQuit)
                case .resize: break
                default: break
                }
            }
            let now = DispatchTime.now().uptimeNanoseconds
            let wall = Double(now - last) / 1e9
            last = now
            // A paused walk (by the listener or an overlay) does not move: `advance` knows.
            execute(session.advance(wallSeconds: wall))
            if session.ended, overlay == nil {
                show(.completion(session.completionSummary(info: info, donation: replay.tour.donationUrl)))
            }
            let size = terminal.size
            let muted = !PlayerSession.isAudible(speed: session.speed) || audiblePoint == nil
            let snapshot = player.snapshot
            var heard: Double?
            if !muted && snapshot.point == audiblePoint && snapshot.sampleRate > 0 {
                // The recording's position heard: the stretched frame mapped back through the stretcher.
                heard = Double(stretcher?.sourceFrame(snapshot.frame) ?? snapshot.frame) / Double(snapshot.sampleRate)
            }
            var frame = session.frame(info: info, heardPosition: heard, muted: muted, showLog: showLog, overlay: overlay)
            frame.log += notices.drain()
            frame.traceName = traceName
            frame.subtitleLanguage = subtitleLanguage
            frame.hasSubtitles = !subtitleLanguages.isEmpty
            let ascii = !terminal.capabilities.unicode
            let mapSize = PlayerScreen.mapSize(width: size.width, height: size.height, showLog: showLog)
            let projection = view.projection(for: frame.map, columns: mapSize.columns, rows: mapSize.rows, ascii: ascii)
            // Nothing changed (paused, say): nothing to draw.
            if frame == lastFrame && size == lastSize && projection == lastProjection && showBasemap == lastShowBasemap { continue }
            lastShowBasemap = showBasemap
            lastFrame = frame
            lastSize = size
            lastProjection = projection
            terminal.draw(PlayerScreen(strings: strings, ascii: ascii, projection: projection, underlay: showBasemap ? underlay : nil).render(frame, width: size.width, height: size.height))
        }
    }

    /// The decoder that plays `recording` at `speed`: itself at ×1, time-stretched with the pitch kept within
    /// `PlayerSession.audibleSpeeds`, nil elsewhere (muted) or when the stretcher cannot start.
    static func decoder(_ recording: any AudioDecoder, speed: Double) -> (any AudioDecoder)? {
        if speed == 1 { return recording }
        guard PlayerSession.isAudible(speed: speed) else { return nil }
        return try? TimeStretchDecoder(source: recording, speed: speed)
    }
}
