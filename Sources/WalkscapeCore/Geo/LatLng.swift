/// A position on the Earth in decimal degrees (WGS 84).
public struct LatLng: Sendable, Hashable, Codable, CustomStringConvertible {
    public var lat: Double
    public var lng: Double

    public init(lat: Double, lng: Double) {
        self.lat = lat
        self.lng = lng
    }

    /// Whether both coordinates are finite and in range (latitude −90…90, longitude −180…180).
    public var isValid: Bool {
        lat.isFinite && lng.isFinite && (-90...90).contains(lat) && (-180...180).contains(lng)
    }

    public var description: String { "\(lat),\(lng)" }
}
