import Foundation
import Synchronization
import Testing
import WalkscapeAudio
import WalkscapeCore
@testable import WalkscapeRuntime
import WalkscapeSystem
import WalkscapeTUI
import WalkscapeTestSupport
import WalkscapeTours
@testable import WalkscapePlayer

/// The terminal app's loop on the test backend: keys in, frames out, no terminal and no waiting.
extension TerminalLoopTests {
@Suite struct PlayerLoopTests {
    /// Two points 300 m apart and a walk north at 2 m/s through both.
    func state() -> PlayerState {
        let origin = LatLng(lat: 45, lng: 7)
        let tour = EngineTour(points: (1...2).map { k in
            EngineTour.Point(order: k, id: "p\(k)", location: Geodesy.destination(from: origin, bearing: 0, distance: 300 * Double(k - 1)),
                radiusMeters: 100, audioSeconds: 20)
        })
        var trace = Trace()
        trace.startSegment()
        for i in 0...300 {
            let p = Geodesy.destination(from: origin, bearing: 0, distance: -150 + 2 * Double(i))
            trace.append(time: 1_000 + Double(i), lat: p.lat, lng: p.lng, accuracy: 5)
        }
        let info = PlayerTourInfo(title: "Prova", pointTitles: [1: "Uno", 2: "Due"], route: [], completionMessage: nil, subtitles: [:])
        return PlayerState(session: PlayerSession(tour: tour, trace: trace, speed: 1), info: info, subtitleLanguages: ["it"], subtitleLanguage: "it", traceName: "walk.gpx")
    }

    func loop(_ backend: TestBackend, clock: ManualClock) -> (PlayerLoop, AudioPlayer) {
        let player = AudioPlayer(output: NullOutput(clock: ManualClock()))
        return (PlayerLoop(backend: backend, player: player, notices: NoticeBox(), strings: UIStrings(language: "en"), clock: clock), player)
    }

