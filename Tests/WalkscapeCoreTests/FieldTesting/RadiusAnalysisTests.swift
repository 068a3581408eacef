import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The radius report against answers worked out by hand: walks along straight legs past points at known
/// offsets, where closest approaches, entry and exit times have closed forms.
@Suite struct RadiusAnalysisTests {
    static let origin = LatLng(lat: 45.07, lng: 7.68)
    static let k = Geodesy.earthRadiusMeters * .pi / 180

    /// The position `east` and `north` metres from the origin (local tangent plane).
    static func at(east: Double, north: Double) -> LatLng {
        let lat = origin.lat + north / k
        return LatLng(lat: lat, lng: origin.lng + east / (k * cos(origin.lat * .pi / 180)))
    }

    /// A walk due east at `north` metres, from `from` to `to` metres east, at `speed` m/s, a fix a second.
    static func eastward(north: Double, from: Double, to: Double, speed: Double) -> Trace {
        var trace = Trace()
        trace.startSegment()
        let fixes = Int(((to - from) / speed).rounded(.down))
        for t in 0...fixes {
            let p = at(east: from + speed * Double(t), north: north)
            trace.append(time: 1_000_000 + Double(t), lat: p.lat, lng: p.lng)
        }
        return trace
    }

    @Test(arguments: [(h: 20.0, r: 80.0, v: 1.5), (h: 55.5, r: 60.0, v: 1.1), (h: 0.0, r: 100.0, v: 1.3), (h: 37.0, r: 150.0, v: 0.9)])
    func closestApproachAndTimeInsideMatchTheClosedForm(h: Double, r: Double, v: Double) {
        // The walker passes the point (at the origin) at offset h; the foot of the perpendicular is at
        // t0 = 300 / v seconds, which we make a whole second so a fix lands on it.
        let t0 = (300 / v).rounded()
        let speed = 300 / t0
        let trace = Self.eastward(north: h, from: -300, to: 300, speed: speed)
        let tour = EngineTour(points: [EngineTour.Point(order: 1, id: "a", location: Self.origin, radiusMeters: r, audioSeconds: 10)])
        let report = RadiusAnalysis(tour: tour, path: [], policy: EnginePolicy()).run([RadiusAnalysis.RecordedWalk(name: "leg", trace: trace)])
        let result = report.points[0].traces[0]

        // Closest approach: the fix at t0, exactly h away.
        expectTrue(abs(result.closestApproachMeters - h) < 1e-4)
        expectEqual(result.closestApproachT, t0)
        // Inside from the first fix within r: |x| ≤ √(r² − h²), x = speed·(t − t0).
        let halfChord = (r * r - h * h).squareRoot()
        let entry = (t0 - halfChord / speed).rounded(.up)
        // Out at the first fix beyond r + max(5, r/10) (the engine's exit hysteresis).
        let exitRadius = r + max(5, r / 10)
        let exit = (t0 + (exitRadius * exitRadius - h * h).squareRoot() / speed).rounded(.down) + 1
        expectEqual(result.firstEntryT, entry)
        expectEqual(result.secondsInside, exit - entry)
        expectEqual(result.entries, 1)
        expectTrue(result.triggered && result.triggerT == entry)
        expectTrue(abs(result.marginMeters - (r - h)) < 1e-4)
        expectTrue(abs(result.minTriggerRadiusMeters! - h) < 1e-4)
        expectTrue(result.clearRadiusMeters == nil)
    }

