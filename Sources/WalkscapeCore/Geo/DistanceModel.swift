/// Which Earth the trigger engine measures distances on: the product's sphere or the WGS84 ellipsoid the
/// phones use. Both are exact for their model; they differ by up to about 0.5 % (0.42–0.45 m at 150 m east–west
/// around 45–49° N), which decides fixes grazing a region's edge.
public enum DistanceModel: String, Sendable, Equatable, CaseIterable {
    /// Haversine on a sphere of radius 6,371,008.8 m (`Geodesy.distance`): walkscape's own rule (`prd`).
    case sphere
    /// Geodesics on the WGS84 ellipsoid (`WGS84.distance`, Karney's algorithm): Android's documented
    /// `Location.distanceBetween`, and what iOS is taken to use (docs/profiles.md).
    case wgs84

    /// The distance in metres between `a` and `b` under this model.
    public func distance(_ a: LatLng, _ b: LatLng) -> Double {
        switch self {
        case .sphere: return Geodesy.distance(a, b)
        case .wgs84: return WGS84.distance(a, b)
        }
    }

    /// The names, for messages: "sphere, wgs84".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
