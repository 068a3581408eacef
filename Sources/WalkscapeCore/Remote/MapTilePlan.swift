import Foundation

/// The tiles a download fetches for a manifest's `offlineMap`: at each recommended zoom level, every tile that
/// covers `bounds` widened by `marginMeters` on each side (so the streets just outside the walk's box are there
/// when the walker stands at its edge), at most `maxTiles` in all. Pure: the count is worked out from the
/// box's corners before a single tile is listed, so a hostile manifest (zoom 22 over a continent) is refused
/// in microseconds.
public struct MapTilePlan: Sendable, Equatable {
    /// The margin added to each side of the bounds, in metres.
    public static let marginMeters = 100.0
    /// The most tiles a download fetches (a walking tour of 3 × 3 km needs about 300 at zooms 14–17).
    public static let maxTiles = 10_000
    /// Where the tiles go in the tour directory (the file `walkscape tiles` also uses).
    public static let localPath = "map/tiles.mbtiles"

    public var template: String
    /// Every tile, by zoom level, then rows north first, then columns.
    public var tiles: [TileID]
    public var attribution: String?

    /// The tile count over zooms and bounds exceeds `limit`, or the box covers no tile.
    public struct TooManyTiles: Error, Sendable, Equatable, CustomStringConvertible {
        public var count: Int
        public var limit: Int
        public var zooms: [Int]
        public var description: String {
            let levels = zooms.count == 1 ? "zoom \(zooms[0])" : "zooms \(zooms.map(String.init).joined(separator: ", "))"
            return "offlineMap needs \(count) tiles (\(levels) over its bounds widened by \(Int(MapTilePlan.marginMeters)) m); walkscape fetches at most \(limit), so nothing was downloaded (the manifest's bounds or recommendedZoomLevels are wrong)"
        }
    }

    /// The tiles of `map`, or `TooManyTiles` when they would be more than `limit`.
    public init(_ map: RemoteOfflineMap, marginMeters: Double = MapTilePlan.marginMeters, limit: Int = MapTilePlan.maxTiles) throws(TooManyTiles) {
        let latMargin = marginMeters / 111_320
        let middle = (map.south + map.north) / 2
        let lngMargin = marginMeters / (111_320 * max(0.01, cos(middle * .pi / 180)))
        let southWest = LatLng(lat: max(-WebMercator.maxLatitude, map.south - latMargin), lng: max(-180, map.west - lngMargin))
        let northEast = LatLng(lat: min(WebMercator.maxLatitude, map.north + latMargin), lng: min(180, map.east + lngMargin))
        var count = 0
        for zoom in map.zoomLevels {
            guard let a = TileID.containing(LatLng(lat: northEast.lat, lng: southWest.lng), zoom: zoom),
                let b = TileID.containing(LatLng(lat: southWest.lat, lng: northEast.lng), zoom: zoom)
            else { continue }
            // At most 2^22 columns times 2^22 rows: no overflow in 64 bits.
            count += (b.x - a.x + 1) * (b.y - a.y + 1)
        }
        guard count <= limit else { throw TooManyTiles(count: count, limit: limit, zooms: map.zoomLevels) }
        var tiles: [TileID] = []
        for zoom in map.zoomLevels {
            tiles += TileID.covering(southWest: southWest, northEast: northEast, zoom: zoom, limit: limit) ?? []
        }
        template = map.tilesURLTemplate
        self.tiles = tiles
        attribution = map.attribution
    }

    /// The zoom levels the plan covers.
    public var zooms: [Int] { Array(Set(tiles.map(\.zoom))).sorted() }
}
