import Foundation
@testable import WalkscapeCore

/// Field-testing fixtures: a zig-zag city walk with points beside it, and random walks along it.
enum FieldFixtures {
    static let origin = LatLng(lat: 45.07, lng: 7.68)

    /// A path of `legs` legs of 250–450 m turning left and right, from `origin`.
    static func zigzag(legs: Int, random: inout SplitMix64) -> [LatLng] {
        var path = [origin]
        var bearing = 40.0
        for _ in 0..<legs {
            bearing += random.uniform(in: -70...70)
            path.append(Geodesy.destination(from: path[path.count - 1], bearing: bearing, distance: random.uniform(in: 250...450)))
        }
        return path
    }

    /// A tour with a point near each corner of `path` (after the first), 0–60 m off it, radius 40–160 m,
    /// audio 0–70 s (sometimes exactly 0, to reach the engine's edge cases).
    static func tour(along path: [LatLng], random: inout SplitMix64) -> EngineTour {
        EngineTour(points: path.dropFirst().enumerated().map { k, corner in
            let location = Geodesy.destination(from: corner, bearing: random.uniform(in: 0...360), distance: random.uniform(in: 0...60))
            let audio = random.uniform() < 0.1 ? 0 : random.uniform(in: 5...70)
            return EngineTour.Point(order: k + 1, id: "p\(k + 1)", location: location, radiusMeters: random.uniform(in: 40...160), audioSeconds: audio)
        })
    }

    /// A walk along `path` pausing at each point for its audio, with GPS errors.
    static func walk(_ path: [LatLng], tour: EngineTour, sigma: Double, jumps: Double, dropouts: Double, interval: Double = 1, seed: UInt64) -> Trace {
        let pauses = SyntheticWalk.pauses(along: path, at: tour.points.map { ($0.location, $0.audioSeconds) })
        let walk = SyntheticWalk(
            path: path, pauses: pauses, meanSpeed: 1.3, interval: interval,
            errors: GPSErrorModel(sigmaMeters: sigma, jumpsPerHour: jumps, dropoutsPerHour: dropouts))
        return walk.generate(seed: seed)
    }

    /// `tour` with point `index`'s radius replaced.
    static func tour(_ tour: EngineTour, radius: Double, at index: Int) -> EngineTour {
        var points = tour.points
        points[index].radiusMeters = radius
        return EngineTour(points: points)
    }

    /// The fix index of each point's `point_triggered` event in the engine's timeline (-1: never), every fix
    /// passed through the policy's fix delivery as `Simulation.run` does.
    static func engineTriggerFixes(_ tour: EngineTour, _ trace: Trace, _ policy: EnginePolicy) -> [Int] {
        var fixes = Array(repeating: -1, count: tour.points.count)
        var state = EngineState(tour: tour, policy: policy)
        var delivery = FixDeliveryFilter(policy.fixDelivery, distance: policy.distanceModel)
        _ = TriggerEngine.reduce(&state, .start)
        let start = trace.times.first ?? 0
        for i in 0..<trace.count {
            let accuracy = policy.minAccuracyMeters != nil ? trace.effectiveAccuracy(i) : .nan
            let action = delivery.action(t: trace.times[i] - start, location: trace.location(i), accuracy: accuracy)
            for event in TriggerEngine.reduce(&state, action) where event.kind == .pointTriggered {
                fixes[event.point! - 1] = i
            }
        }
        return fixes
    }

    /// Brute force: the time of each point's first `point_triggered` in `Simulation.run`'s timeline (nil:
    /// never).
    static func simulatedTriggerTimes(_ tour: EngineTour, _ trace: Trace, _ policy: EnginePolicy) -> [Double?] {
        var times = [Double?](repeating: nil, count: tour.points.count)
        for event in Simulation.run(tour: tour, trace: trace, policy: policy).events where event.kind == .pointTriggered {
            if times[event.point! - 1] == nil { times[event.point! - 1] = event.t }
        }
        return times
    }

    /// Every profile's policy, and `prd` with skipping: the policies the radius analysis must answer.
    static let profilePolicies: [(name: String, policy: EnginePolicy)] =
        EngineProfile.allCases.map { ($0.rawValue, $0.policy) } + [("prd --skip-missed", EnginePolicy(skipMissed: true))]
}