    @Test func helpThenQuitWithConfirmation() {
        let backend = TestBackend(width: 80, height: 24, keys: [.character("?"), .character("x"), .character("q"), .character("y")])
        let clock = ManualClock()
        var seen: [String] = []
        backend.onIdle = { clock.advance(by: 1) }
        let (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        var state = state()
        let outcome = loop.run(&state, sink: nil) { _, _ in }
        expectEqual(outcome, .quit)
        seen = backend.frames.map(\.text)
        expectTrue(seen.first?.contains("Prova") == true)
        expectTrue(seen.contains { $0.contains("space") })  // the help overlay lists the keys
        expectEqual(state.overlay, .confirmQuit)
    }

    /// Issue 46, item 2: a terminal gone without a SIGHUP (its reads fail at once) ends the loop as SIGHUP would,
    /// after the frame it was drawing, instead of spinning on keys that cannot come.
    @Test func aTerminalThatHasGoneEndsTheLoopAsAHangup() {
        let backend = TestBackend(width: 80, height: 24)
        let clock = ManualClock()
        var idles = 0
        backend.onIdle = {
            idles += 1
            clock.advance(by: 0.1)
            if idles == 3 { backend.inputGone = true }
        }
        let (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        var state = state()
        expectEqual(loop.run(&state, sink: nil) { _, _ in }, .interrupted(SIGHUP))
        expectEqual(idles, 3)
    }

    /// `b` while paused: nothing else changes, yet the map is drawn again without the basemap, then with it.
    @Test func bRedrawsTheMapWithoutAndWithTheBasemap() {
        let backend = TestBackend(width: 100, height: 30, keys: [.character(" "), .character("b"), .character("b"), .character("q"), .character("y")])
        let clock = ManualClock()
        backend.onIdle = { clock.advance(by: 0.5) }
        let (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        var state = state()
        state.underlay = MapUnderlay(basemap: Basemap(attribution: "© Test Tiles"), streets: [])
        expectEqual(loop.run(&state, sink: nil) { _, _ in }, .quit)
        let attributed = backend.frames.map { $0.text.contains("© Test Tiles") }
        // With it, then (after b) a frame without it, then (after b again) with it once more.
        expectEqual(attributed.first, true)
        guard let off = attributed.firstIndex(of: false) else {
            Issue.record("no frame without the basemap")
            return
        }
        expectTrue(attributed[off...].contains(true))
        expectTrue(state.showBasemap)
    }

    @Test func theWalkPlaysToTheEndOnTheLoopsClockAndTheEffectsReachTheDriver() {
        let backend = TestBackend(width: 100, height: 30)
        let clock = ManualClock()
        var effects: [PlayerEffect] = []
        var idle = 0
        backend.onIdle = {
            idle += 1
            clock.advance(by: 5)
            if idle == 3 { backend.keys = [.character("s")] }
            if idle == 200 { backend.keys = [.character("q")] }  // long after the end: quits at once
        }
        let (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        var state = state()
        expectEqual(loop.run(&state, sink: nil) { effect, _ in effects.append(effect) }, .quit)
        expectEqual(effects.filter { !$0.isWalkUpdate }, [.loadSubtitles(nil)])
        // Every tick's walk update reached the driver too (to the sink, had there been one): both points started.
        expectEqual(effects.audio.compactMap { if case let .play(point, _) = $0 { point } else { nil } }, [1, 2])
        expectTrue(state.session.ended)
        expectEqual(state.session.events, Simulation.run(tour: state.session.tour, trace: (state.session.walk.source as! TraceReplaySource).trace).events)
        guard case .completion? = state.overlay else {
            Issue.record("no completion overlay")
            return
        }
    }

    /// `play --gps`: the same loop over a live walk. Fixes arrive in bursts from a "receiver" while the loop
    /// runs; the GPS line shows the wall-clock fix age, "GPS lost" when fixes stop for over 10 s and "source
    /// closed" once the source ends; speed keys do nothing; the walk is simulate's and ends on its own.
    @Test func aLiveWalkShowsTheGPSStateAndPlaysSimulatesTimeline() {
        let backend = TestBackend(width: 100, height: 30)
        let clock = ManualClock()
        let template = state()
        let trace = (template.session.walk.source as! TraceReplaySource).trace
        let queue = FixQueue(clock: .gps, monotonic: clock)
        var state = PlayerState(
            session: PlayerSession(walk: Walk(tour: template.session.tour, source: queue, speed: 1)), info: template.info, subtitleLanguages: ["it"],
            subtitleLanguage: "it", traceName: "gpsd://127.0.0.1:2947")
        var idle = 0
        var pushed = 0
        var lostSeen = false
        var closedSeen = false
        backend.onIdle = {
            idle += 1
            clock.advance(by: 0.5)
            if idle == 2 { backend.keys = [.character("]")] }  // faster: not on a live walk
            // Two fixes a wall second, except a 15 s silence in the middle.
            if pushed < trace.count, !(200...230).contains(idle) {
                queue.push(trace.fix(pushed))
                pushed += 1
            }
            let text = backend.text
            if text.contains("GPS lost") && !text.contains("source closed") { lostSeen = true }
            if pushed == trace.count { queue.finish(reason: "gpsd closed the connection") }
            if text.contains("GPS lost") && text.contains("source closed") { closedSeen = true }
            if idle == 2_000 { backend.keys = [.character("q")] }
        }
        let (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        expectEqual(loop.run(&state, sink: nil) { _, _ in }, .quit)
        expectEqual(state.session.speed, 1)
        expectTrue(lostSeen)
        expectTrue(closedSeen)
        expectTrue(state.session.ended)
        expectEqual(state.session.events, Simulation.run(tour: state.session.tour, trace: trace).events)
        expectTrue(backend.frames.contains { $0.text.contains("gpsd://127.0.0.1:2947") })
    }

    @Test func pollFeedsActionsFromElsewhereThroughTheReducerOnceAFrame() {
        let backend = TestBackend(width: 100, height: 30)
        let clock = ManualClock()
        var idle = 0
        var polled = 0
        var effects: [PlayerEffect] = []
        var lastRows: [String] = []
        backend.onIdle = {
            idle += 1
            clock.advance(by: 1)
            lastRows.append(backend.text.split(separator: "\n").last.map(String.init) ?? "")
            if idle == 12 { backend.keys = [.character("q"), .character("y")] }
        }
        let (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        var state = state()
        let outcome = loop.run(&state, sink: nil, poll: { _ in
            polled += 1
            switch polled {
            case 2: return [.showNotice("edit not loaded: tour.json: 3:5: expected a number", seconds: 3)]
            case 8: return [.reload]
            default: return []
            }
        }) { effect, _ in effects.append(effect) }
        expectEqual(outcome, .quit)
        expectEqual(effects.filter { !$0.isWalkUpdate }, [.reload])
        expectTrue(polled >= 12)
        // The notice took the hints' row for its three seconds, then the hints came back.
        expectTrue(lastRows.contains { $0.contains("edit not loaded: tour.json: 3:5") })
        expectTrue(lastRows.last?.contains("quit") == true)
        expectTrue(state.notices.contains("edit not loaded: tour.json: 3:5: expected a number"))
    }

    @Test func aRebuiltWalkKeepsItsMomentAndPausesAndOnlyThenHearsTheSink() {
        var session = state().session
        session.advance(wallSeconds: 20)
        session.setPaused(true, by: .listener)
        var tour = session.tour
        tour = EngineTour(points: tour.points.map { point in
            var point = point
            point.radiusMeters = 120
            return point
        })
        let rebuilt = PlayerReloader.rebuild(session, tour: tour, trace: (session.walk.source as! TraceReplaySource).trace, policy: .standard)
        expectTrue(rebuilt.traceTime == session.traceTime && rebuilt.paused && rebuilt.pauseHolders == [.listener])
        expectEqual(rebuilt.tour.points.map(\.radiusMeters), [120, 120])
        expectTrue(rebuilt.engine.playing?.point == 1)  // the wider radius started point 1 at 15 s
        // Catching up was not played (its updates never reach the loop); the next control's update does.
        var screen = self.state()
        screen.session = rebuilt
        expectEqual(Player.reduce(&screen, key: .character(" ")), [.walkUpdate(WalkUpdate(audio: [.resume]))])
        // Nothing the engine uses changed: the same walk.
        expectEqual(PlayerReloader.rebuild(session, tour: session.tour, trace: Trace(), policy: .standard).nextFix, session.nextFix)
    }

    /// The loop sleeps until what the screen shows may change, never sooner than a frame interval after the
    /// last frame's work began: at ×1 about ten frames a second (the header's clock shows tenths), at ×8 about
    /// thirty; paused, a wake-up a quarter of a second. No key comes; each wait takes what it asked for.
    @Test(arguments: [(1.0, 85...100), (8.0, 25...25)])
    func theLoopSleepsUntilTheScreenMayChange(speed: Double, waits: ClosedRange<Int32>) {
        let backend = WaitRecordingBackend(TestBackend(width: 100, height: 30))
        let clock = ManualClock()
        var idle = 0
        backend.inner.onIdle = {
            idle += 1
            clock.advance(by: Double(backend.timeouts.last ?? 0) / 1000)
            if idle == 200 { backend.inner.keys = [.character("q"), .character("y")] }
        }
        backend.onDraw = { clock.advance(by: 0.008) }  // a frame's work takes 8 ms
        let player = AudioPlayer(output: NullOutput(clock: ManualClock()))
        defer { player.shutdown() }
        let loop = PlayerLoop(backend: backend, player: player, notices: NoticeBox(), strings: UIStrings(language: "en"), clock: clock)
        var state = state()
        if speed != 1 { state.session = PlayerSession(tour: state.session.tour, trace: (state.session.walk.source as! TraceReplaySource).trace, speed: speed) }
        expectEqual(loop.run(&state, sink: nil) { _, _ in }, .quit)
        expectEqual(backend.timeouts.first, 0)  // the first frame at once
        // Waits between frames (the few short ones land just before a fix or the next tenth).
        let steady = backend.timeouts.dropFirst().filter { waits.contains($0) }.count
        expectTrue(Double(steady) >= 0.8 * Double(backend.timeouts.count - 1), "×\(speed): \(backend.timeouts.prefix(40))")
        expectTrue(backend.timeouts.dropFirst().allSatisfy { $0 >= 25 || $0 == 0 }, "\(backend.timeouts.prefix(40))")
        expectEqual(PlayerLoop.keyWait(sinceFrameStarted: 0), 33)
        expectEqual(PlayerLoop.keyWait(sinceFrameStarted: 0.008), 25)
        expectEqual(PlayerLoop.keyWait(sinceFrameStarted: 0.050), 0)
        expectEqual(PlayerLoop.keyWait(sinceFrameStarted: -1), 33)
        expectEqual(PlayerLoop.keyWait(sinceFrameStarted: 0.008, changeIn: 0.1), 92)
        expectEqual(PlayerLoop.keyWait(sinceFrameStarted: 0.008, changeIn: 0.01), 25)
        expectEqual(PlayerLoop.keyWait(sinceFrameStarted: 0, changeIn: 10), 250)
    }

    @Test func pausedTheLoopWakesFourTimesASecondAndDrawsNothing() {
        let backend = WaitRecordingBackend(TestBackend(width: 100, height: 30))
        let clock = ManualClock()
        var idle = 0
        var draws = 0
        backend.inner.keys = [.character(" ")]
        backend.inner.onIdle = {
            idle += 1
            clock.advance(by: Double(backend.timeouts.last ?? 0) / 1000)
            if idle == 40 { backend.inner.keys = [.character("q"), .character("y")] }
        }
        backend.onDraw = { draws += 1 }
        let player = AudioPlayer(output: NullOutput(clock: ManualClock()))
        defer { player.shutdown() }
        let loop = PlayerLoop(backend: backend, player: player, notices: NoticeBox(), strings: UIStrings(language: "en"), clock: clock)
        var state = state()
        expectEqual(loop.run(&state, sink: nil) { _, _ in }, .quit)
        expectTrue(backend.timeouts.suffix(30).allSatisfy { $0 == 250 }, "\(backend.timeouts)")
        expectTrue(draws <= 4, "\(draws) frames drawn while paused")
    }

    /// Issue 27, item 15: the offline map is read beside the loop. While its reading has not ended (here it
    /// waits until the test ends it), the player draws its screen and a stop signal ends the loop; once read,
    /// the map is put under the route.
    @Test func theOfflineMapIsReadBesideTheLoop() throws {
        let replay = try ReplayTour.load(repositoryRoot + "/tours/torino-portici", language: "it")
        let release = DispatchSemaphore(value: 0)
        let reading = MapRead()
        let backend = TestBackend(width: 80, height: 24)
        var idle = 0
        backend.onIdle = {
            idle += 1
            if idle == 5 { raise(SIGUSR1) }
        }
        let clock = ManualClock()
        var (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        loop.loadUnderlay = { _ in
            // Before the fix the loop waited for this: it went on after 10 s, the read finished.
            _ = release.wait(timeout: .now() + 10)
            reading.finished.withLock { $0 = true }
            return MapUnderlay(basemap: Basemap(attribution: "© Slow Tiles"), streets: [])
        }
        var trace = Trace()
        trace.startSegment()
        for i in 0...10 { trace.append(time: 1_000 + Double(i), lat: 45.0676, lng: 7.6825, accuracy: 5) }
        let outcome = StopSignals.watch([SIGUSR1]) {
            loop.run(replay: replay, trace: trace, traceName: "walk.gpx", policy: EnginePolicy(), speed: 1, subtitles: nil)
        }
        StopSignals.clear(SIGUSR1)
        expectEqual(outcome, .interrupted(SIGUSR1))
        expectTrue(!backend.frames.isEmpty)
        expectTrue(!reading.finished.withLock { $0 }, "the loop waited for the map to be read")
        release.signal()

        // A map read at once is drawn under the route (its attribution on the map) a frame or so later. The
        // frames come as fast as the loop runs (a manual clock): the loop quits after 30 of them once the map
        // is on screen, or after 10 s of real time (a loaded machine can starve the reading thread for longer
        // than 30 frames take).
        let quick = TestBackend(width: 100, height: 30)
        var frames = 0
        let started = Date()
        quick.onIdle = {
            frames += 1
            clock.advance(by: 0.1)
            let shown = quick.frames.last?.text.contains("© Quick Tiles") == true
            if frames >= 30 && quick.keys.isEmpty && (shown || Date().timeIntervalSince(started) > 10) {
                quick.keys = [.character("q"), .character("y")]
            } else if frames >= 30 && !shown {
                usleep(1_000)
            }
        }
        var (second, secondPlayer) = self.loop(quick, clock: clock)
        defer { secondPlayer.shutdown() }
        second.loadUnderlay = { _ in MapUnderlay(basemap: Basemap(attribution: "© Quick Tiles"), streets: []) }
        expectEqual(second.run(replay: replay, trace: trace, traceName: "walk.gpx", policy: EnginePolicy(), speed: 1, subtitles: nil), .quit)
        expectTrue(quick.frames.contains { $0.text.contains("© Quick Tiles") })
    }

    /// Issue 26: `play` on a trace that never comes near the tour says so on the notice row (the warning
    /// written to stderr before the terminal is taken is wiped by it).
    @Test func aTraceFarFromTheTourIsWarnedAboutOnTheNoticeRow() throws {
        let replay = try ReplayTour.load(repositoryRoot + "/tours/torino-portici", language: nil)
        var paris = Trace()
        paris.startSegment()
        for i in 0..<20 { paris.append(time: 1_000 + Double(i), lat: 48.8606, lng: 2.3376 + 0.00001 * Double(i), accuracy: 5) }
        let backend = TestBackend(width: 200, height: 40)
        let clock = ManualClock()
        var shown = ""
        var idle = 0
        backend.onIdle = {
            idle += 1
            clock.advance(by: 0.1)
            shown = backend.text
            if idle == 3 { raise(SIGUSR1) }
        }
        let (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        let outcome = StopSignals.watch([SIGUSR1]) {
            loop.run(replay: replay, trace: paris, traceName: "paris.gpx", policy: EnginePolicy(), speed: 1, subtitles: nil)
        }
        StopSignals.clear(SIGUSR1)
        expectEqual(outcome, .interrupted(SIGUSR1))
        expectContains(shown, "paris.gpx: the trace never comes within 1 km of the tour's points or route", "\(shown)")
    }

    @Test func aStopSignalEndsTheLoop() {
        let backend = TestBackend(width: 80, height: 24)
        let clock = ManualClock()
        backend.onIdle = { raise(SIGUSR1) }
        let (loop, player) = loop(backend, clock: clock)
        defer { player.shutdown() }
        var state = state()
        let outcome = StopSignals.watch([SIGUSR1]) { loop.run(&state, sink: nil) { _, _ in } }
        StopSignals.clear(SIGUSR1)
        expectEqual(outcome, .interrupted(SIGUSR1))
    }
}
}

/// Whether a map read has finished.
final class MapRead: Sendable {
    let finished = Mutex(false)
}

extension PlayerEffect {
    /// Whether the effect is a walk update (the loop hands it to the sink, then to `handle`).
    var isWalkUpdate: Bool { if case .walkUpdate = self { true } else { false } }
}

/// A test backend that also notes every key wait the loop asks for.
final class WaitRecordingBackend: TerminalBackend {
    let inner: TestBackend
    private(set) var timeouts: [Int32] = []
    /// Called after each frame is drawn.
    var onDraw: (() -> Void)?
    init(_ inner: TestBackend) { self.inner = inner }
    var size: (width: Int, height: Int) { inner.size }
    var unicode: Bool { inner.unicode }
    func readKey(timeout milliseconds: Int32) -> TerminalKey? {
        timeouts.append(milliseconds)
        return inner.readKey(timeout: milliseconds)
    }
    func draw(_ grid: CellGrid) {
        inner.draw(grid)
        onDraw?()
    }
}

/// The play log's lines: each narration's latency and how long the walk held for it, and each underrun.
@Suite struct PlayLogLineTests {
    @Test func eachNarrationSaysItsLatencyAndItsHoldAndEachUnderrunItsLength() {
        let timing = NarrationTiming(point: 2, walkTime: 83.4, fromSeconds: 0, issuedAt: 10, firstHeardAt: 10.262, heldSeconds: 0.004)
        expectEqual(
            PlayerLoop.logLine(timing),
            "point 2 asked at 1:23.4 on the walk's clock (from 0:00.0 of its recording); first sample heard 0.262 s later; the walk held 0.004 s for it")
        expectEqual(
            PlayerLoop.logLine(NarrationHold(point: 1, walkTime: 5.3, seconds: 0.1)),
            "point 1 held the walk 0.100 s at 0:05.3: nothing was written ahead to the sound card (an underrun)")
    }
}