    @Test func theClearRadiusIsWhereTheWalkerWasWhenThePreviousAudioEnded() {
        // Point A at the origin (radius 50 m, 40 s of audio), point B 400 m east and 30 m north. Walking
        // east from 200 m west at 1 m/s, A triggers at t = 150 (x = −50) and its audio ends at t = 190
        // (x = −10): before that the walker came no closer to B than from x = −11 (the fix at t = 189),
        // √(411² + 30²) m.
        let trace = Self.eastward(north: 0, from: -200, to: 500, speed: 1)
        let tour = EngineTour(points: [
            EngineTour.Point(order: 1, id: "a", location: Self.origin, radiusMeters: 50, audioSeconds: 40),
            EngineTour.Point(order: 2, id: "b", location: Self.at(east: 400, north: 30), radiusMeters: 60, audioSeconds: 10),
        ])
        let report = RadiusAnalysis(tour: tour, path: [], policy: EnginePolicy()).run([RadiusAnalysis.RecordedWalk(name: "leg", trace: trace)])
        let a = report.points[0].traces[0]
        let b = report.points[1].traces[0]
        // (Typed constants: the literal arithmetic inside #expect took the type checker 10 s.)
        let clearRadius: Double = (411.0 * 411.0 + 900.0).squareRoot()
        // B triggers at the first fix within 60 m: x ≥ 400 − √(60² − 30²).
        let bTrigger: Double = (600.0 - (3600.0 - 900.0).squareRoot()).rounded(.up)
        expectEqual(a.triggerT, 150)
        expectTrue(abs(b.clearRadiusMeters! - clearRadius) < 1e-3)
        expectTrue(abs(b.closestApproachMeters - 30) < 1e-4)
        expectEqual(b.closestApproachT, 600)
        expectEqual(b.triggerT, bTrigger)
        // Every radius from 30 m to just under 412 m works: keep 60 m (30 + max(10, 6) ≤ 60 ≤ 412 − 10).
        expectEqual(report.points[1].recommendation.verdict, .keep)
        expectEqual(report.points[1].minRadiusAllTraces.map { abs($0 - 30) < 1e-4 }, true)
    }

    /// Issue 45, item 1: a loop tour whose last point sits beside the start. The walk sets off inside the last
    /// point's region, goes out to B and comes back; the strict sequence cannot trigger C while the walk sets
    /// off, so those fixes count neither against C's radius (clear radius) nor as its closest approach: C is
    /// advised from the return, as the probe and the engine replay both say.
    @Test(arguments: [EnginePolicy(), EnginePolicy(triggerHysteresis: true)])
    func aLoopToursLastPointBesideTheStartIsJudgedFromWhereTheSequenceCanReachIt(policy: EnginePolicy) {
        // A at the origin, B 300 m east, C 190 m west and 20 m north; the walk goes from 200 m west (22 m from C)
        // east to 300 m, then back west along the same line to 200 m west, at 1 m/s.
        var trace = Trace()
        trace.startSegment()
        for t in 0...1000 {
            let east = t <= 500 ? -200 + Double(t) : 300 - Double(t - 500)
            let p = Self.at(east: east, north: 0)
            trace.append(time: 1_000_000 + Double(t), lat: p.lat, lng: p.lng)
        }
        let tour = EngineTour(points: [
            EngineTour.Point(order: 1, id: "a", location: Self.origin, radiusMeters: 50, audioSeconds: 40),
            EngineTour.Point(order: 2, id: "b", location: Self.at(east: 300, north: 0), radiusMeters: 50, audioSeconds: 20),
            EngineTour.Point(order: 3, id: "c", location: Self.at(east: -190, north: 20), radiusMeters: 50, audioSeconds: 30),
        ])
        expectEqual(RadiusAnalysis.replaysEngine(policy), policy.triggerHysteresis)
        let report = RadiusAnalysis(tour: tour, path: [], policy: policy).run([RadiusAnalysis.RecordedWalk(name: "loop", trace: trace)])
        let c = report.points[2]
        let walk = c.traces[0]
        // B triggers at 450 m along (t = 450); its audio ends at t = 470 (x = 280 on the way back is at t = 520):
        // before then, from B's trigger on, the walker was at x ≥ 250, at least 440 m from C.
        expectEqual(report.points[1].traces[0].triggerT, 450)
        let clearRadius = try? #require(walk.clearRadiusMeters)
        expectTrue((clearRadius ?? 0) > 440, "C's clear radius \(clearRadius ?? 0) m: the start's fixes, 22 m away, were counted")
        // Its closest approach is on the way back (20 m, at x = −190, t = 990), not at the start.
        expectTrue(abs(walk.closestApproachMeters - 20) < 1e-3, "\(walk.closestApproachMeters)")
        expectEqual(walk.closestApproachT, 990)
        expectEqual(c.recommendation.verdict, .keep)
        expectTrue(walk.triggered)
    }

