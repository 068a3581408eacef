import Foundation

/// A point's position prepared for fast distances.
public struct PointFrame: Sendable {
    public var lat: Double
    public var lng: Double
    let cosLat: Double
    let sinLat: Double

    static let metersPerDegree = Geodesy.earthRadiusMeters * .pi / 180

    public init(_ location: LatLng) {
        lat = location.lat
        lng = location.lng
        cosLat = cos(location.lat * .pi / 180)
        sinLat = sin(location.lat * .pi / 180)
    }

    /// How close to a threshold `r` a fast estimate must be for the exact distance to decide.
    @inline(__always)
    public static func band(_ r: Double) -> Double { r.isFinite ? 1e-4 * r + 0.01 : 0 }

    /// The squares of r − band and r + band: a squared fast distance below the first is surely inside,
    /// above the second surely outside.
    @inline(__always)
    public static func squaredBand(_ r: Double) -> (inner: Double, outer: Double) {
        let band = band(r)
        let inner = max(0, r - band)
        return (inner * inner, (r + band) * (r + band))
    }

    /// A local equirectangular distance with the cosine of the mid-latitude to first order: within 1e-6
    /// (relative) of the haversine distance at city scale.
    @inline(__always)
    public func fastDistance(lat fixLat: Double, lng fixLng: Double) -> Double {
        fastDistanceSquared(lat: fixLat, lng: fixLng).squareRoot()
    }

    /// The square of `fastDistance` (no square root: comparisons with squared thresholds).
    @inline(__always)
    public func fastDistanceSquared(lat fixLat: Double, lng fixLng: Double) -> Double {
        let dLat = fixLat - lat
        var dLng = fixLng - lng
        if dLng > 180 { dLng -= 360 } else if dLng < -180 { dLng += 360 }
        let dy = dLat * Self.metersPerDegree
        let scale = cosLat - sinLat * (dLat * .pi / 360)
        let dx = dLng * Self.metersPerDegree * scale
        return dx * dx + dy * dy
    }

    /// The exact distance the engine compares with radii (haversine, fix first).
    @inline(__always)
    public func exactDistance(lat fixLat: Double, lng fixLng: Double) -> Double {
        Geodesy.distance(LatLng(lat: fixLat, lng: fixLng), LatLng(lat: lat, lng: lng))
    }
}
