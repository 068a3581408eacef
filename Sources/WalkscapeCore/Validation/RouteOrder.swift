import Foundation

/// Whether a tour's points are numbered in the order its route passes them: the narrations play strictly in
/// `order`, so a point the route reaches before the one numbered ahead of it is never heard by a walker who
/// follows the route (its region is left behind before it may play).
public enum RouteOrder {
    /// The points numbered against `route`, with the point before them in order and where the route reaches each
    /// (metres along it, where it comes nearest within the region); a route that passes a region
    /// more than once (a loop back to the start) offers each pass, and each point takes the first pass at or after
    /// the point before it, so a loop tour's last point, beside its first, is reached at the end.
    public static func pointsAgainstTheRoute(_ points: [TourPoint], route: [LatLng]) -> [(point: TourPoint, before: TourPoint, at: Double, previousAt: Double)] {
        guard route.count > 1 else { return [] }
        var found: [(point: TourPoint, before: TourPoint, at: Double, previousAt: Double)] = []
        var reached: (point: TourPoint, at: Double)?
        for point in points {
            let passes = passes(of: point, along: route)
            guard let first = passes.first else { continue }  // off the route: said above
            guard let previous = reached else {
                reached = (point, first)
                continue
            }
            if let next = passes.first(where: { $0 >= previous.at }) {
                reached = (point, next)
            } else {
                found.append((point, previous.point, passes.last ?? first, previous.at))
                // Go on from where the route really reaches it: one swap is one warning, not one per later point.
                reached = (point, passes.last ?? first)
            }
        }
        return found
    }

    /// Metres along `route` where it enters `point`'s region, one per pass (a run of segments within the
    /// radius is one pass, placed at its nearest approach). One linear walk over the route.
    static func passes(of point: TourPoint, along route: [LatLng]) -> [Double] {
        var passes: [Double] = []
        var along = 0.0
        var inside: (distance: Double, at: Double)?
        for index in 1..<route.count {
            let (distance, offset, length) = project(point.location, from: route[index - 1], to: route[index])
            if distance <= point.triggerRadiusMeters {
                if inside == nil || distance < inside!.distance { inside = (distance, along + offset) }
            } else if let pass = inside {
                passes.append(pass.at)
                inside = nil
            }
            along += length
        }
        if let pass = inside { passes.append(pass.at) }
        return passes
    }

    /// `p`'s distance from the segment `a`–`b` and how far along it (both in metres) its nearest point lies,
    /// and the segment's length: a local plane around `a` (segments of a walking route are short).
    static func project(_ p: LatLng, from a: LatLng, to b: LatLng) -> (distance: Double, offset: Double, length: Double) {
        let metresPerDegree = 111_195.0
        let scale = cos(a.lat * .pi / 180)
        let bx = (b.lng - a.lng) * scale * metresPerDegree, by = (b.lat - a.lat) * metresPerDegree
        let px = (p.lng - a.lng) * scale * metresPerDegree, py = (p.lat - a.lat) * metresPerDegree
        let squared = bx * bx + by * by
        let length = squared.squareRoot()
        let t = squared > 0 ? min(1, max(0, (px * bx + py * by) / squared)) : 0
        let dx = px - t * bx, dy = py - t * by
        return ((dx * dx + dy * dy).squareRoot(), t * length, length)
    }
}