    @Test func aPointThatCannotBeReachedWithoutTheEarlierAudioIsNotAdvised() {
        // B sits 40 m beyond A along the walk, and A's audio lasts until the walker is past B: any radius
        // that triggers B (≥ 25 m, the passing offset) also covers where the walker was during A's audio.
        let trace = Self.eastward(north: 0, from: -100, to: 200, speed: 1)
        let tour = EngineTour(points: [
            EngineTour.Point(order: 1, id: "a", location: Self.origin, radiusMeters: 30, audioSeconds: 120),
            EngineTour.Point(order: 2, id: "b", location: Self.at(east: 40, north: 25), radiusMeters: 30, audioSeconds: 10),
        ])
        let report = RadiusAnalysis(tour: tour, path: [], policy: EnginePolicy()).run([RadiusAnalysis.RecordedWalk(name: "leg", trace: trace)])
        let b = report.points[1]
        expectEqual(b.recommendation.verdict, .noRadius)
        expectTrue(b.recommendation.radiusMeters == nil)
        expectContains(b.recommendation.reason, "but a region that large reaches where walkers were before point 1's audio ended")
        expectTrue(b.minRadiusAllTraces! >= b.maxClearRadiusMeters!)
    }

    @Test func aPointBehindAMissedOneIsBlocked() {
        let trace = Self.eastward(north: 0, from: -100, to: 400, speed: 1)
        let tour = EngineTour(points: [
            EngineTour.Point(order: 1, id: "a", location: Self.at(east: 0, north: 300), radiusMeters: 50, audioSeconds: 10),
            EngineTour.Point(order: 2, id: "b", location: Self.at(east: 200, north: 0), radiusMeters: 50, audioSeconds: 10),
        ])
        let report = RadiusAnalysis(tour: tour, path: [], policy: EnginePolicy(), sweepRadii: [100, 200, 300]).run([RadiusAnalysis.RecordedWalk(name: "leg", trace: trace)])
        expectEqual(report.points[1].traces[0].blockedBy, 1)
        expectEqual(report.points[1].recommendation.verdict, .noRadius)
        expectTrue(report.points[1].sweep.allSatisfy { $0.triggered == 0 })
        // Point 1 itself needs 300 m: the sweep says so.
        expectEqual(report.points[0].sweep.map(\.triggered), [0, 0, 1])
        expectTrue(abs(report.points[0].minRadiusAllTraces! - 300) < 1e-3)
        expectEqual(report.points[0].recommendation.verdict, .raise)
    }

    @Test(arguments: 0..<6)
    func sweepsAreMonotoneInTheRadius(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 400)
        let path = FieldFixtures.zigzag(legs: 6, random: &random)
        let tour = FieldFixtures.tour(along: path, random: &random)
        let walks = (0..<4).map { w in
            RadiusAnalysis.RecordedWalk(name: "w\(w)", trace: FieldFixtures.walk(path, tour: tour, sigma: 10, jumps: 10, dropouts: 5, seed: UInt64(seed * 10 + w)))
        }
        let radii = stride(from: 10.0, through: 250, by: 20).map { $0 }
        let policy = RadiusProbeTests.policies[seed % RadiusProbeTests.policies.count]
        let analysis = RadiusAnalysis(tour: tour, path: path, policy: policy, sweepRadii: radii,
            noise: RadiusReport.NoiseSettings(model: GPSErrorModel(sigmaMeters: 10, jumpsPerHour: 6, dropoutsPerHour: 6), runs: 5, seed: 9))
        let report = analysis.run(walks)
        for point in report.points {
            for (a, b) in zip(point.sweep, point.sweep.dropFirst()) { expectTrue(a.triggered <= b.triggered, "point \(point.order)") }
            for (a, b) in zip(point.noise, point.noise.dropFirst()) { expectTrue(a.triggered <= b.triggered, "point \(point.order)") }
            // The smallest radius triggering on every trace agrees with the sweep.
            if let minimum = point.minRadiusAllTraces, point.traces.allSatisfy({ $0.blockedBy == nil }) {
                for cell in point.sweep { expectEqual((cell.triggered == walks.count), (cell.radiusMeters >= minimum), "point \(point.order) r \(cell.radiusMeters)") }
            }
        }
    }
}
