import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// A test tour on a meridian at 45° N: point k (1…n) at 600·(k−1) m north of the origin, radius 100 m,
/// audio of 60 s each unless given.
func lineTour(points n: Int = 4, spacing: Double = 600, radius: Double = 100, audio: [Double]? = nil) -> EngineTour {
    let origin = LatLng(lat: 45, lng: 7)
    return EngineTour(points: (1...n).map { k in
        EngineTour.Point(
            order: k, id: "p\(k)", location: Geodesy.destination(from: origin, bearing: 0, distance: spacing * Double(k - 1)),
            radiusMeters: radius, audioSeconds: audio?[k - 1] ?? 60)
    })
}

/// A position `meters` north of the origin (negative: south).
func north(_ meters: Double) -> LatLng { Geodesy.destination(from: LatLng(lat: 45, lng: 7), bearing: 0, distance: meters) }

/// A walk north along `lineTour`'s meridian at 1.5 m/s, a fix a second, from 50 m south of the origin to
/// `meters` north (with `lineTour(points: 3)`: point 2 entered near 367 s, point 3 near 767 s).
func northWalk(until meters: Double = 1300) -> Trace {
    var trace = Trace()
    var t = 0.0
    var position = -50.0
    while position <= meters {
        let location = north(position)
        trace.append(time: 1_778_317_200 + t, lat: location.lat, lng: location.lng)
        t += 1
        position += 1.5
    }
    return trace
}

func fix(_ t: Double, _ meters: Double, accuracy: Double = .nan) -> EngineAction {
    .fix(t: t, location: north(meters), accuracy: accuracy)
}

/// Events as `t kind point` strings, the notation the tests state expectations in.
func brief(_ events: [EngineEvent]) -> [String] {
    events.map { e in
        var text = formatFixed(e.t, 1) + " " + e.kind.rawValue
        if let p = e.point { text += " \(p)" }
        if let missed = e.missed { text += " missed=" + missed.map(String.init).joined(separator: ",") }
        return text
    }
}

@Suite struct TriggerEngineTests {
    @Test func startEmitsTourStartedOnce() {
        var state = EngineState(tour: lineTour())
        expectEqual(brief(TriggerEngine.reduce(&state, .start)), ["0.0 tour_started"])
        expectTrue(TriggerEngine.reduce(&state, .start).isEmpty)
        // A first fix without an explicit start starts the tour too.
        var implicit = EngineState(tour: lineTour())
        expectEqual(brief(TriggerEngine.reduce(&implicit, fix(0, -500))), ["0.0 tour_started"])
    }

    @Test func enteringTheNextPointWithNothingPlayingTriggersAndPlays() {
        var state = EngineState(tour: lineTour())
        _ = TriggerEngine.reduce(&state, .start)
        expectTrue(TriggerEngine.reduce(&state, fix(1, -150)).isEmpty)
        let events = TriggerEngine.reduce(&state, fix(2, -99))
        expectEqual(brief(events), ["2.0 point_entered 1", "2.0 point_triggered 1", "2.0 audio_started 1"])
        expectTrue(abs((events[1].distance ?? 0) - 99) < 1e-6)
        expectEqual(events[2].audioSeconds, 60)
        expectEqual(state.next, 2)
        expectEqual(state.playing, EngineState.Playing(point: 1, startedAt: 2, endsAt: 62))
        expectEqual(state.triggered, [true, false, false, false])
    }

    @Test func theBoundaryCountsAsInside() {
        var state = EngineState(tour: lineTour(radius: 100))
        let onEdge = TriggerEngine.reduce(&state, .fix(t: 0, location: north(-100 + 1e-7), accuracy: .nan))
        expectTrue(brief(onEdge).contains("0.0 point_triggered 1"))
    }

    @Test func enteringTheNextPointWhileAudioPlaysQueuesIt() {
        var state = EngineState(tour: lineTour(spacing: 150))  // regions overlap
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        let events = TriggerEngine.reduce(&state, fix(10, 100))
        expectEqual(brief(events), ["10.0 point_entered 2", "10.0 point_triggered 2", "10.0 point_queued 2"])
        expectTrue(events.last?.queueLength == 1)
        expectEqual(state.queue, [2])
        expectEqual(state.next, 3)
    }

