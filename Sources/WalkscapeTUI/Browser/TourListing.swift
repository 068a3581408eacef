import WalkscapeCore

/// One tour as the catalogue and tour detail screens show it: its texts in the chosen language, its figures,
/// whether it can be played, the walks (traces) offered for it, and a small map of its route.
public struct TourListing: Sendable, Equatable {
    /// Whether a tour can start ("Option B": only a fully downloaded tour plays).
    public enum Availability: Sendable, Equatable {
        case ready
        /// Files are missing or corrupt: what, the command that fixes it, and whether the screen can run it.
        case notDownloaded(problems: [String], fix: String, offer: DownloadOffer = .unknownSource)
        /// The tour cannot be read at all: why.
        case broken(String)
    }

    /// What `d` can do for a tour that is not fully downloaded.
    public enum DownloadOffer: Sendable, Equatable {
        /// The command is complete (the tour records where it was downloaded from, `host`, which the screen
        /// shows before anything is sent there): the screen can run it.
        case runnable(host: String)
        /// The tour records where it came from, but it is protected and no token was given.
        case needsToken
        /// The tour does not record where it came from: the command needs the API's address.
        case unknownSource

        public var isRunnable: Bool {
            if case .runnable = self { return true }
            return false
        }
    }

    /// A walk offered for the tour: a recorded trace file, or (no path) a walk made up along the route.
    public struct WalkChoice: Sendable, Equatable {
        public var name: String
        /// The trace file; nil for a synthetic walk along the route (`walkscape synth`'s, pausing at points).
        public var path: String?
        public init(name: String, path: String?) {
            self.name = name
            self.path = path
        }
    }

    public var id: String
    public var directory: String
    public var title: String
    public var description: String
    public var city: String
    public var durationMinutes: Double
    public var distanceKm: Double
    public var languages: [String]
    public var isProtected: Bool
    public var availability: Availability
    public var pointTitles: [String]
    public var route: [LatLng]
    public var points: [MapScene.Point]
    public var walks: [WalkChoice]
    /// The tour's offline map under the route on the detail screen, when the tour has tiles.
    public var underlay: MapUnderlay?

    public init(
        id: String, directory: String, title: String, description: String, city: String, durationMinutes: Double, distanceKm: Double,
        languages: [String], isProtected: Bool, availability: Availability, pointTitles: [String] = [], route: [LatLng] = [],
        points: [MapScene.Point] = [], walks: [WalkChoice] = [], underlay: MapUnderlay? = nil
    ) {
        self.id = id
        self.directory = directory
        self.title = title
        self.description = description
        self.city = city
        self.durationMinutes = durationMinutes
        self.distanceKm = distanceKm
        self.languages = languages
        self.isProtected = isProtected
        self.availability = availability
        self.pointTitles = pointTitles
        self.route = route
        self.points = points
        self.walks = walks
        self.underlay = underlay
    }

    /// The route map's scene: the route (the stops joined in order when the tour has none, as `info` says
    /// and the player draws it) and every point, none visited yet.
    public var scene: MapScene {
        MapScene(route: route.count >= 2 ? route : points.sorted { $0.order < $1.order }.map(\.location), points: points)
    }

    public var isReady: Bool { availability == .ready }

    /// This listing with its texts transliterated to ASCII, for a terminal without a UTF-8 locale.
    public func asciiOnly() -> TourListing {
        var copy = self
        copy.title = ASCIIFallback.transliterate(text: title)
        copy.description = ASCIIFallback.transliterate(text: description)
        copy.city = ASCIIFallback.transliterate(text: city)
        copy.pointTitles = pointTitles.map { ASCIIFallback.transliterate(text: $0) }
        copy.walks = walks.map { WalkChoice(name: ASCIIFallback.transliterate(text: $0.name), path: $0.path) }
        return copy
    }
}
