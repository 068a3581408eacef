import Glibc
import WalkscapeAudio
import WalkscapeCore
import WalkscapeRuntime
import WalkscapeSystem
import WalkscapeTUI
import WalkscapeTours

/// The player screen's loop on a terminal backend: reads keys into `Player.reduce`, ticks the walk on the
/// monotonic clock, carries out the effects the reducer returns (the walk's updates to the audio sink, the
/// rest through `handle`), and draws a frame at most about 30 times a second, only when it differs from the
/// last one. Only this thread touches the terminal and calls the sink; the audio sink opens recordings on its
/// own loader thread and the audio thread publishes snapshots; signal handlers only set `StopSignals.received`.
public struct PlayerLoop {
    /// Asks the loop to stop (by default, a stop signal while `StopSignals` watches); the one token its work polls.
    public var stop: StopToken = StopSignals.token()
    public enum Outcome: Equatable, Sendable {
        /// The user left the player (q, confirmed while a tour is in progress).
        case quit
        /// SIGINT, SIGTERM or SIGHUP (or another stop signal) arrived.
        case interrupted(Int32)
    }

    /// The time from one frame to the next: the loop waits for a key until then (33 ms, about 30 frames a
    /// second at every speed), so that a frame follows the previous one within 50 ms even while a point starts.
    public static let frameInterval = 0.033
    /// How often the loop looks at the sink while a narration's first or last sample is due
    /// (`PlayerState.awaitingSound`).
    public static let soundPoll = 0.005

    let backend: any TerminalBackend
    let player: AudioPlayer
    let notices: NoticeBox
    let strings: UIStrings
    let clock: any MonotonicClock
    let log: @Sendable (String) -> Void
    /// Reads a tour's offline map (on an `UnderlayLoader`'s thread); tests replace it with a slow one.
    var loadUnderlay: @Sendable (ReplayTour) -> MapUnderlay? = { UnderlayLoader.underlay(for: $0) }

