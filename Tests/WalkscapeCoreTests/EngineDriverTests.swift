import Testing
@testable import WalkscapeCore

/// The driver takes fixes one at a time, wherever they come from, and gives `simulate`'s timeline.
@Suite struct EngineDriverTests {
    /// A noisy walk (GPS errors, jumps and dropouts) along a zig-zag tour of 12 points.
    func noisyWalk(seed: UInt64) -> (EngineTour, Trace) {
        var random = SplitMix64(seed: seed)
        let path = FieldFixtures.zigzag(legs: 12, random: &random)
        let tour = FieldFixtures.tour(along: path, random: &random)
        return (tour, FieldFixtures.walk(path, tour: tour, sigma: 12, jumps: 20, dropouts: 10, seed: seed))
    }

    /// The loop `Simulation.run` was before the driver: every fix through the filter, then `.traceEnded`.
    func referenceTimeline(_ tour: EngineTour, _ trace: Trace, _ policy: EnginePolicy) -> [EngineEvent] {
        var state = EngineState(tour: tour, policy: policy)
        var events = TriggerEngine.reduce(&state, .start)
        var delivery = FixDeliveryFilter(policy.fixDelivery)
        for i in 0..<trace.count {
            let action = delivery.action(t: trace.elapsed(i), location: trace.location(i), accuracy: trace.effectiveAccuracy(i))
            TriggerEngine.reduce(&state, action, into: &events)
        }
        TriggerEngine.reduce(&state, .traceEnded, into: &events)
        return events
    }

    @Test(arguments: EngineProfile.allCases)
    func simulationIsTheReferenceLoopForEveryProfile(profile: EngineProfile) {
        for seed in UInt64(1)...4 {
            let (tour, trace) = noisyWalk(seed: seed)
            let timeline = Simulation.run(tour: tour, trace: trace, policy: profile.policy)
            #expect(timeline.events == referenceTimeline(tour, trace, profile.policy), "seed \(seed)")
            #expect(timeline.startTime == trace.times[0])
            #expect(timeline.fixes == trace.count)
        }
    }

    @Test(arguments: EngineProfile.allCases)
    func fixesArrivingWithTimeBetweenThemGiveTheSameTimeline(profile: EngineProfile) {
        // A live source: the clock ticks between fixes (several ticks, none, or past the next fix's time
        // never), and the events are the same as the whole trace folded at once.
        let (tour, trace) = noisyWalk(seed: 9)
        let expected = Simulation.run(tour: tour, trace: trace, policy: profile.policy).events
        var driver = EngineDriver(tour: tour, policy: profile.policy)
        var events: [EngineEvent] = []
        driver.start(into: &events)
        var random = SplitMix64(seed: 3)
        for i in 0..<trace.count {
            driver.receive(trace.fix(i), into: &events)
            if i + 1 < trace.count {
                let gap = trace.elapsed(i + 1) - trace.elapsed(i)
                for _ in 0..<Int(random.uniform(in: 0...3)) {
                    driver.advance(to: trace.elapsed(i) + random.uniform(in: 0...1) * gap, into: &events)
                }
            }
        }
        driver.end(into: &events)
        #expect(events == expected)
    }

    @Test func theClockCountsFromTheFirstFix() {
        var driver = EngineDriver(tour: lineTour(points: 2, audio: [10, 10]))
        var events: [EngineEvent] = []
        driver.receive(Fix(time: 1_000, location: north(-500)), into: &events)
        #expect(driver.origin == 1_000)
        #expect(brief(events) == ["0.0 tour_started"])  // any first call starts the walk
        driver.receive(Fix(time: 1_030, location: north(0)), into: &events)
        #expect(driver.clock == 30)
        #expect(brief(events).suffix(2) == ["30.0 point_triggered 1", "30.0 audio_started 1"])
        #expect(driver.walkTime(of: Fix(time: 1_045, location: north(0))) == 45)
        #expect(driver.lastFix?.time == 1_030)
        #expect(driver.received == 2)
    }

    @Test func aWithheldFixOnlyMovesTheClock() {
        // The phone delivers a fix only 50 m from the last delivered one.
        let policy = EnginePolicy(fixDelivery: FixDelivery(minMoveMeters: 50))
        var driver = EngineDriver(tour: lineTour(points: 1, audio: [10]), policy: policy)
        var events: [EngineEvent] = []
        #expect(driver.receive(Fix(time: 0, location: north(-400)), into: &events))
        #expect(!driver.receive(Fix(time: 5, location: north(-390)), into: &events))
        #expect(driver.clock == 5)
        #expect(driver.withheldFixes == 1)
        #expect(driver.lastFix?.location == north(-390))
        #expect(driver.lastDeliveredFix?.location == north(-400))
    }

    @Test func nothingIsTakenAfterTheEnd() {
        var driver = EngineDriver(tour: lineTour(points: 2, audio: [10, 10]))
        var events: [EngineEvent] = []
        driver.receive(Fix(time: 0, location: north(0)), into: &events)
        driver.end(into: &events)
        #expect(brief(events).suffix(3) == ["0.0 audio_started 1", "10.0 audio_finished 1", "10.0 tour_incomplete missed=2"])
        let count = events.count
        #expect(!driver.receive(Fix(time: 20, location: north(600)), into: &events))
        driver.advance(to: 30, into: &events)
        driver.end(into: &events)
        #expect(events.count == count)
        #expect(driver.ended)
    }

    @Test func controlsActAtTheClockUnlessToldWhen() {
        var driver = EngineDriver(tour: lineTour(points: 1, audio: [60]))
        var events: [EngineEvent] = []
        driver.receive(Fix(time: 100, location: north(0)), into: &events)
        driver.advance(to: 12, into: &events)
        events.removeAll()
        driver.seekAudio(to: 40, into: &events)
        #expect(brief(events) == ["12.0 audio_seeked 1"])
        driver.skipAudio(at: 15, into: &events)
        #expect(brief(events).suffix(2) == ["15.0 audio_finished 1", "15.0 tour_completed 1"])
        events.removeAll()
        driver.replayAudio(point: 1, into: &events)
        #expect(brief(events) == ["15.0 audio_started 1"])
    }
}
