import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The probe answers "where would point p trigger with radius r" by thresholds; these tests ask the real
/// engine the same question (the tour rebuilt with p's radius changed, the walk replayed) and require the
/// same fix every time, over random tours, walks, noise and policies.
@Suite struct RadiusProbeTests {
    static let policies: [EnginePolicy] = [
        EnginePolicy(), EnginePolicy(queueDepth: 0), EnginePolicy(queueDepth: 2),
        EnginePolicy(confirmFixes: 2), EnginePolicy(queueDepth: 0, minAccuracyMeters: 25, confirmFixes: 3),
        EnginePolicy(minAccuracyMeters: 20),
        // The phones' fix delivery, probed on the delivered fixes.
        EnginePolicy(fixDelivery: FixDelivery(minMoveMeters: 10)),
        EnginePolicy(confirmFixes: 2, fixDelivery: FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3)),
        EnginePolicy(queueDepth: 0, minAccuracyMeters: 20, fixDelivery: FixDelivery(minMoveMeters: 10, intervalSeconds: 5, fastestIntervalSeconds: 2)),
    ]

    @Test(arguments: 0..<18)
    func everyProbedRadiusTriggersWhereTheEngineDoes(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 11)
        let path = FieldFixtures.zigzag(legs: 7, random: &random)
        let tour = FieldFixtures.tour(along: path, random: &random)
        let trace = FieldFixtures.walk(path, tour: tour, sigma: random.uniform(in: 0...15), jumps: 20, dropouts: 10, interval: [1, 2, 0.5][seed % 3], seed: UInt64(seed))
        let policy = Self.policies[seed % Self.policies.count]
        // Radii on a grid, plus the exact distances of a few fixes (ties at the edge decide "inside").
        var radii = stride(from: 10.0, through: 240, by: 23).map { $0 }
        for p in tour.points.indices {
            let i = Int(random.next() % UInt64(trace.count))
            radii.append(Geodesy.distance(trace.location(i), tour.points[p].location))
        }
        radii = radii.filter { $0 < 300 }
        let table = ProximityTable(pointCount: tour.points.count)
        // The probe reads the fixes the phone delivers; the engine gets the whole trace and the delivery rules.
        var fixes = FixColumns(trace)
        var origins = (0..<trace.count).map { Int32($0) }
        if let rules = policy.fixDelivery {
            var delivered = FixColumns()
            delivered.fill(deliveredFrom: fixes, rules: rules, origins: &origins)
            expectTrue(delivered.count < fixes.count)
            fixes = delivered
        }
        func original(_ fix: Int) -> Int { fix < 0 ? -1 : Int(origins[fix]) }
        table.fill(fixes, frames: tour.points.map { PointFrame($0.location) }, grid: nil, cutoff: .infinity, minAccuracy: policy.minAccuracyMeters)
        var probe = RadiusProbe(tour: tour, policy: policy, radii: radii)
        var outcome = RadiusProbe.PointOutcome()
        let baseline = FieldFixtures.engineTriggerFixes(tour, trace, policy)
        let sorted = radii.sorted()
        probe.run(fixes: fixes, table: table, into: &outcome) { p, outcome in
            expectEqual(original(outcome.baselineFix), baseline[p], "seed \(seed) point \(p + 1): baseline")
            for (j, radius) in sorted.enumerated() {
                let engine = FieldFixtures.engineTriggerFixes(FieldFixtures.tour(tour, radius: radius, at: p), trace, policy)[p]
                expectEqual(original(Int(outcome.fixes[j])), engine, "seed \(seed) point \(p + 1) radius \(radius): probe \(outcome.fixes[j]), engine \(engine)")
            }
        }
    }

    @Test func aTableWithACutoffGivesTheSameAnswersAsAFullOne() {
        var random = SplitMix64(seed: 99)
        let path = FieldFixtures.zigzag(legs: 9, random: &random)
        let tour = FieldFixtures.tour(along: path, random: &random)
        let radii = stride(from: 20.0, through: 200, by: 10).map { $0 }
        let frames = tour.points.map { PointFrame($0.location) }
        let cutoff = max(200, tour.points.map(\.radiusMeters).max()!)
        let grid = ProximityGrid(locations: tour.points.map(\.location), cutoff: cutoff)
        for seed in 0..<5 {
            let trace = FieldFixtures.walk(path, tour: tour, sigma: 12, jumps: 30, dropouts: 10, seed: UInt64(seed))
            for policy in Self.policies {
                let fixes = FixColumns(trace)
                let full = ProximityTable(pointCount: tour.points.count)
                full.fill(fixes, frames: frames, grid: nil, cutoff: .infinity, minAccuracy: policy.minAccuracyMeters)
                let near = ProximityTable(pointCount: tour.points.count)
                near.fill(fixes, frames: frames, grid: grid, cutoff: cutoff, minAccuracy: policy.minAccuracyMeters)
                let sizes: [(Int, Int)] = (0..<tour.points.count).map { (near.count($0), full.count($0)) }
                let nearTotal: Int = sizes.map(\.0).reduce(0, +)
                let fullTotal: Int = sizes.map(\.1).reduce(0, +)
                expectTrue(nearTotal < fullTotal)
                expectTrue(sizes.allSatisfy { $0.1 == full.evaluatedFixes })
                var a = RadiusProbe(tour: tour, policy: policy, radii: radii)
                var b = RadiusProbe(tour: tour, policy: policy, radii: radii)
                var outcomes: [RadiusProbe.PointOutcome] = []
                var outcome = RadiusProbe.PointOutcome()
                a.run(fixes: fixes, table: full, into: &outcome) { _, o in outcomes.append(o) }
                var index = 0
                b.run(fixes: fixes, table: near, into: &outcome) { _, o in
                    expectEqual(o, outcomes[index], "seed \(seed) point \(index + 1)")
                    index += 1
                }
            }
        }
    }

    @Test func fastDistancesStayWithinTheBandOfTheHaversine() {
        var random = SplitMix64(seed: 5)
        var worst = 0.0
        for _ in 0..<100_000 {
            let point = LatLng(lat: random.uniform(in: -75...75), lng: random.uniform(in: -179...179))
            let fix = Geodesy.destination(from: point, bearing: random.uniform(in: 0...360), distance: random.uniform(in: 0...5000))
            let exact = Geodesy.distance(fix, point)
            let fast = PointFrame(point).fastDistance(lat: fix.lat, lng: fix.lng)
            worst = max(worst, abs(fast - exact) / max(1, exact))
            expectTrue(abs(fast - exact) < PointFrame.band(exact) / 10)
        }
        expectTrue(worst < 1e-6)
    }

    @Test func fixDeliveryIsSupportedAndTheAppCursorHysteresisAndSkipMissedAreNot() {
        expectTrue(RadiusProbe.supports(EnginePolicy(queueDepth: 3, minAccuracyMeters: 10, confirmFixes: 2)))
        expectTrue(RadiusProbe.supports(EnginePolicy(fixDelivery: FixDelivery(minMoveMeters: 10))))
        expectTrue(!RadiusProbe.supports(EnginePolicy(skipMissed: true)))
        expectTrue(!RadiusProbe.supports(EnginePolicy(triggerHysteresis: true)))
        expectTrue(!RadiusProbe.supports(EnginePolicy(appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: false))))
        expectEqual(EngineProfile.allCases.filter { RadiusProbe.supports($0.policy) }, [.prd])
    }
}
