import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Which fixes a phone hands to the app, on a walker going north from (45° N, 7° E).
@Suite struct FixDeliveryFilterTests {
    /// The times of the delivered fixes among `fixes` (t, metres north).
    func delivered(_ rules: FixDelivery?, _ fixes: [(Double, Double)], phase: Double = 0) -> [Double] {
        var filter = FixDeliveryFilter(rules, phase: phase)
        return fixes.filter { filter.delivers(t: $0.0, location: north($0.1)) }.map(\.0)
    }

    @Test func withoutRulesEveryFixIsDelivered() {
        expectEqual(delivered(nil, [(0, 0), (1, 0), (2, 0)]), [0, 1, 2])
    }

    @Test func aDistanceFilterWaitsForTenMetresFromTheLastDelivery() {
        // 1.5 m/s: 0, 1.5, 3, … m; delivered at 0, then at the first fix ≥ 10 m from the last delivered one.
        let walk = (0..<20).map { (Double($0), 1.5 * Double($0)) }
        expectEqual(delivered(FixDelivery(minMoveMeters: 10), walk), [0, 7, 14])
        // Standing still delivers nothing more, jitter of 12 m does.
        expectEqual(delivered(FixDelivery(minMoveMeters: 10), [(0, 0), (1, 5), (2, 0), (3, 12), (4, 0)]), [0, 3, 4])
    }

    @Test func anIntervalComputesOnAGridFromTheFirstFix() {
        let walk = (0..<31).map { (Double($0), 2.0 * Double($0)) }
        expectEqual(delivered(FixDelivery(intervalSeconds: 7.5), walk), [0, 8, 15, 23, 30])
    }

    @Test func aPhaseMovesTheIntervalGridAndKeepsTheFirstFix() {
        // Phase 0.4 of 7.5 s: the first fix answers the tick at −4.5 s, then ticks at 3, 10.5, 18, 25.5.
        let walk = (0..<31).map { (Double($0), 2.0 * Double($0)) }
        expectEqual(delivered(FixDelivery(intervalSeconds: 7.5), walk, phase: 0.4), [0, 3, 11, 18, 26])
        // The fastest interval still holds after the first fix: the tick at 0.75 s (phase 0.1) comes too soon.
        expectEqual(delivered(FixDelivery(intervalSeconds: 7.5, fastestIntervalSeconds: 3), walk, phase: 0.1), [0, 9, 16, 24])
        expectEqual(delivered(FixDelivery(intervalSeconds: 7.5), walk, phase: 0), delivered(FixDelivery(intervalSeconds: 7.5), walk))
    }

    @Test func aPhaseShortensTheDistanceFiltersFirstMove() {
        // 1.5 m/s; phase 0.5 of 10 m: the first move needs 5 m (t 4, 6 m), then 10 m each (t 11, 18).
        let walk = (0..<20).map { (Double($0), 1.5 * Double($0)) }
        expectEqual(delivered(FixDelivery(minMoveMeters: 10), walk, phase: 0.5), [0, 4, 11, 18])
    }

    @Test func theGridSkipsTicksInAGapAndTheFastestIntervalHolds() {
        // Fixes at 0, 14.9, 15.0, 16, 22.5: ticks at 0, 7.5 (→14.9), 15 (→15.0), 22.5.
        let fixes: [(Double, Double)] = [(0, 0), (14.9, 30), (15.0, 31), (16, 40), (22.5, 60)]
        expectEqual(delivered(FixDelivery(intervalSeconds: 7.5), fixes), [0, 14.9, 15.0, 22.5])
        expectEqual(delivered(FixDelivery(intervalSeconds: 7.5, fastestIntervalSeconds: 3), fixes), [0, 14.9, 22.5])
    }

    @Test func intervalAndMinimumMoveTogether() {
        // Standing 20 s, then walking 1 m/s: the ticks while standing are computed but not delivered.
        let fixes: [(Double, Double)] = (0..<40).map { (i: Int) -> (Double, Double) in (Double(i), i < 20 ? 0 : Double(i - 20)) }
        expectEqual(delivered(FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3), fixes), [0, 30, 38])
    }

    @Test func withheldFixesOnlyMoveTheClock() {
        var filter = FixDeliveryFilter(FixDelivery(minMoveMeters: 10))
        expectEqual(filter.action(t: 0, location: north(0), accuracy: 3), .fix(t: 0, location: north(0), accuracy: 3))
        expectEqual(filter.action(t: 1, location: north(2), accuracy: 3), .advance(to: 1))
        expectEqual(filter.withheld, 1)
        expectEqual(filter.delivered, 1)
    }

    @Test func simulationAppliesTheFilterBeforeTheEngine() {
        // A walker stepping 8 m into point 1's region from 5 m outside it and standing there: with a 10 m
        // distance filter the app never learns it is inside.
        let times = (0..<30).map(Double.init)
        let metres = times.map { $0 < 8 ? -105 + $0 : -97 }
        var trace = Trace()
        for (t, m) in zip(times, metres) { trace.append(time: t, lat: north(m).lat, lng: north(m).lng) }
        let plain = Simulation.run(tour: lineTour(), trace: trace)
        expectTrue(brief(plain.events).contains("5.0 point_triggered 1"))
        let filtered = Simulation.run(tour: lineTour(), trace: trace, policy: EnginePolicy(fixDelivery: FixDelivery(minMoveMeters: 10)))
        expectTrue(!brief(filtered.events).contains { $0.hasSuffix("point_triggered 1") })
        expectEqual(filtered.withheldFixes, 29)
    }

    @Test func theSummarySaysTheRules() {
        expectEqual(FixDelivery(minMoveMeters: 10).summary, "10 m distance filter")
        expectEqual(FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3).summary, "every 7.5 s (3 s fastest), 5 m minimum move")
    }
}
