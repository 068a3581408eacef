import Foundation

/// Distances and bearings on a spherical Earth.
///
/// Every distance in walkscape is the haversine great-circle distance with the mean Earth radius
/// R = 6,371,008.8 m (IUGG), so that the engine, the validator and the reports agree to the millimetre.
public enum Geodesy {
    /// The mean Earth radius in metres (IUGG R1).
    public static let earthRadiusMeters = 6_371_008.8

    @inline(__always) static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    @inline(__always) static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// The great-circle distance in metres between two positions (haversine formula).
    public static func distance(_ a: LatLng, _ b: LatLng) -> Double {
        let phi1 = radians(a.lat)
        let phi2 = radians(b.lat)
        let dPhi = phi2 - phi1
        let dLambda = radians(b.lng - a.lng)
        let s1 = sin(dPhi / 2)
        let s2 = sin(dLambda / 2)
        let h = s1 * s1 + cos(phi1) * cos(phi2) * s2 * s2
        return 2 * earthRadiusMeters * atan2(h.squareRoot(), max(0, 1 - h).squareRoot())
    }

    /// The initial bearing in degrees clockwise from true north (0 ..< 360) to go from `a` to `b`.
    public static func initialBearing(from a: LatLng, to b: LatLng) -> Double {
        let phi1 = radians(a.lat)
        let phi2 = radians(b.lat)
        let dLambda = radians(b.lng - a.lng)
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        let bearing = degrees(atan2(y, x))
        let normalized = bearing.truncatingRemainder(dividingBy: 360)
        return normalized < 0 ? normalized + 360 : normalized
    }

    /// The position reached by going `distance` metres from `start` on the initial `bearing` (degrees).
    public static func destination(from start: LatLng, bearing: Double, distance: Double) -> LatLng {
        let delta = distance / earthRadiusMeters
        let theta = radians(bearing)
        let phi1 = radians(start.lat)
        let lambda1 = radians(start.lng)
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        var lng = degrees(lambda2)
        lng = (lng + 540).truncatingRemainder(dividingBy: 360) - 180
        return LatLng(lat: degrees(phi2), lng: lng)
    }

    /// The length in metres of a path through `points`, the sum of the distances between neighbours.
    public static func pathLength(_ points: [LatLng]) -> Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += distance(points[i - 1], points[i]) }
        return total
    }

    /// The shortest distance in metres from `p` to the path through `points` (segments treated as
    /// straight on a local equirectangular projection, accurate to centimetres over city distances).
    public static func distance(from p: LatLng, toPath points: [LatLng]) -> Double {
        guard let first = points.first else { return .infinity }
        guard points.count > 1 else { return distance(p, first) }
        let cosLat = cos(radians(p.lat))
        func project(_ q: LatLng) -> (x: Double, y: Double) {
            (radians(q.lng - p.lng) * cosLat * earthRadiusMeters, radians(q.lat - p.lat) * earthRadiusMeters)
        }
        var best = Double.infinity
        var a = project(points[0])
        for i in 1..<points.count {
            let b = project(points[i])
            let dx = b.x - a.x
            let dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            var t = lengthSquared > 0 ? -(a.x * dx + a.y * dy) / lengthSquared : 0
            t = max(0, min(1, t))
            let cx = a.x + t * dx
            let cy = a.y + t * dy
            best = min(best, (cx * cx + cy * cy).squareRoot())
            a = b
        }
        return best
    }
}
