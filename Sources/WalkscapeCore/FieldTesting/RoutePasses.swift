import Foundation

/// How many separate times a path goes through a circular region: a loop or a street walked out and back
/// passes a point twice, and a region that large will see the walker twice.
///
/// The path is followed in steps of at most `step` metres; like the engine, it enters at distance ≤ radius
/// and leaves only beyond radius + max(5 m, 10 % of the radius), so grazing the edge counts once.
public enum RoutePasses {
    /// One pass: where along the path (metres) it enters and leaves the region (the path's end if it never leaves).
    public struct Pass: Sendable, Equatable {
        public var enterAlongMeters: Double
        public var exitAlongMeters: Double
    }

    public static func passes(path: [LatLng], center: LatLng, radius: Double, step: Double = 2) -> [Pass] {
        guard let first = path.first else { return [] }
        let frame = PointFrame(center)
        let exitRadius = radius + EnginePolicy.exitMargin(radius: radius)
        var passes: [Pass] = []
        var inside = false
        var along = 0.0
        func visit(_ p: LatLng, at position: Double) {
            let d = frame.fastDistance(lat: p.lat, lng: p.lng)
            if !inside && d <= radius {
                inside = true
                passes.append(Pass(enterAlongMeters: position, exitAlongMeters: position))
            } else if inside && d > exitRadius {
                inside = false
                passes[passes.count - 1].exitAlongMeters = position
            }
        }
        visit(first, at: 0)
        var distanceToA = frame.fastDistance(lat: first.lat, lng: first.lng)
        for (a, b) in zip(path, path.dropFirst()) {
            let length = Geodesy.distance(a, b)
            let steps = max(1, Int((length / max(0.1, step)).rounded(.up)))
            let distanceToB = frame.fastDistance(lat: b.lat, lng: b.lng)
            defer { distanceToA = distanceToB }
            // A leg whose every position is beyond the exit radius (no point of it nearer than its nearer end less
            // its length, with room for the fast distance's error) changes nothing but a pass's exit, at its first
            // step: one test instead of a visit every `step` metres (a tour of 2,000 points along 160 km made
            // `radii` walk the whole route once a point: 38 s in the debug build).
            if min(distanceToA, distanceToB) - length * 1.001 > exitRadius + 1 {
                if inside {
                    inside = false
                    passes[passes.count - 1].exitAlongMeters = along + length / Double(steps)
                }
                along += length
                continue
            }
            for k in 1...steps {
                let f = Double(k) / Double(steps)
                visit(LatLng(lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f), at: along + length * f)
            }
            along += length
        }
        if inside { passes[passes.count - 1].exitAlongMeters = along }
        return passes
    }
}
