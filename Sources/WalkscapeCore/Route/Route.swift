/// A tour's route as a line through the streets, and the field it came from.
public struct Route: Sendable, Equatable {
    /// Where the route was found in `tour.json`.
    public enum Encoding: String, Sendable {
        /// `routePolyline`: `"lat,lng;lat,lng"` (the deployed backend).
        case latLngList = "routePolyline"
        /// `routePreview.polyline`: Google's encoded polyline, precision 5 (the API draft).
        case googleEncoded = "routePreview.polyline"
    }

    public var encoding: Encoding
    public var points: [LatLng]

    public init(encoding: Encoding, points: [LatLng]) {
        self.encoding = encoding
        self.points = points
    }

    /// The route's length in metres.
    public var lengthMeters: Double { Geodesy.pathLength(points) }
}
