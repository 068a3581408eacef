import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The exact path of the radius analysis: `EngineRadiusReplay` against brute force (`Simulation.run` on the
/// tour with one radius changed), for every profile and `--skip-missed`; its bisection against a scan of
/// every critical radius; and the whole report against brute force and, where the probe applies, against
/// the probe's report.
@Suite struct EngineRadiusReplayTests {
    /// A random tour along a zig-zag and a noisy walk along it (seeded).
    static func setUp(seed: Int, legs: Int = 6) -> (EngineTour, Trace, SplitMix64) {
        var random = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 17)
        let path = FieldFixtures.zigzag(legs: legs, random: &random)
        let tour = FieldFixtures.tour(along: path, random: &random)
        let trace = FieldFixtures.walk(path, tour: tour, sigma: random.uniform(in: 3...15), jumps: 30, dropouts: 10, interval: [1, 2, 0.5][seed % 3], seed: UInt64(seed))
        return (tour, trace, random)
    }

    @Test(arguments: 0..<12)
    func everyRadiusTriggersWhenSimulationSaysSo(seed: Int) {
        let (tour, trace, random) = Self.setUp(seed: seed)
        var rng = random
        let (name, policy) = FieldFixtures.profilePolicies[seed % FieldFixtures.profilePolicies.count]
        let replay = EngineRadiusReplay(tour: tour, policy: policy)
        let walk = EngineRadiusReplay.DeliveredFixes(FixColumns(trace), rules: policy.fixDelivery, distance: policy.distanceModel)
        expectEqual(replay.triggerTimes(walk: walk), FieldFixtures.simulatedTriggerTimes(tour, trace, policy), "\(name) seed \(seed): baseline")
        for p in tour.points.indices {
            // A grid of radii, and the exact distances of a few fixes (ties at the edge decide "inside").
            var radii = stride(from: 15.0, through: 250, by: 47).map { $0 }
            for _ in 0..<3 { radii.append(policy.distanceModel.distance(trace.location(Int(rng.next() % UInt64(trace.count))), tour.points[p].location)) }
            for radius in radii where radius < 400 {
                let expected = FieldFixtures.simulatedTriggerTimes(FieldFixtures.tour(tour, radius: radius, at: p), trace, policy)[p]
                let got = replay.triggerTime(point: p, radius: radius, walk: walk)
                expectEqual(got, expected, "\(name) seed \(seed) point \(p + 1) radius \(radius): replay \(String(describing: got)), simulation \(String(describing: expected))")
            }
        }
    }

    @Test(arguments: 0..<4)
    func theBisectedMinimumIsTheFirstCriticalRadiusThatTriggers(seed: Int) {
        // The bisection assumes triggering is monotone in the radius; a scan of every critical radius from
        // the smallest does not, and must find the same radius — for every profile and skipping.
        let (tour, trace, _) = Self.setUp(seed: seed + 100, legs: 4)
        for (name, policy) in FieldFixtures.profilePolicies {
            let replay = EngineRadiusReplay(tour: tour, policy: policy)
            let walk = EngineRadiusReplay.DeliveredFixes(FixColumns(trace), rules: policy.fixDelivery, distance: policy.distanceModel)
            let gate = policy.minAccuracyMeters ?? .infinity
            let evaluated = (0..<trace.count).filter { walk.delivered[$0] && !(trace.effectiveAccuracy($0) > gate) }
            for p in tour.points.indices {
                let distances = evaluated.map { policy.distanceModel.distance(trace.location($0), tour.points[p].location) }
                // The critical radii up to 300 m (every one is a replay; beyond, regions cover most of the walk).
                let candidates = EngineRadiusReplay.criticalRadii(distances: distances, hysteresis: policy.triggerHysteresis).filter { $0 <= 300 }
                let outcomes = candidates.map { replay.triggerTime(point: p, radius: $0, walk: walk) != nil }
                let scanned = zip(candidates, outcomes).first { $0.1 }?.0
                expectEqual(replay.minimumTriggerRadius(point: p, walk: walk, candidates: candidates), scanned, "\(name) seed \(seed) point \(p + 1)")
                // Monotone: once a radius triggers, every larger one does.
                if let first = outcomes.firstIndex(of: true) { expectTrue(!outcomes[first...].contains(false), "\(name) seed \(seed) point \(p + 1): not monotone") }
                // Just below the minimum, the point does not trigger.
                if let minimum = scanned, minimum > 0 {
                    expectTrue(replay.triggerTime(point: p, radius: minimum.nextDown, walk: walk) == nil, "\(name) seed \(seed) point \(p + 1)")
                }
            }
        }
    }

    @Test func theSmallestRadiusWhoseExitReachesADistanceIsExact() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<20_000 {
            let d = random.uniform() < 0.3 ? random.uniform(in: 5...60) : random.uniform(in: 5...3000)
            let r = EngineRadiusReplay.smallestRadius(exitReaching: d)
            expectTrue(r + EnginePolicy.exitMargin(radius: r) >= d)
            expectTrue(r.nextDown + EnginePolicy.exitMargin(radius: r.nextDown) < d)
        }
        // Distances at and near 5 m (radii near 0, where the doubles are densest: stepping one ulp at a time there
        // took billions of steps) and below it, and the seams at 55 m; each answered at once and exactly.
        let edges: [Double] = [5, 5.nextUp, 5.nextDown, 5 + 1e-15, 5 - 1e-15, 4.999999, 0, 1e-300, 0.5, 55, 55.nextUp, 55.nextDown, 1e7]
        for d in edges {
            let r = EngineRadiusReplay.smallestRadius(exitReaching: d)
            expectTrue(r + EnginePolicy.exitMargin(radius: r) >= d, "\(d): \(r)")
            expectTrue(r.nextDown + EnginePolicy.exitMargin(radius: r.nextDown) < d, "\(d): \(r) is not the smallest")
        }
    }

    @Test(arguments: 0..<6)
    func reportsSweepsAndNoiseTrialsAreBruteForceForEveryProfile(seed: Int) {
        let (name, policy) = FieldFixtures.profilePolicies[seed % FieldFixtures.profilePolicies.count]
        var random = SplitMix64(seed: UInt64(seed) &+ 900)
        let path = FieldFixtures.zigzag(legs: 4, random: &random)
        let tour = FieldFixtures.tour(along: path, random: &random)
        let walks = (0..<3).map { w in
            RadiusAnalysis.RecordedWalk(name: "w\(w)", trace: FieldFixtures.walk(path, tour: tour, sigma: 8, jumps: 20, dropouts: 6, seed: UInt64(seed * 10 + w)))
        }
        let radii = [20.0, 60, 110, 170]
        let settings = RadiusReport.NoiseSettings(model: GPSErrorModel(sigmaMeters: 10, jumpsPerHour: 6, dropoutsPerHour: 6), runs: 3, seed: 5)
        let analysis = RadiusAnalysis(tour: tour, path: path, policy: policy, sweepRadii: radii, noise: settings)
        expectEqual(analysis.replaysEngine, (name != "prd"))
        let report = analysis.run(walks)
        for (p, point) in report.points.enumerated() {
            for (j, radius) in radii.enumerated() {
                let changed = FieldFixtures.tour(tour, radius: radius, at: p)
                var triggered = 0
                var delay = 0.0
                for (w, walk) in walks.enumerated() {
                    guard let t = FieldFixtures.simulatedTriggerTimes(changed, walk.trace, policy)[p] else { continue }
                    triggered += 1
                    delay += t - point.traces[w].closestApproachT!
                }
                expectEqual(point.sweep[j].triggered, triggered, "\(name) point \(p + 1) radius \(radius)")
                if triggered > 0 { expectTrue(abs(point.sweep[j].meanTriggerDelaySeconds! - delay / Double(triggered)) < 1e-9) }
                var noisyTriggers = 0
                for (w, walk) in walks.enumerated() {
                    for run in 0..<settings.runs {
                        let noisy = RadiusAnalysis.noisyTrace(walk.trace, walk: w, run: run, settings: settings)
                        if FieldFixtures.simulatedTriggerTimes(changed, noisy, policy)[p] != nil { noisyTriggers += 1 }
                    }
                }
                expectEqual(point.noise[j].triggered, noisyTriggers, "\(name) point \(p + 1) radius \(radius): noise")
            }
            // What happened is the engine's, and the smallest triggering radius triggers while just under it
            // does not.
            for (w, walk) in walks.enumerated() {
                let result = point.traces[w]
                expectEqual(result.triggerT, FieldFixtures.simulatedTriggerTimes(tour, walk.trace, policy)[p])
                if let minimum = result.minTriggerRadiusMeters {
                    expectTrue(FieldFixtures.simulatedTriggerTimes(FieldFixtures.tour(tour, radius: minimum, at: p), walk.trace, policy)[p] != nil)
                    expectTrue(FieldFixtures.simulatedTriggerTimes(FieldFixtures.tour(tour, radius: minimum.nextDown, at: p), walk.trace, policy)[p] == nil, "\(name) point \(p + 1) \(walk.name)")
                }
            }
        }
    }

    @Test(arguments: 0..<4)
    func theReplayPathGivesTheProbesReportWhereBothApply(seed: Int) {
        // prd and a phone's fix delivery under walkscape's queue: the probe models both, and the engine
        // replay must give the very same report.
        var random = SplitMix64(seed: UInt64(seed) &+ 77)
        let path = FieldFixtures.zigzag(legs: 5, random: &random)
        let tour = FieldFixtures.tour(along: path, random: &random)
        let walks = (0..<3).map { w in
            RadiusAnalysis.RecordedWalk(name: "w\(w)", trace: FieldFixtures.walk(path, tour: tour, sigma: 9, jumps: 20, dropouts: 6, seed: UInt64(seed * 7 + w)))
        }
        let policies = [EnginePolicy(), EnginePolicy(confirmFixes: 2, fixDelivery: FixDelivery(minMoveMeters: 10)),
                        EnginePolicy(queueDepth: 0, fixDelivery: FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3))]
        let policy = policies[seed % policies.count]
        let analysis = RadiusAnalysis(tour: tour, path: path, policy: policy, sweepRadii: [30, 80, 130, 180])
        expectTrue(!analysis.replaysEngine)
        let probed = analysis.run(walks)
        let table = ProximityTable(pointCount: tour.points.count)
        var probe = RadiusProbe(tour: tour, policy: policy, radii: analysis.sweepRadii)
        let grid = ProximityGrid(locations: tour.points.map(\.location), cutoff: analysis.cutoff)
        for walk in walks {
            let a = analysis.analyze(walk, table: table, grid: grid, probe: &probe)
            let b = analysis.analyzeByReplay(walk)
            expectEqual(a.fixesDelivered, b.fixesDelivered)
            for p in tour.points.indices {
                let x = a.points[p]
                let y = b.points[p]
                expectEqual(x.closestApproachT, y.closestApproachT, "seed \(seed) point \(p + 1)")
                expectTrue(abs(x.closestApproachMeters - y.closestApproachMeters) < 1e-9 || x.closestApproachMeters == y.closestApproachMeters)
                expectEqual(x.minTriggerRadiusMeters, y.minTriggerRadiusMeters, "seed \(seed) point \(p + 1): min \(String(describing: x.minTriggerRadiusMeters)) vs \(String(describing: y.minTriggerRadiusMeters))")
                expectEqual(x.clearRadiusMeters, y.clearRadiusMeters, "seed \(seed) point \(p + 1): clear")
                expectEqual(x.blockedBy, y.blockedBy)
                expectTrue(x.triggerT == y.triggerT && x.entries == y.entries && x.secondsInside == y.secondsInside)
                for j in analysis.sweepRadii.indices {
                    let s = a.sweepTimes[p][j], t = b.sweepTimes[p][j]
                    expectTrue(s == t || (s.isNaN && t.isNaN), "seed \(seed) point \(p + 1) radius \(analysis.sweepRadii[j])")
                }
            }
        }
        expectTrue(probed.fixesDelivered <= probed.fixes)
        expectEqual((probed.fixesDelivered < probed.fixes), (policy.fixDelivery != nil))
    }

    @Test func theIOSReFireIsCountedPerPointAndTrace() {
        // Standing at the edge of point 1's region: in, out (beyond the radius), in again while it plays.
        let tour = EngineTour(points: [
            EngineTour.Point(order: 1, id: "a", location: RadiusAnalysisTests.origin, radiusMeters: 50, audioSeconds: 120),
            EngineTour.Point(order: 2, id: "b", location: RadiusAnalysisTests.at(east: 600, north: 0), radiusMeters: 50, audioSeconds: 10),
        ])
        var trace = Trace()
        trace.startSegment()
        let offsets: [Double] = [-100, -80, -60, -40, -20, -40, -70, -40, -70, -40, -70, -40, 0, 100, 200, 300, 400, 500, 600, 610]
        for (k, east) in offsets.enumerated() {
            let p = RadiusAnalysisTests.at(east: east, north: 0)
            trace.append(time: 1_000_000 + Double(k * 4), lat: p.lat, lng: p.lng)
        }
        let walks = [RadiusAnalysis.RecordedWalk(name: "edge", trace: trace)]
        let ios = RadiusAnalysis(tour: tour, path: [], policy: EngineProfile.ios5c84126.policy).run(walks)
        let refires = Simulation.run(tour: tour, trace: trace, policy: EngineProfile.ios5c84126.policy).events.filter { $0.kind == .pointRefired }.count
        expectEqual(refires, 3)
        expectEqual(ios.points[0].traces[0].refires, refires)
        expectEqual(ios.points[1].traces[0].refires, 0)
        expectEqual(ios.refires, refires)
        expectEqual(ios.engineReplayReason, "the app cursor, re-fire on re-entry, wgs84 distances")
        let android = RadiusAnalysis(tour: tour, path: [], policy: EngineProfile.android5c84126.policy).run(walks)
        expectEqual(android.refires, 0)
        expectTrue(RadiusAnalysis(tour: tour, path: [], policy: .standard).run(walks).engineReplayReason == nil)
    }
}
