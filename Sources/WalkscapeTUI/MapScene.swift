import WalkscapeCore

/// What the route map shows: the route, the points with their regions and states, and the walker.
public struct MapScene: Sendable, Equatable {
    /// A point's state on the map, each drawn distinctly.
    public enum PointState: Sendable, Equatable {
        case visited, playing, queued, next, later, skipped
    }

    /// One point on the map.
    public struct Point: Sendable, Equatable {
        public var order: Int
        public var location: LatLng
        public var radiusMeters: Double
        public var state: PointState
        /// A second radius drawn dashed (a recommended radius in reports), if any.
        public var alternativeRadiusMeters: Double?

        public init(order: Int, location: LatLng, radiusMeters: Double, state: PointState, alternativeRadiusMeters: Double? = nil) {
            self.order = order
            self.location = location
            self.radiusMeters = radiusMeters
            self.state = state
            self.alternativeRadiusMeters = alternativeRadiusMeters
        }
    }

    public var route: [LatLng]
    public var points: [Point]
    public var walker: LatLng?
    /// The walker's recent positions, oldest first.
    public var trail: [LatLng]
    /// Recorded walks drawn under the route (field-testing reports), each oldest first.
    public var tracks: [[LatLng]]

    public init(route: [LatLng], points: [Point], walker: LatLng? = nil, trail: [LatLng] = [], tracks: [[LatLng]] = []) {
        self.route = route
        self.points = points
        self.walker = walker
        self.trail = trail
        self.tracks = tracks
    }

    /// Everything that should be visible when the map is fitted to the route: the route, every point and
    /// its region.
    public var extent: [LatLng] {
        var all = route
        for point in points {
            all.append(point.location)
            for bearing in [0.0, 90, 180, 270] {
                all.append(Geodesy.destination(from: point.location, bearing: bearing, distance: point.radiusMeters))
            }
        }
        return all
    }
}
