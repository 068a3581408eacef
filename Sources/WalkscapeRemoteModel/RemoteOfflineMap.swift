import WalkscapeCore
/// A manifest's `offlineMap`: where the tour's vector tiles are (`tilesUrlTemplate` with `{z}`, `{x}` and `{y}`
/// or `{-y}`), the box they must cover (`bounds`) and the zoom levels a walker needs (`recommendedZoomLevels`).
///
/// Every number comes from the server, so each is checked here, where it enters: latitudes within Web
/// Mercator's ±85.0511°, longitudes within ±180°, south below north, west left of east (a box across the
/// antimeridian is refused), zoom levels whole numbers from 0 to `TileID.maxZoom`. The deployed backend
/// sends placeholder values for tours without a map (`bounds` all 0): such an `offlineMap` reads as none.
public struct RemoteOfflineMap: Sendable, Equatable {
    /// The tile URL template, absolute or relative to the API base.
    public var tilesURLTemplate: String
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double
    /// The zoom levels to fetch, sorted, without repeats.
    public var zoomLevels: [Int]
    /// The map data's attribution when the backend gives one (`attribution`, not in the backend's DTO today).
    public var attribution: String?

    public init(tilesURLTemplate: String, south: Double, west: Double, north: Double, east: Double, zoomLevels: [Int], attribution: String? = nil) {
        self.tilesURLTemplate = tilesURLTemplate
        self.south = south
        self.west = west
        self.north = north
        self.east = east
        self.zoomLevels = zoomLevels
        self.attribution = attribution
    }

    /// The `offlineMap` member of a manifest, nil when it is missing, `null` or the backend's placeholder.
    public static func read(_ manifest: RemoteFields) throws(RemoteFormatError) -> RemoteOfflineMap? {
        guard let fields = try manifest.optionalObject("offlineMap") else { return nil }
        let bounds = try fields.object("bounds")
        let latitudes = -WebMercator.maxLatitude...WebMercator.maxLatitude
        let latitude = "a latitude from -85.0511 to 85.0511 (Web Mercator)"
        let longitude = "a longitude from -180 to 180"
        let north = try bounds.number("north", minimum: latitudes.lowerBound, maximum: latitudes.upperBound, expected: latitude)
        let south = try bounds.number("south", minimum: latitudes.lowerBound, maximum: latitudes.upperBound, expected: latitude)
        let east = try bounds.number("east", minimum: -180, maximum: 180, expected: longitude)
        let west = try bounds.number("west", minimum: -180, maximum: 180, expected: longitude)
        if north == 0 && south == 0 && east == 0 && west == 0 { return nil }  // the backend's placeholder
        guard south < north else {
            throw RemoteFormatError(document: fields.document, path: bounds.path, "south (\(formatShortNumber(south))) must be below north (\(formatShortNumber(north)))")
        }
        guard west < east else {
            throw RemoteFormatError(document: fields.document, path: bounds.path,
                "west (\(formatShortNumber(west))) must be left of east (\(formatShortNumber(east))); a box across the antimeridian is not supported")
        }
        let template = try fields.string("tilesUrlTemplate")
        guard template.contains("{z}"), template.contains("{x}"), template.contains("{y}") || template.contains("{-y}") else {
            throw RemoteFormatError(document: fields.document, path: fields.path.appending("tilesUrlTemplate"),
                "expected a URL template with {z}, {x} and {y} (or {-y}), got \(RemoteFields.describe(.string(template)))")
        }
        let zoomsValue = try fields.required("recommendedZoomLevels", "an array of zoom levels")
        guard let elements = zoomsValue.arrayElements, !elements.isEmpty else {
            throw RemoteFormatError(document: fields.document, path: fields.path.appending("recommendedZoomLevels"),
                "expected a non-empty array of zoom levels from 0 to \(TileID.maxZoom), got \(zoomsValue.arrayElements != nil ? "an empty array" : RemoteFields.describe(zoomsValue))")
        }
        var zooms = Set<Int>()
        for (index, element) in elements.enumerated() {
            guard let number = element.doubleValue, let zoom = ValueRanges.wholeNumber(number, in: 0...TileID.maxZoom) else {
                throw RemoteFormatError(document: fields.document, path: fields.path.appending("recommendedZoomLevels").appending(index: index),
                    "expected a zoom level from 0 to \(TileID.maxZoom), got \(RemoteFields.describe(element))")
            }
            zooms.insert(zoom)
        }
        let attribution = try fields.optionalString("attribution").flatMap { $0.isEmpty ? nil : $0 }
        return RemoteOfflineMap(tilesURLTemplate: template, south: south, west: west, north: north, east: east, zoomLevels: zooms.sorted(), attribution: attribution)
    }
}