    /// A loop on `backend`, playing through `player`; `log` takes the play log's lines (each narration's
    /// trigger on the walk's clock and when the sound card first played it).
    public init(
        backend: any TerminalBackend, player: AudioPlayer, notices: NoticeBox, strings: UIStrings, clock: any MonotonicClock = SystemClock(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.backend = backend
        self.player = player
        self.notices = notices
        self.strings = strings
        self.clock = clock
        self.log = log
    }

    /// Plays `trace` (named `traceName` in the header) against `replay` until the user quits or a signal
    /// arrives; `subtitles` is the subtitle language to start with (nil: off). The tour's first warning
    /// (edited files, recordings played as silence) shows on the last row for six seconds, then a trace that
    /// never comes near the tour says so there (`ReplayTour.farWarning`) for `warningSeconds`. `watch`
    /// (`play --watch`) reloads the tour when its files change, keeping the walk's position.
    public func run(
        replay: ReplayTour, trace: Trace, traceName: String, policy: EnginePolicy, speed: Double, subtitles: String?, watch: PlayerReloader? = nil
    ) -> Outcome {
        let recordings = RecordingPaths(replay)
        let sink = makeSink(recordings)
        var session = PlayerSession(tour: replay.engineTour, trace: trace, policy: policy, speed: speed)
        session.audioLeads = true
        var far = replay.farWarning(trace).map { ["\(traceName): \($0)"] } ?? []
        return run(
            session, sink: sink, recordings: recordings, traceName: traceName, subtitles: subtitles, watch: watch, trace: trace, policy: policy,
            warnings: {
                defer { far = [] }
                return far
            })
    }

    /// Plays a live walk (`play --gps`): `source`'s fixes as they arrive, at ×1, named `sourceName` in the
    /// header, until the user quits or a signal arrives. When the source ends the narration plays out and the
    /// walk ends as a replay's does. `warnings` is asked once a frame for the source's warnings (fixes dropped
    /// for their time, positions far from the tour), each shown on the notice row.
    public func run(
        replay: ReplayTour, source: FixQueue, sourceName: String, policy: EnginePolicy, subtitles: String?, warnings: @escaping () -> [String] = { [] }
    ) -> Outcome {
        let recordings = RecordingPaths(replay)
        let sink = makeSink(recordings)
        var walk = Walk(tour: replay.engineTour, policy: policy, source: source, speed: 1)
        walk.audioLeads = true
        let session = PlayerSession(walk: walk)
        return run(
            session, sink: sink, recordings: recordings, traceName: sourceName, subtitles: subtitles, watch: nil, trace: nil, policy: policy,
            warnings: warnings)
    }

    /// How long a source's or trace's warning stays on the notice row (it stays in the log pane).
    public static let warningSeconds = 10.0

    /// The walk's audio sink: `recordings`' files on the player, its notices in the log pane.
    private func makeSink(_ recordings: RecordingPaths) -> AudioSink {
        let notices = self.notices
        return AudioSink(player: player, clock: clock, onNotice: { notices.add($0) }, recordingPath: { point in recordings.path(point: point) })
    }

    private func run(
        _ session: PlayerSession, sink: AudioSink, recordings: RecordingPaths, traceName: String, subtitles: String?, watch: PlayerReloader?, trace: Trace?,
        policy: EnginePolicy, warnings: @escaping () -> [String] = { [] }
    ) -> Outcome {
        let replay = recordings.replay
        var state = PlayerState(
            session: session, info: PlayerTour.info(replay, subtitles: subtitles), subtitleLanguages: PlayerTour.subtitleLanguages(replay),
            subtitleLanguage: subtitles, traceName: traceName, donation: replay.tour.donationUrl)
        // The offline map is read beside the loop: the screen, the keys and the stop signals do not wait for it.
        let load = loadUnderlay
        var underlay: UnderlayLoader? = UnderlayLoader { load(replay) }
        // The sink hears the walk's start (it opens the first point's recording ahead).
        sink.take(session.walk.startUpdate, from: session.walk)
        if let warning = replay.warnings.first { _ = Player.reduce(&state, .showNotice(warning, seconds: 6)) }
        defer {
            // Silence, after whatever the loader still had to do.
            sink.execute([.stop], speed: state.session.speed, paused: false)
            sink.drain()
        }
        // A reload the watcher finished, waiting for its `.reload` effect.
        var reloaded: (tour: ReplayTour, changed: [String])?
        let poll = { (now: Double) -> [PlayerAction] in
            let warned = warnings().map { PlayerAction.showNotice($0, seconds: PlayerLoop.warningSeconds) }
            switch watch?.check(now: now) {
            case let .reloaded(tour, changed)?:
                reloaded = (tour, changed)
                return warned + [.reload]
            case let .broken(line)?: return warned + [.showNotice(line, seconds: .infinity)]
            case nil: return warned
            }
        }
        let refresh = { (state: inout PlayerState) in
            if let result = underlay?.take() {
                state.underlay = result
                underlay = nil
            }
        }
        return run(&state, sink: sink, poll: poll, refresh: refresh) { effect, state in
            switch effect {
            case let .loadSubtitles(language): state.info = PlayerTour.info(recordings.replay, subtitles: language)
            case .reload:
                guard let (tour, changed) = reloaded, let trace else {
                    _ = Player.reduce(&state, .notice(strings["reload is not available here"]))
                    return
                }
                reloaded = nil
                let previous = recordings.replay
                recordings.replay = tour
                PlayerReloader.apply(tour, changed: changed, to: &state, sink: sink, trace: trace, policy: policy)
                // The offline map again, only when its tiles or the route it labels changed (reading tiles takes a moment).
                if TourBasemap.changed(from: previous, to: tour) { underlay = UnderlayLoader { load(tour) } }
            case .quit, .walkUpdate: break
            }
        }
    }

    /// The loop over `state`: every action's effects are carried out in order, as they come: a quit from a key
    /// ends the loop, the walk's updates (`PlayerEffect.walkUpdate`) go to `sink` with the walk's snapshot, and
    /// `handle` hears every effect but a quit (a walk update after the sink); `poll` is asked once a frame, with the
    /// loop's clock, for actions that come from elsewhere than the keys (a tour watcher's); `refresh`, once a
    /// frame, may change the state from elsewhere (the offline map, once read).
    public func run(
        _ state: inout PlayerState, sink: AudioSink?, poll: (Double) -> [PlayerAction] = { _ in [] },
        refresh: (inout PlayerState) -> Void = { _ in }, handle: (PlayerEffect, inout PlayerState) -> Void
    ) -> Outcome {
        var last = clock.now()
        // When the last frame's work began, and how long after it the screen may change: the next key wait
        // ends then (never sooner than `frameInterval` after it).
        var frameStarted = last
        var changeIn = 0.0
        var shortestWait = PlayerLoop.frameInterval
        var lastFrame: PlayerFrame?
        var lastGrid: CellGrid?
        var lastSize = (width: 0, height: 0)
        var lastProjection: MapProjection?
        var lastBasemap = false
        /// Carries out `effects` in order; true when one of them is a quit that `quits` lets end the loop.
        func perform(_ effects: [PlayerEffect], on state: inout PlayerState, quits: Bool = false) -> Bool {
            for effect in effects {
                switch effect {
                case .quit: if quits { return true }
                case let .walkUpdate(update):
                    sink?.walk(update, snapshot: state.session.snapshot)
                    handle(effect, &state)
                case .loadSubtitles, .reload: handle(effect, &state)
                }
            }
            return false
        }
        while true {
            let signal = stop.signal
            if signal != 0 { return .interrupted(signal) }
            // The first frame is drawn at once, before any wait for a key.
            let wait = lastFrame == nil ? 0 : PlayerLoop.keyWait(sinceFrameStarted: clock.now() - frameStarted, changeIn: changeIn, shortest: shortestWait)
            if let key = backend.readKey(timeout: wait), perform(Player.reduce(&state, key: key), on: &state, quits: true) { return .quit }
            if backend.inputGone { return .interrupted(SIGHUP) }
            let now = clock.now()
            frameStarted = now
            for action in poll(now) { _ = perform(Player.reduce(&state, action), on: &state) }
            refresh(&state)
            // While a narration plays, the sound card's clock leads the walk (`AudioLead`).
            let lead = sink?.lead(for: state.session.engine.playing)
            _ = perform(Player.reduce(&state, .tick(wallSeconds: now - last, audio: lead)), on: &state)
            last = now
            for timing in sink?.takeTimings() ?? [] { log(PlayerLoop.logLine(timing)) }
            for hold in sink?.takeHolds() ?? [] { log(PlayerLoop.logLine(hold)) }
            for notice in notices.take() { _ = perform(Player.reduce(&state, .notice("audio: " + notice)), on: &state) }
            let muted = sink?.muted ?? true
            let heard = muted ? nil : sink?.heardPosition(point: state.session.engine.playing?.point)
            let frame = state.frame(heardPosition: heard, muted: muted).asShown()
            let waiting = if case .waiting? = lead { true } else { false }
            let awaiting = state.awaitingSound(waiting: waiting)
            changeIn = state.wallSecondsUntilShownChange(heardPosition: heard, waitingForSound: awaiting)
            // Polling the sink draws nothing unless something changed: the frame limit does not apply to it.
            shortestWait = awaiting ? PlayerLoop.soundPoll : PlayerLoop.frameInterval
            let size = backend.size
            let ascii = !backend.unicode
            let mapSize = PlayerScreen.mapSize(width: size.width, height: size.height, showLog: state.showLog)
            let projection = state.map.projection(for: frame.map, columns: mapSize.columns, rows: mapSize.rows, ascii: ascii)
            // Nothing changed (paused, say): nothing to draw.
            let basemap = state.shownUnderlay != nil
            let sameView = size == lastSize && projection == lastProjection && basemap == lastBasemap
            if frame == lastFrame && sameView { continue }
            let screen = PlayerScreen(strings: strings, ascii: ascii, projection: projection, underlay: state.shownUnderlay)
            // Only the times moved (the clock's tenth, the audio bar's second): those rows drawn again in place.
            // The grid is taken out of `lastGrid` so that it is changed in place, not copied.
            if sameView, let previous = lastFrame, var grid = lastGrid {
                lastGrid = nil
                if let rows = screen.redrawTimes(frame, over: previous, in: &grid) {
                    backend.draw(grid, changedRows: rows)
                    lastGrid = grid
                    lastFrame = frame
                    continue
                }
            }
            lastBasemap = basemap
            lastFrame = frame
            lastSize = size
            lastProjection = projection
            let grid = screen.render(frame, width: size.width, height: size.height)
            lastGrid = grid
            backend.draw(grid)
        }
    }

    /// How long to wait for a key, in milliseconds, when the last frame's work began `elapsed` seconds ago
    /// and the screen may change `changeIn` seconds after it (`PlayerState.wallSecondsUntilShownChange`):
    /// what is left until then, but never less than what is left of `frameInterval` (at most about 30 frames a
    /// second), and 0 when the work took longer. The work does not add to the wait.
    static func keyWait(sinceFrameStarted elapsed: Double, changeIn: Double = frameInterval, shortest: Double = frameInterval) -> Int32 {
        let until = max(shortest, min(changeIn, PlayerState.longestWake))
        return Int32((max(0, min(until, until - elapsed)) * 1000).rounded())
    }

    /// The play log's line for a narration first heard: the engine's time and the sound card's, e.g.
    /// `point 2 asked at 1:23.4 on the walk's clock (from 0:00.0 of its recording); first sample heard 0.262 s later;
    /// the walk held 0.004 s for it`: the latency, and how long the walk's clock held for the narration (its
    /// file opening; 0 when it followed the one before in the same stream). The clock runs on while samples
    /// travel to the speaker.
    static func logLine(_ timing: NarrationTiming) -> String {
        "point \(timing.point) asked at \(TimelineWriter.clock(timing.walkTime)) on the walk's clock (from \(TimelineWriter.clock(timing.fromSeconds)) of its "
            + "recording); first sample heard \(formatMilliseconds(timing.latency)) later; the walk held \(formatMilliseconds(timing.heldSeconds)) for it"
    }

    /// The play log's line for a hold of the walk's clock during a narration, e.g. `point 1 held the walk
    /// 0.100 s at 0:05.3: nothing was written ahead to the sound card (an underrun)`.
    static func logLine(_ hold: NarrationHold) -> String {
        "point \(hold.point) held the walk \(formatMilliseconds(hold.seconds)) at \(TimelineWriter.clock(hold.walkTime)): nothing was written ahead to "
            + "the sound card (an underrun)"
    }

    private static func formatMilliseconds(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        return "\(ms / 1000).\(String(repeating: "0", count: max(0, 3 - String(ms % 1000).count)))\(ms % 1000) s"
    }
}
