import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeTUI
import WalkscapeTerminal
import WalkscapeTours

/// `walkscape play TOUR --trace FILE`: the terminal player.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a tour in the terminal along a GPS trace: map, route card, subtitles, audio.",
        discussion: """
            Replays the trace through the same trigger engine as `simulate`, on a clock you can pause, step and \
            speed up (¼× … 64×). At ×1 the audio is heard (PulseAudio); at other speeds it is muted and its \
            position follows the clock, so the queue behaves exactly as at ×1. Subtitles follow the heard position.

            Keys: space play/pause · ←/→ seek ∓10 s · n/p next/previous point · r replay · [ ] or -/+ speed · \
            . step one fix while paused · f follow walker · hjkl/↑↓ pan · z/x zoom · 0 fit route · \
            s subtitle language · l event log · ? help · q quit.

            Needs a terminal (TERM set, not dumb), at least 60×20. Without a UTF-8 locale the map is drawn in \
            ASCII; NO_COLOR turns colours off. Messages from the audio libraries go to \
            $TMPDIR/walkscape-play.log, never over the screen.

            Examples:
              walkscape play tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx
              walkscape play tours/paris-ile-de-la-cite --trace walk.gpx --lang en --subs fr --speed 8
              walkscape play tours/torino-portici --trace walk.gpx --audio none --queue-depth 0
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(help: ArgumentHelp("The GPS trace to replay (GPX, NMEA or GeoJSON).", valueName: "FILE"))
    var trace: String?

    /// `--lang`, defaulting to the locale's language when the tour has it (the headless commands default to
    /// the tour's first language instead, so their output never depends on who runs them).
    @OptionGroup var narration: LanguageOption

    @Option(help: ArgumentHelp("Subtitle language, or off (default: the narration's language when available).", valueName: "L|off"))
    var subs: String?

    @Option(help: ArgumentHelp("Replay speed: 0.25, 0.5, 1, 2, 4, 8, 16, 32 or 64.", valueName: "X"))
    var speed: Double = 1

    @OptionGroup var audioOptions: AudioOptions
    @OptionGroup var policyOptions: PolicyOptions

    func validate() throws {
        guard PlayerSession.speeds.contains(speed) else {
            throw ValidationError("--speed must be one of \(PlayerSession.speeds.map { formatShortNumber($0) }.joined(separator: ", ")), got \(formatShortNumber(speed)).")
        }
    }

    func run() throws {
        let console = CommandContext.console
        guard let trace else {
            console.error("walkscape play: --trace FILE is needed for now (the catalogue and tour detail screens are not built yet); try `walkscape play \(tour) --trace fixtures/traces/torino-portici-clean.gpx`")
            throw CommandExit(.usage)
        }
        let environment = ProcessInfo.processInfo.environment
        if let refusal = TerminalCapabilities.refusal(environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1) {
            console.error("walkscape play: " + refusal)
            throw CommandExit(.usage)
        }
        // An explicit --lang must exist in the tour; a language from the locale is only a preference.
        let inputs = try Replay.load(
            tour: tour, trace: trace, language: narration.requested,
            languageIsPreference: narration.language == nil, walkSpeed: policyOptions.walkSpeed, console: console)
        let replay = inputs.tour
        let subtitleLanguages = PlayCommand.subtitleLanguages(replay)
        var subtitleLanguage: String? = subs == "off" ? nil : (subs ?? (subtitleLanguages.contains(replay.language) ? replay.language : subtitleLanguages.first))
        if let wanted = subtitleLanguage, !subtitleLanguages.contains(wanted) {
            console.error("\(tour): no \"\(wanted)\" subtitles for the \"\(replay.language)\" narration; available: \(subtitleLanguages.isEmpty ? "none" : subtitleLanguages.joined(separator: ", "))")
            throw CommandExit(.failure)
        }
        let strings = UIStrings(language: LanguagePreference.fromEnvironment(environment))
        let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-play.log").path
        var info = PlayCommand.tourInfo(replay, subtitles: subtitleLanguage)

        // From here on the terminal belongs to curses: library chatter goes to the log file.
        TerminalGuard.install()
        var interrupted: Int32 = 0
        let savedStderr = dup(STDERR_FILENO)
        let logDescriptor = open(logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        if logDescriptor >= 0 {
            dup2(logDescriptor, STDERR_FILENO)
            close(logDescriptor)
        }
        defer {
            // Runs last, after curses has ended: back to the real standard error.
            if savedStderr >= 0 {
                dup2(savedStderr, STDERR_FILENO)
                close(savedStderr)
            }
            if interrupted != 0 { console.error("walkscape play: stopped by signal \(interrupted); the terminal is restored") }
        }
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(environment: environment)
        } catch {
            TerminalGuard.restore()
            if savedStderr >= 0 { dup2(savedStderr, STDERR_FILENO) }
            console.error("walkscape play: \(error.message)")
            throw CommandExit(.usage)
        }
        let notices = NoticeBox()
        let output: any AudioOutput
        do {
            output = try audioOptions.choice.makeOutput { notices.add($0) }
        } catch {
            terminal.end()
            if savedStderr >= 0 { dup2(savedStderr, STDERR_FILENO) }
            console.error("walkscape play: \(error.message)")
            throw CommandExit(.usage)
        }
        let player = AudioPlayer(output: output, onError: { notices.add($0) })
        defer {
            player.shutdown()
            terminal.end()
        }

        var session = PlayerSession(tour: replay.engineTour, trace: inputs.trace.trace, policy: policyOptions.policy, speed: speed)
        var view = MapView()
        var showLog = false
        var overlay: PlayerFrame.Overlay?
        var last = DispatchTime.now().uptimeNanoseconds
        var audiblePoint: Int?
        let screen = { (ascii: Bool, projection: MapProjection?) in PlayerScreen(strings: strings, ascii: ascii, projection: projection) }

        func execute(_ commands: [PlayerSession.AudioCommand]) {
            let audible = session.speed == 1 && !session.paused
            for command in commands {
                switch command {
                case let .play(point, offset):
                    guard audible, let path = replay.audioPath(point: point), let decoder = try? AudioDecoding.open(path: path) else {
                        player.stop()
                        audiblePoint = nil
                        continue
                    }
                    player.play(decoder, point: point, from: offset)
                    audiblePoint = point
                case .stop:
                    player.stop()
                    audiblePoint = nil
                case .pause: player.pause()
                case .resume: player.resume()
                case let .seek(to): if audiblePoint != nil { player.seek(to: to) }
                }
            }
        }

        loop: while true {
            interrupted = TerminalGuard.stopSignal.load(ordering: .relaxed)
            if interrupted != 0 { break }
            if let key = terminal.readKey(timeout: 33) {
                if case .confirmQuit? = overlay {
                    if case let .character(c) = key, "yYsSoO".contains(c) { break loop }
                    overlay = nil
                    continue
                }
                if case .help? = overlay { overlay = nil; continue }
                switch key {
                case .character(" "): execute(session.togglePause())
                case .left: execute(session.seekAudio(by: -10))
                case .right: execute(session.seekAudio(by: 10))
                case .character("n"): execute(session.skipAudio())
                case .character("p"): execute(session.replayPrevious())
                case .character("r"): execute(session.replayCurrent())
                case .character("["), .character("-"):
                    session.changeSpeed(faster: false)
                    execute(PlayCommand.resync(session: session, audiblePoint: audiblePoint))
                case .character("]"), .character("+"):
                    session.changeSpeed(faster: true)
                    execute(PlayCommand.resync(session: session, audiblePoint: audiblePoint))
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
                case .character("?"): overlay = .help
                case .character("q"):
                    if session.ended { break loop }
                    overlay = .confirmQuit
                case .resize: break
                default: break
                }
            }
            let now = DispatchTime.now().uptimeNanoseconds
            let wall = Double(now - last) / 1e9
            last = now
            if overlay == nil || overlay == .confirmQuit { execute(session.advance(wallSeconds: wall)) }
            if session.ended, overlay == nil {
                overlay = .completion(session.completionSummary(info: info, donation: nil))
            }
            let size = terminal.size
            let muted = session.speed != 1 || audiblePoint == nil
            let heard = (!muted && player.snapshot.point == audiblePoint) ? player.snapshot.position : nil
            var frame = session.frame(info: info, heardPosition: heard, muted: muted, showLog: showLog, overlay: overlay)
            frame.log += notices.drain()
            let ascii = !terminal.capabilities.unicode
            let mapSize = PlayerScreen.mapSize(width: size.width, height: size.height, showLog: showLog)
            let projection = view.projection(for: frame.map, columns: mapSize.columns, rows: mapSize.rows, ascii: ascii)
            terminal.draw(screen(ascii, projection).render(frame, width: size.width, height: size.height))
        }
        if interrupted != 0 { throw CommandExit(signal: interrupted) }
    }

    /// Audio follows the speed: muted (stopped) away from ×1, resumed at the clock's position back at ×1.
    static func resync(session: PlayerSession, audiblePoint: Int?) -> [PlayerSession.AudioCommand] {
        if session.speed != 1 { return audiblePoint == nil ? [] : [.stop] }
        guard audiblePoint == nil, let playing = session.engine.playing, let position = session.audioPosition else { return [] }
        return [.play(point: playing.point, offset: position)]
    }

    /// Every subtitle language the narration's tracks have, in first-seen order.
    static func subtitleLanguages(_ replay: ReplayTour) -> [String] {
        var languages: [String] = []
        for point in replay.tour.points {
            for subtitle in point.track(replay.language)?.subtitles ?? [] where !languages.contains(subtitle.language) {
                languages.append(subtitle.language)
            }
        }
        return languages
    }

    /// The tour's texts in the narration language, with each point's subtitles in `subtitles` (nil: off).
    static func tourInfo(_ replay: ReplayTour, subtitles language: String?) -> PlayerTourInfo {
        var tracks: [Int: SubtitleTrack] = [:]
        if let language {
            for point in replay.tour.points {
                guard let asset = point.track(replay.language)?.subtitles(in: language),
                    let data = FileManager.default.contents(atPath: replay.location.path(of: asset.file))
                else { continue }
                tracks[point.order] = SubtitleTrack(SRTParser().parse(Array(data)).cues)
            }
        }
        let tour = replay.tour
        return PlayerTourInfo(
            title: tour.title.resolved(replay.language, fallbacks: tour.languages), pointTitles: replay.pointTitles(),
            route: tour.route?.points ?? [], completionMessage: tour.completionMessage?.resolved(replay.language, fallbacks: tour.languages),
            subtitles: tracks)
    }
}

/// Notices from the audio side (any thread), shown in the event log.
final class NoticeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []
    private var kept: [String] = []

    func add(_ text: String) {
        lock.lock()
        pending.append(text)
        lock.unlock()
    }

    /// Every notice so far (the last few), for the log.
    func drain() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        kept += pending.map { "audio: " + $0 }
        pending.removeAll()
        kept = Array(kept.suffix(5))
        return kept
    }
}

/// The map's view: fitted to the route, or zoomed, panned, or following the walker.
struct MapView {
    var follow = false
    var zoom = 1.0
    var offset = (x: 0, y: 0)

    mutating func pan(dx: Int, dy: Int) {
        follow = false
        offset.x += dx
        offset.y += dy
    }

    func projection(for scene: MapScene, columns: Int, rows: Int, ascii: Bool) -> MapProjection? {
        if zoom == 1 && offset == (0, 0) && !follow { return nil }
        var projection = RouteMapWidget(mode: ascii ? .ascii : .braille).fittedProjection(scene, columns: columns, rows: rows).zoomed(by: zoom)
        if follow, let walker = scene.walker { projection.center = walker }
        return projection.panned(dx: offset.x, dy: offset.y)
    }
}

extension ReplayTour {
    /// The path of point `order`'s audio in the narration language.
    func audioPath(point order: Int) -> String? {
        guard let point = tour.points.first(where: { $0.order == order }), let track = point.track(language) else { return nil }
        return location.path(of: track.audio.file)
    }
}
