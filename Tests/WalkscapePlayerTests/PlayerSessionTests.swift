import Testing
import WalkscapeCore
import WalkscapeRuntime
import WalkscapeTestSupport
@testable import WalkscapePlayer
@testable import WalkscapeTUI

/// The shared meridian walk (`MeridianWalk`).
func sessionInputs() -> (EngineTour, Trace) { MeridianWalk.inputs() }

@Suite struct PlayerSessionTests {
    @Test func anySpeedAndAnyFramingGiveTheSimulationsTimeline() {
        let (tour, trace) = sessionInputs()
        let expected = Simulation.run(tour: tour, trace: trace).events
        for speed in PlayerSession.speeds {
            var session = PlayerSession(tour: tour, trace: trace, speed: speed)
            var rng = SplitMix64(seed: UInt64(speed * 100))
            while !session.ended { _ = session.advance(wallSeconds: Double.random(in: 0.01...0.2, using: &rng)) }
            expectEqual(session.events, expected, "speed \(speed)")
        }
    }

    @Test func everyProfileGivesTheSimulationsTimelineToo() {
        // The fix delivery filter and the app cursor run in the player exactly as in `simulate`.
        let (tour, trace) = sessionInputs()
        for profile in EngineProfile.allCases {
            let expected = Simulation.run(tour: tour, trace: trace, policy: profile.policy).events
            var session = PlayerSession(tour: tour, trace: trace, policy: profile.policy, speed: 8)
            var rng = SplitMix64(seed: 7)
            while !session.ended { _ = session.advance(wallSeconds: Double.random(in: 0.01...0.3, using: &rng)) }
            expectEqual(session.events, expected, "\(profile)")
        }
        var ios = PlayerSession(tour: tour, trace: trace, policy: EngineProfile.ios5c84126.policy, speed: 64)
        while !ios.ended { _ = ios.advance(wallSeconds: 1) }
        expectTrue(ios.lastDeliveredFix != nil && ios.lastDeliveredFix! < trace.count)
    }

    @Test func audioCommandsFollowTheEngine() {
        let (tour, trace) = sessionInputs()
        var session = PlayerSession(tour: tour, trace: trace, speed: 1)
        expectEqual(session.advance(wallSeconds: 24).audio, [])  // 100 m from point 1 at t = 25
        expectEqual(session.advance(wallSeconds: 1).audio, [.play(point: 1, offset: 0)])
        expectEqual(session.advance(wallSeconds: 19.5).audio, [])
        // Ends at t = 45 by the clock: nothing is stopped (a stop would flush what the sound card still holds).
        expectEqual(session.advance(wallSeconds: 1).audio, [])
        expectTrue(session.engine.playing == nil)
    }

    @Test func pauseStopsTheClockAndStepFeedsOneFix() {
        let (tour, trace) = sessionInputs()
        var session = PlayerSession(tour: tour, trace: trace, speed: 4)
        _ = session.advance(wallSeconds: 7)  // t = 28: point 1 playing
        expectEqual(session.togglePause().audio, [.pause])
        let before = session.traceTime
        expectEqual(session.advance(wallSeconds: 100).audio, [])
        expectEqual(session.traceTime, before)
        let fix = session.nextFix
        _ = session.stepOneFix()
        expectEqual(session.nextFix, fix + 1)
        expectEqual(session.togglePause().audio, [.resume])
    }

    @Test func anOverlayHoldsClockEngineAndAudioAndTheListenersPauseOutlivesIt() {
        let (tour, trace) = sessionInputs()
        var session = PlayerSession(tour: tour, trace: trace, speed: 1)
        _ = session.advance(wallSeconds: 30)  // point 1 playing since 25
        // Help opens: everything stops, the audio with it.
        expectEqual(session.setPaused(true, by: .overlay).audio, [.pause])
        expectTrue(session.paused)
        expectEqual(session.advance(wallSeconds: 6).audio, [])
        expectEqual(session.traceTime, 30)
        expectEqual(session.audioPosition, 5)
        // The listener pauses too; closing help leaves the walk paused and the audio quiet.
        expectEqual(session.togglePause().audio, [])
        expectEqual(session.setPaused(false, by: .overlay).audio, [])
        expectTrue(session.paused)
        expectEqual(session.advance(wallSeconds: 6).audio, [])
        expectEqual(session.togglePause().audio, [.resume])
        _ = session.advance(wallSeconds: 1)
        expectEqual(session.traceTime, 31)
        // Between points (nothing playing) a hold still stops the clock, with no audio command.
        _ = session.advance(wallSeconds: 20)  // point 1 ended at 45
        expectTrue(session.engine.playing == nil)
        expectEqual(session.setPaused(true, by: .overlay).audio, [])
        let before = session.traceTime
        _ = session.advance(wallSeconds: 5)
        expectEqual(session.traceTime, before)
        expectTrue(session.frame(info: PlayerTourInfo(title: "", pointTitles: [:], route: [], completionMessage: nil, subtitles: [:]),
            heardPosition: nil, muted: true, showLog: false, overlay: .help).paused)
    }

    @Test func overlaysSayWhetherTheyHoldTheWalk() {
        expectTrue(PlayerFrame.Overlay.help.pausesWalk)
        expectTrue(PlayerFrame.Overlay.confirmQuit.pausesWalk)
        let summary = CompletionSummary(played: 3, missed: [], walkingSeconds: 0, distanceMeters: 0, message: nil, donation: nil)
        expectTrue(!PlayerFrame.Overlay.completion(summary).pausesWalk)
    }

