import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// `RoutePasses`: the legs it passes over in one test (beyond the exit radius all along) change nothing: on
/// random zigzag routes and regions, the passes equal those of a walk along every leg in 2 m steps (the
/// original rule, kept here as the reference), entries, exits and counts alike.
@Suite struct RoutePassesTests {
    /// The reference: every leg walked in steps of at most 2 m, entering at distance ≤ radius and leaving beyond
    /// radius + the engine's exit margin.
    static func reference(path: [LatLng], center: LatLng, radius: Double) -> [RoutePasses.Pass] {
        guard let first = path.first else { return [] }
        let frame = PointFrame(center)
        let exitRadius = radius + EnginePolicy.exitMargin(radius: radius)
        var passes: [RoutePasses.Pass] = []
        var inside = false
        var along = 0.0
        func visit(_ p: LatLng, at position: Double) {
            let d = frame.fastDistance(lat: p.lat, lng: p.lng)
            if !inside && d <= radius {
                inside = true
                passes.append(RoutePasses.Pass(enterAlongMeters: position, exitAlongMeters: position))
            } else if inside && d > exitRadius {
                inside = false
                passes[passes.count - 1].exitAlongMeters = position
            }
        }
        visit(first, at: 0)
        for (a, b) in zip(path, path.dropFirst()) {
            let length = Geodesy.distance(a, b)
            let steps = max(1, Int((length / 2).rounded(.up)))
            for k in 1...steps {
                let f = Double(k) / Double(steps)
                visit(LatLng(lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f), at: along + length * f)
            }
            along += length
        }
        if inside { passes[passes.count - 1].exitAlongMeters = along }
        return passes
    }

    @Test(arguments: 0..<8)
    func theLegsPassedOverChangeNothing(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 4_242)
        // A route line as a map draws one: the zigzag's legs cut into pieces of at most 15 m.
        var path: [LatLng] = []
        let corners = FieldFixtures.zigzag(legs: 12, random: &random)
        for (a, b) in zip(corners, corners.dropFirst()) {
            let pieces = max(1, Int((Geodesy.distance(a, b) / 15).rounded(.up)))
            for k in 0..<pieces {
                let f = Double(k) / Double(pieces)
                path.append(LatLng(lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f))
            }
        }
        path.append(corners[corners.count - 1])
        var passesSeen = 0
        for _ in 0..<200 {
            // A region whose edge grazes a leg: a radius from 5 to 400 m, its centre off a point of a random leg by
            // 0.5 to 1.3 radii (the legs passed over are those that stay beyond the exit radius, near it or not).
            let radius = random.uniform(in: 5...400)
            let leg = Int(random.uniform(in: 0...Double(path.count - 2)).rounded(.down))
            let f = random.uniform()
            let onLeg = LatLng(lat: path[leg].lat + (path[leg + 1].lat - path[leg].lat) * f, lng: path[leg].lng + (path[leg + 1].lng - path[leg].lng) * f)
            let center = Geodesy.destination(from: onLeg, bearing: random.uniform(in: 0...360), distance: radius * random.uniform(in: 0.5...1.3))
            let fast = RoutePasses.passes(path: path, center: center, radius: radius)
            expectEqual(fast, Self.reference(path: path, center: center, radius: radius), "seed \(seed), radius \(radius)")
            passesSeen += fast.count
        }
        expectTrue(passesSeen > 10, "only \(passesSeen) passes: the regions missed the route")
    }
}
