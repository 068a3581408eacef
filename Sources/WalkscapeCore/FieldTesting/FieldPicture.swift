/// What a field-testing picture shows: the route, each point's region (and advised radius), and the
/// walks with where each point triggered and where the walker came closest. Drawn as SVG by
/// `FieldMapSVG` and in the terminal through the TUI's map renderer.
public struct FieldPicture: Sendable {
    /// One point's region.
    public struct Region: Sendable, Equatable {
        public var order: Int
        public var title: String
        public var location: LatLng
        public var radiusMeters: Double
        /// The advised radius, drawn dashed (nil: none, or not a radius report).
        public var recommendedMeters: Double?
        /// The advice, which colours the region (nil: not a radius report).
        public var verdict: RadiusRecommendation.Verdict?

        public init(order: Int, title: String, location: LatLng, radiusMeters: Double, recommendedMeters: Double? = nil, verdict: RadiusRecommendation.Verdict? = nil) {
            self.order = order
            self.title = title
            self.location = location
            self.radiusMeters = radiusMeters
            self.recommendedMeters = recommendedMeters
            self.verdict = verdict
        }
    }

    /// A mark on a walk for one point.
    public struct Mark: Sendable, Equatable {
        public var order: Int
        public var location: LatLng

        public init(order: Int, location: LatLng) {
            self.order = order
            self.location = location
        }
    }

    /// One walk.
    public struct DrawnWalk: Sendable {
        public var name: String
        public var positions: [LatLng]
        public var triggers: [Mark]
        public var closest: [Mark]

        public init(name: String, positions: [LatLng], triggers: [Mark], closest: [Mark]) {
            self.name = name
            self.positions = positions
            self.triggers = triggers
            self.closest = closest
        }
    }

    public var title: String
    public var subtitle: String
    public var route: [LatLng]
    public var regions: [Region]
    public var walks: [DrawnWalk]

    public init(title: String, subtitle: String, route: [LatLng], regions: [Region], walks: [DrawnWalk]) {
        self.title = title
        self.subtitle = subtitle
        self.route = route
        self.regions = regions
        self.walks = walks
    }

    /// The picture of a radius report: regions coloured by advice with the advised radius dashed.
    public init(report: RadiusReport, walks: [RadiusAnalysis.RecordedWalk], route: [LatLng], titles: [Int: String], title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        self.route = route
        regions = report.points.map { point in
            Region(order: point.order, title: titles[point.order] ?? point.id, location: point.location, radiusMeters: point.radiusMeters,
                recommendedMeters: point.recommendation.radiusMeters, verdict: point.recommendation.verdict)
        }
        self.walks = walks.enumerated().map { w, walk in
            DrawnWalk(
                name: walk.name, positions: (0..<walk.trace.count).map(walk.trace.location),
                triggers: report.points.compactMap { point in point.traces[w].triggerLocation.map { Mark(order: point.order, location: $0) } },
                closest: report.points.compactMap { point in point.traces[w].closestApproachLocation.map { Mark(order: point.order, location: $0) } })
        }
    }

    /// The picture of one simulated walk: the tour's regions, where the timeline triggered each point and
    /// the fix nearest each point.
    public init(timeline: Timeline, trace: Trace, traceName: String, tour: EngineTour, route: [LatLng], titles: [Int: String], title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        self.route = route
        regions = tour.points.map { Region(order: $0.order, title: titles[$0.order] ?? $0.id, location: $0.location, radiusMeters: $0.radiusMeters) }
        let triggers = timeline.events.compactMap { event -> Mark? in
            guard event.kind == .pointTriggered, let order = event.point, let location = event.location else { return nil }
            return Mark(order: order, location: location)
        }
        var closest: [Mark] = []
        for point in tour.points {
            let frame = PointFrame(point.location)
            var best = (distance: Double.infinity, index: -1)
            for i in 0..<trace.count {
                let d = frame.exactDistance(lat: trace.latitudes[i], lng: trace.longitudes[i])
                if d < best.distance { best = (d, i) }
            }
            if best.index >= 0 { closest.append(Mark(order: point.order, location: trace.location(best.index))) }
        }
        walks = [DrawnWalk(name: traceName, positions: (0..<trace.count).map(trace.location), triggers: triggers, closest: closest)]
    }
}