    @Test func missedPointsSayWhy() {
        // Point 1 plays 20 s from t = 25; 2 is entered at t = 30 while the queue (depth 0) is full and left
        // before point 1 ends; 3 is entered (t = 40) before 2 played; nothing reaches a fourth point.
        let origin = LatLng(lat: 45, lng: 7)
        let tour = EngineTour(points: (1...4).map { k in
            EngineTour.Point(order: k, id: "p\(k)", location: Geodesy.destination(from: origin, bearing: 0, distance: [0, 60, 600, 5000][k - 1]),
                radiusMeters: 20, audioSeconds: 20)
        })
        var trace = Trace()
        trace.startSegment()
        for (t, d) in [(0.0, -100.0), (25, 0), (30, 60), (35, 200), (40, 600), (50, 700)] {
            let p = Geodesy.destination(from: origin, bearing: 0, distance: d)
            trace.append(time: 1_000 + t, lat: p.lat, lng: p.lng, accuracy: 5)
        }
        var policy = EnginePolicy.standard
        policy.queueDepth = 0
        var session = PlayerSession(tour: tour, trace: trace, policy: policy, speed: 64)
        while !session.ended { _ = session.advance(wallSeconds: 1) }
        let info = PlayerTourInfo(title: "", pointTitles: [1: "Uno", 2: "Due", 3: "Tre", 4: "Quattro"], route: [], completionMessage: "Grazie", subtitles: [:])
        let summary = session.completionSummary(info: info, donation: "https://example.org/dona")
        expectTrue(!summary.isComplete)
        expectEqual(summary.missed, [2, 3, 4])
        expectEqual(summary.missedPoints, [
            MissedPoint(order: 2, title: "Due", reason: .enteredWhileQueueFull),
            MissedPoint(order: 3, title: "Tre", reason: .enteredOutOfOrder),
            MissedPoint(order: 4, title: "Quattro", reason: .neverEntered),
        ])
    }

    @Test func listenerControlsReachTheEngineAndTheAudio() {
        let (tour, trace) = sessionInputs()
        var session = PlayerSession(tour: tour, trace: trace, speed: 1)
        _ = session.advance(wallSeconds: 30)  // point 1 started at 25: 5 s in
        expectEqual(session.seekAudio(by: 10).audio, [.seek(to: 15)])
        expectEqual(session.audioPosition, 15)
        expectEqual(session.replayCurrent().audio, [.stop, .play(point: 1, offset: 0)])
        expectEqual(session.skipAudio().audio, [.stop])
        expectTrue(session.engine.playing == nil)
        expectEqual(session.replayCurrent().audio, [.play(point: 1, offset: 0)])
    }

    @Test func speedStepsThroughTheList() {
        let (tour, trace) = sessionInputs()
        var session = PlayerSession(tour: tour, trace: trace, speed: 1)
        session.changeSpeed(faster: true)
        expectEqual(session.speed, 1.5)
        for _ in 0..<20 { session.changeSpeed(faster: true) }
        expectEqual(session.speed, 64)
        for _ in 0..<20 { session.changeSpeed(faster: false) }
        expectEqual(session.speed, 0.25)
    }

    @Test func theNarrationIsHeardFromHalfToTwiceAndMutedBeyond() {
        let heard = PlayerSession.speeds.filter { PlayerSession.isAudible(speed: $0) }
        expectEqual(heard, [0.5, 1, 1.5, 2])
        expectTrue(!PlayerSession.isAudible(speed: 0.25) && !PlayerSession.isAudible(speed: 4) && !PlayerSession.isAudible(speed: .nan))
    }

    @Test func framesShowTheWalkAsItAdvances() {
        let (tour, trace) = sessionInputs()
        let track = SubtitleTrack([SubtitleCue(index: 1, startMs: 0, endMs: 5000, text: "<i>Uno</i>", line: 2), SubtitleCue(index: 2, startMs: 5000, endMs: 20000, text: "Due", line: 6)])
        let info = PlayerTourInfo(title: "Test", pointTitles: [1: "Uno", 2: "Due", 3: "Tre"], route: [], completionMessage: "Grazie", subtitles: [1: track])
        var session = PlayerSession(tour: tour, trace: trace, speed: 8)
        _ = session.advance(wallSeconds: 3.5)  // t = 28: point 1 playing 3 s in, walker 94 m south of it
        var frame = session.frame(info: info, heardPosition: nil, muted: true, showLog: false, overlay: nil)
        expectTrue(frame.stop?.order == 1)
        expectEqual(frame.map.points.map(\.state), [.playing, .next, .later])
        expectTrue(frame.routeCard?.order == 2)
        expectEqual(frame.routeCard.map { abs($0.distanceMeters - 394) < 1 }, true)
        expectEqual(frame.subtitles.current, ["Uno"])
        expectEqual(frame.audio.title, "Uno")
        expectEqual(frame.gps.accuracy, 5)
        // The heard position (from the audio output) wins over the clock for subtitles.
        frame = session.frame(info: info, heardPosition: 6, muted: false, showLog: false, overlay: nil)
        expectEqual(frame.subtitles.current, ["Due"])
        expectEqual(frame.subtitles.previous, "Uno")
        while !session.ended { _ = session.advance(wallSeconds: 1) }
        let summary = session.completionSummary(info: info, donation: nil)
        expectTrue(summary.played == 3 && summary.missed.isEmpty)
        expectTrue(abs(summary.distanceMeters - 1050) < 1)
    }
}