    @Test func aFullQueueLeavesThePointNext() {
        var state = EngineState(tour: lineTour(spacing: 150))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(10, 150))
        let events = TriggerEngine.reduce(&state, fix(20, 300))
        expectEqual(brief(events), ["20.0 point_exited 2", "20.0 point_entered 3"])
        expectEqual(state.next, 3)
        expectEqual(state.queue, [2])
        // Once point 1 ends (t = 60) point 2 starts from the queue, and the next fix in point 3 queues it.
        let later = TriggerEngine.reduce(&state, fix(61, 300))
        expectEqual(brief(later), ["60.0 audio_finished 1", "60.0 audio_started 2", "61.0 point_triggered 3", "61.0 point_queued 3"])
    }

    @Test func overlappingRegionsTriggerSeveralPointsAtOneFix() {
        var state = EngineState(tour: lineTour(spacing: 120, radius: 100))
        let events = TriggerEngine.reduce(&state, fix(5, 60))
        expectEqual(brief(events), [
            "0.0 tour_started", "5.0 point_entered 1", "5.0 point_entered 2",
            "5.0 point_triggered 1", "5.0 audio_started 1", "5.0 point_triggered 2", "5.0 point_queued 2",
        ])
    }

    @Test func audioEndingBeforeAFixFinishesAtItsOwnTimeAndChains() {
        var state = EngineState(tour: lineTour(spacing: 150, audio: [10, 20, 30, 40]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(1, 150))
        let events = TriggerEngine.reduce(&state, fix(100, -1000))
        expectEqual(brief(events), ["10.0 audio_finished 1", "10.0 audio_started 2", "30.0 audio_finished 2", "100.0 point_exited 2"])
        expectTrue(state.playing == nil)
    }

    @Test func audioEndingExactlyAtTheFixFinishesFirst() {
        var state = EngineState(tour: lineTour(audio: [10, 10, 10, 10]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        let events = TriggerEngine.reduce(&state, fix(10, 600))
        expectEqual(brief(events), ["10.0 audio_finished 1", "10.0 point_exited 1", "10.0 point_entered 2", "10.0 point_triggered 2", "10.0 audio_started 2"])
    }

    @Test func aPointTriggersAtMostOnce() {
        var state = EngineState(tour: lineTour(audio: [5, 5, 5, 5]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(10, -300))
        let back = TriggerEngine.reduce(&state, fix(20, 0))
        expectEqual(brief(back), ["20.0 point_entered 1"])
    }

    @Test func exitNeedsTheHysteresisMargin() {
        var state = EngineState(tour: lineTour(radius: 100))
        _ = TriggerEngine.reduce(&state, fix(0, -50))
        expectTrue(brief(TriggerEngine.reduce(&state, fix(1, -109))).isEmpty)  // margin is max(5, 10) = 10 m
        expectEqual(brief(TriggerEngine.reduce(&state, fix(2, -111))), ["2.0 point_exited 1"])
        expectTrue(brief(TriggerEngine.reduce(&state, fix(3, -105))).isEmpty)  // outside: no re-entry until ≤ 100 m
        expectEqual(brief(TriggerEngine.reduce(&state, fix(4, -100 + 0.5))), ["4.0 point_entered 1"])
    }

    @Test func queueDepthZeroTriggersOnlyAfterTheAudioWhileStillInside() {
        var state = EngineState(tour: lineTour(spacing: 150), policy: EnginePolicy(queueDepth: 0))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        expectEqual(brief(TriggerEngine.reduce(&state, fix(10, 150))), ["10.0 point_exited 1", "10.0 point_entered 2"])
        expectEqual(state.next, 2)
        let after = TriggerEngine.reduce(&state, fix(61, 150))
        expectEqual(brief(after), ["60.0 audio_finished 1", "61.0 point_triggered 2", "61.0 audio_started 2"])
        // Left the region before the audio ended: nothing triggers.
        var gone = EngineState(tour: lineTour(spacing: 150), policy: EnginePolicy(queueDepth: 0))
        _ = TriggerEngine.reduce(&gone, fix(0, 0))
        _ = TriggerEngine.reduce(&gone, fix(10, 150))
        expectEqual(brief(TriggerEngine.reduce(&gone, fix(61, -300))), ["60.0 audio_finished 1", "61.0 point_exited 2"])
        expectEqual(gone.next, 2)
    }

    @Test func accuracyGateIgnoresPoorFixesButKeepsUnknownAccuracy() {
        var state = EngineState(tour: lineTour(), policy: EnginePolicy(minAccuracyMeters: 20))
        expectEqual(brief(TriggerEngine.reduce(&state, fix(0, 0, accuracy: 35))), ["0.0 tour_started"])
        expectEqual(state.ignoredFixes, 1)
        expectEqual(brief(TriggerEngine.reduce(&state, fix(1, 0, accuracy: 20))), ["1.0 point_entered 1", "1.0 point_triggered 1", "1.0 audio_started 1"])
        var unknown = EngineState(tour: lineTour(), policy: EnginePolicy(minAccuracyMeters: 20))
        expectTrue(brief(TriggerEngine.reduce(&unknown, fix(0, 0))).contains("0.0 point_triggered 1"))
    }

    @Test func ignoredFixesStillMoveTheClock() {
        var state = EngineState(tour: lineTour(audio: [10, 10, 10, 10]), policy: EnginePolicy(minAccuracyMeters: 20))
        _ = TriggerEngine.reduce(&state, fix(0, 0, accuracy: 5))
        expectEqual(brief(TriggerEngine.reduce(&state, fix(30, 600, accuracy: 99))), ["10.0 audio_finished 1"])
    }

    @Test func confirmFixesNeedsConsecutiveInsideFixes() {
        var state = EngineState(tour: lineTour(), policy: EnginePolicy(confirmFixes: 3))
        _ = TriggerEngine.reduce(&state, fix(0, -50))
        _ = TriggerEngine.reduce(&state, fix(1, -50))
        _ = TriggerEngine.reduce(&state, fix(2, -104))  // outside the radius (still inside the hysteresis): streak resets
        expectTrue(brief(TriggerEngine.reduce(&state, fix(3, -50))).isEmpty)
        expectTrue(brief(TriggerEngine.reduce(&state, fix(4, -50))).isEmpty)
        expectEqual(brief(TriggerEngine.reduce(&state, fix(5, -50))), ["5.0 point_triggered 1", "5.0 audio_started 1"])
    }

    @Test func skipMissedSkipsToALaterPointEntered() {
        var state = EngineState(tour: lineTour(), policy: EnginePolicy(skipMissed: true))
        let events = TriggerEngine.reduce(&state, fix(0, 1200))
        expectEqual(brief(events), ["0.0 tour_started", "0.0 point_entered 3", "0.0 point_skipped 1", "0.0 point_skipped 2", "0.0 point_triggered 3", "0.0 audio_started 3"])
        expectEqual(state.skipped, [true, true, false, false])
        expectEqual(state.next, 4)
        // Without the option nothing happens there.
        var strict = EngineState(tour: lineTour())
        expectEqual(brief(TriggerEngine.reduce(&strict, fix(0, 1200))), ["0.0 tour_started", "0.0 point_entered 3"])
    }

    @Test func theTourCompletesWhenTheLastAudioFinishes() {
        var state = EngineState(tour: lineTour(points: 2, audio: [10, 10]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(20, 600))
        expectEqual(brief(TriggerEngine.reduce(&state, fix(40, 600))), ["30.0 audio_finished 2", "30.0 tour_completed 2"])
        expectTrue(brief(TriggerEngine.reduce(&state, .traceEnded)).isEmpty)
        expectTrue(state.ended)
    }

    @Test func theTraceEndingPlaysAudioOutThenReportsWhatWasMissed() {
        var state = EngineState(tour: lineTour(points: 3, audio: [10, 10, 10]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(5, 300))
        expectEqual(brief(TriggerEngine.reduce(&state, .traceEnded)), ["10.0 audio_finished 1", "10.0 tour_incomplete missed=2,3"])
        var copy = state
        expectTrue(TriggerEngine.reduce(&copy, .traceEnded).isEmpty)
        let ended = TriggerEngine.reduce(&state, .traceEnded)
        expectTrue(ended.isEmpty)
    }

    @Test func incompleteNamesTheNextPoint() {
        var state = EngineState(tour: lineTour(points: 3, audio: [10, 10, 10]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        let events = TriggerEngine.reduce(&state, .traceEnded)
        expectTrue(events.last?.next == 2)
        expectTrue(events.last?.missed == [2, 3])
        expectTrue(events.last?.t == 10)
    }

    @Test func queuedAudioPlaysOutAfterTheTraceEnds() {
        var state = EngineState(tour: lineTour(points: 2, spacing: 150, audio: [10, 20]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(1, 150))
        expectEqual(brief(TriggerEngine.reduce(&state, .traceEnded)), ["10.0 audio_finished 1", "10.0 audio_started 2", "30.0 audio_finished 2", "30.0 tour_completed 2"])
    }

    @Test func simulationOfAnEmptyTraceIsStartedAndIncomplete() {
        let timeline = Simulation.run(tour: lineTour(points: 2), trace: Trace())
        expectEqual(brief(timeline.events), ["0.0 tour_started", "0.0 tour_incomplete missed=1,2"])
    }

    @Test func theGridFindsEveryPointOfASpreadOutTour() {
        // Points from Turin to Paris: a fix at each point must see it, whatever the grid's cells.
        let places = [LatLng(lat: 45.07, lng: 7.68), LatLng(lat: 48.85, lng: 2.35), LatLng(lat: -33.86, lng: 151.2), LatLng(lat: 0, lng: -179.99)]
        let tour = EngineTour(points: places.enumerated().map { EngineTour.Point(order: $0.offset + 1, id: "\($0.offset)", location: $0.element, radiusMeters: 150, audioSeconds: 1) })
        var state = EngineState(tour: tour)
        for (i, place) in places.enumerated() {
            let events = TriggerEngine.reduce(&state, .fix(t: Double(i * 10), location: place, accuracy: .nan))
            expectTrue(events.contains { $0.kind == .pointTriggered && $0.point == i + 1 })
        }
    }
}
