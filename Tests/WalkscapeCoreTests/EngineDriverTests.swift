import Testing
import WalkscapeTestSupport
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
        var delivery = FixDeliveryFilter(policy.fixDelivery, distance: policy.distanceModel)
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
            expectEqual(timeline.events, referenceTimeline(tour, trace, profile.policy), "seed \(seed)")
            expectEqual(timeline.startTime, trace.times[0])
            expectEqual(timeline.fixes, trace.count)
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
        expectEqual(events, expected)
    }

    @Test func theClockCountsFromTheFirstFix() {
        var driver = EngineDriver(tour: lineTour(points: 2, audio: [10, 10]))
        var events: [EngineEvent] = []
        driver.receive(Fix(time: 1_000, location: north(-500)), into: &events)
        expectEqual(driver.origin, 1_000)
        expectEqual(brief(events), ["0.0 tour_started"])  // any first call starts the walk
        driver.receive(Fix(time: 1_030, location: north(0)), into: &events)
        expectEqual(driver.clock, 30)
        expectEqual(brief(events).suffix(2), ["30.0 point_triggered 1", "30.0 audio_started 1"])
        expectEqual(driver.walkTime(of: Fix(time: 1_045, location: north(0))), 45)
        expectTrue(driver.lastFix?.time == 1_030)
        expectEqual(driver.received, 2)
    }

    @Test func aWithheldFixOnlyMovesTheClock() {
        // The phone delivers a fix only 50 m from the last delivered one.
        let policy = EnginePolicy(fixDelivery: FixDelivery(minMoveMeters: 50))
        var driver = EngineDriver(tour: lineTour(points: 1, audio: [10]), policy: policy)
        var events: [EngineEvent] = []
        expectTrue(driver.receive(Fix(time: 0, location: north(-400)), into: &events))
        expectTrue(!driver.receive(Fix(time: 5, location: north(-390)), into: &events))
        expectEqual(driver.clock, 5)
        expectEqual(driver.withheldFixes, 1)
        expectTrue(driver.lastFix?.location == north(-390))
        expectTrue(driver.lastDeliveredFix?.location == north(-400))
    }

    @Test func aFixTheCallerWithholdsOnlyMovesTheClock() {
        // delivered: false is `.advance` to the fix's time and nothing else: point 1's audio ends on the way,
        // point 2's region is not entered. The driver's own filter (every fix) is not asked.
        var driver = EngineDriver(tour: lineTour(points: 2, audio: [10, 10]))
        var events: [EngineEvent] = []
        expectTrue(!driver.receive(Fix(time: 1_000, location: north(-500)), delivered: false, into: &events))
        expectEqual(driver.origin, 1_000)
        expectEqual(brief(events), ["0.0 tour_started"])
        expectTrue(driver.receive(Fix(time: 1_005, location: north(0)), delivered: true, into: &events))
        expectEqual(brief(events).suffix(2), ["5.0 point_triggered 1", "5.0 audio_started 1"])
        var advanced = driver
        var expected: [EngineEvent] = []
        advanced.advance(to: 30, into: &expected)
        events.removeAll()
        expectTrue(!driver.receive(Fix(time: 1_030, location: north(600)), delivered: false, into: &events))
        expectEqual(brief(events), ["15.0 audio_finished 1"])
        expectEqual(events, expected)
        expectTrue(driver.state.triggered == advanced.state.triggered && driver.state.queue == advanced.state.queue)
        expectEqual(driver.clock, 30)
        expectEqual(driver.received, 3)
        expectEqual(driver.withheldFixes, 2)
        expectTrue(driver.delivery.delivered == 0 && driver.delivery.withheld == 0)
        expectTrue(driver.lastFix?.location == north(600))
        expectTrue(driver.lastDeliveredFix?.time == 1_005)
        // Delivered: the engine sees it, whatever the driver's filter would say.
        var filtered = EngineDriver(tour: lineTour(points: 1, audio: [10]), policy: EnginePolicy(fixDelivery: FixDelivery(minMoveMeters: 500)))
        events.removeAll()
        filtered.receive(Fix(time: 0, location: north(-300)), into: &events)
        expectTrue(filtered.receive(Fix(time: 5, location: north(-290)), delivered: true, into: &events))
        expectTrue(filtered.lastDeliveredFix?.time == 5)
        expectEqual(filtered.withheldFixes, 0)
    }

    @Test(arguments: EngineProfile.allCases)
    func theFiltersDecisionsFromOutsideGiveReceivesTimeline(profile: EngineProfile) {
        // receive(_:delivered:into:) fed the decisions the driver's filter would make (a filter of the
        // caller's, asked for every fix the locked screen does not keep) is `receive`: with and without
        // screen locks and a kill (fixes from the kill on are refused whatever `delivered` says).
        let (tour, trace) = noisyWalk(seed: 5)
        let end = trace.elapsed(trace.count - 1)
        let scenarios: [DeviceScenario?] = [
            nil,
            DeviceScenario.resolve(screenLocked: [.init(from: end * 0.2, to: end * 0.35), .init(from: end * 0.6, to: end * 0.62)], backgroundLocation: false, killedAt: nil, profile: profile),
            DeviceScenario.resolve(screenLocked: [.init(from: end * 0.1, to: end * 0.3)], backgroundLocation: false, killedAt: end * 0.7, profile: profile),
            DeviceScenario.resolve(screenLocked: [], backgroundLocation: true, killedAt: end + 120, profile: profile),
        ]
        for device in scenarios {
            var policy = profile.policy
            policy.device = device
            let expected = Simulation.run(tour: tour, trace: trace, policy: policy)
            var driver = EngineDriver(tour: tour, policy: policy)
            var filter = FixDeliveryFilter(policy.fixDelivery, distance: policy.distanceModel)
            var events: [EngineEvent] = []
            driver.start(into: &events)
            for i in 0..<trace.count {
                let t = trace.elapsed(i)
                let delivered = device?.positionsArrive(at: t) == false ? true : filter.delivers(t: t, location: trace.location(i))
                driver.receive(trace.fix(i), delivered: delivered, into: &events)
            }
            driver.end(into: &events)
            expectEqual(events, expected.events, "\(profile.name) \(String(describing: device))")
            expectEqual(driver.withheldFixes, expected.withheldFixes)
            expectEqual(driver.lockedFixes, expected.lockedFixes)
        }
    }

    @Test func nothingIsTakenAfterTheEnd() {
        var driver = EngineDriver(tour: lineTour(points: 2, audio: [10, 10]))
        var events: [EngineEvent] = []
        driver.receive(Fix(time: 0, location: north(0)), into: &events)
        driver.end(into: &events)
        expectEqual(brief(events).suffix(3), ["0.0 audio_started 1", "10.0 audio_finished 1", "10.0 tour_incomplete missed=2"])
        let count = events.count
        expectTrue(!driver.receive(Fix(time: 20, location: north(600)), into: &events))
        driver.advance(to: 30, into: &events)
        driver.end(into: &events)
        expectEqual(events.count, count)
        expectTrue(driver.ended)
    }

    @Test func controlsActAtTheClockUnlessToldWhen() {
        var driver = EngineDriver(tour: lineTour(points: 1, audio: [60]))
        var events: [EngineEvent] = []
        driver.receive(Fix(time: 100, location: north(0)), into: &events)
        driver.advance(to: 12, into: &events)
        events.removeAll()
        driver.seekAudio(to: 40, into: &events)
        expectEqual(brief(events), ["12.0 audio_seeked 1"])
        driver.skipAudio(at: 15, into: &events)
        expectEqual(brief(events).suffix(2), ["15.0 audio_finished 1", "15.0 tour_completed 1"])
        events.removeAll()
        driver.replayAudio(point: 1, into: &events)
        expectEqual(brief(events), ["15.0 audio_started 1"])
    }
}
