/// A downloaded tour (formatVersion 1): its metadata, route and points, read from `tour.json`.
public struct Tour: Sendable, Equatable {
    /// The only format version this walkscape reads and writes.
    public static let supportedFormatVersion = 1

    public var formatVersion: Int
    public var id: String
    public var slug: String
    public var version: Int
    public var city: String
    public var durationMinutes: Double
    public var distanceKm: Double
    /// The narration languages, in the tour's order of preference.
    public var languages: [String]
    public var isProtected: Bool
    public var title: LocalizedText
    public var description: LocalizedText?
    public var completionMessage: LocalizedText?
    /// Where listeners can support the tour's authors (an http or https link), shown on the completion screen.
    public var donationUrl: String?
    public var startingPoint: LatLng
    public var route: Route?
    public var cover: Asset?
    /// The offline map drawn under the route: an MBTiles file of vector tiles (`mapTiles` in tour.json), if any.
    public var mapTiles: Asset?
    /// The points sorted by `order`.
    public var points: [TourPoint]

    public init(
        formatVersion: Int = Tour.supportedFormatVersion, id: String, slug: String, version: Int, city: String,
        durationMinutes: Double, distanceKm: Double, languages: [String], isProtected: Bool, title: LocalizedText,
        description: LocalizedText? = nil, completionMessage: LocalizedText? = nil, startingPoint: LatLng,
        route: Route? = nil, cover: Asset? = nil, points: [TourPoint], donationUrl: String? = nil, mapTiles: Asset? = nil
    ) {
        self.mapTiles = mapTiles
        self.formatVersion = formatVersion
        self.id = id
        self.slug = slug
        self.version = version
        self.city = city
        self.durationMinutes = durationMinutes
        self.distanceKm = distanceKm
        self.languages = languages
        self.isProtected = isProtected
        self.title = title
        self.description = description
        self.completionMessage = completionMessage
        self.donationUrl = donationUrl
        self.startingPoint = startingPoint
        self.route = route
        self.cover = cover
        self.points = points
    }

    /// The language to use for a reader who asked for `requested` (or whose locale says it): that one when
    /// the tour has it (or its base language), else the tour's first language.
    public func language(for requested: String?) -> String {
        if let requested {
            if languages.contains(requested) { return requested }
            if let base = requested.split(separator: "-").first.map(String.init), languages.contains(base) {
                return base
            }
        }
        return languages.first ?? requested ?? "en"
    }

    /// Every asset of the tour with its role, in file order (cover first, then each point's).
    public var assets: [(role: Asset.Role, asset: Asset)] {
        var all: [(role: Asset.Role, asset: Asset)] = []
        if let cover { all.append((.cover, cover)) }
        if let mapTiles { all.append((.mapTiles, mapTiles)) }
        for point in points.sorted(by: { $0.fileIndex < $1.fileIndex }) {
            if let image = point.image { all.append((.image, image)) }
            for track in point.tracks {
                all.append((.audio, track.audio))
                for subtitle in track.subtitles { all.append((.subtitles, subtitle.asset)) }
            }
        }
        return all
    }
}
