import Foundation
import WalkscapeCore

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
        /// When the route's own box was tried too: the tiles the manifest's box needs (`count` is the route's).
        public var manifestCount: Int?
        public var description: String {
            let levels = zooms.count == 1 ? "zoom \(zooms[0])" : "zooms \(zooms.map(String.init).joined(separator: ", "))"
            if let manifestCount {
                return "offlineMap needs \(manifestCount) tiles, and even the route's own box (its points plus \(Int(MapTilePlan.routeMarginMeters)) m) needs \(count) (\(levels)); walkscape fetches at most \(limit) (the manifest's recommendedZoomLevels are wrong)"
            }
            return "offlineMap needs \(count) tiles (\(levels) over its bounds widened by \(Int(MapTilePlan.marginMeters)) m); walkscape fetches at most \(limit) (the manifest's bounds or recommendedZoomLevels are wrong)"
        }
    }

    /// The tiles of `map`, or `TooManyTiles` when they would be more than `limit`.
    public init(_ map: RemoteOfflineMap, marginMeters: Double = MapTilePlan.marginMeters, limit: Int = MapTilePlan.maxTiles) throws(TooManyTiles) {
        let (southWest, northEast) = MapTilePlan.widened(map, marginMeters: marginMeters)
        let count = MapTilePlan.count(map, marginMeters: marginMeters)
        guard count <= limit else { throw TooManyTiles(count: count, limit: limit, zooms: map.zoomLevels) }
        var tiles: [TileID] = []
        for zoom in map.zoomLevels {
            tiles += TileID.covering(southWest: southWest, northEast: northEast, zoom: zoom, limit: limit) ?? []
        }
        template = map.tilesURLTemplate
        self.tiles = tiles
        attribution = map.attribution
    }

    /// The margin around the route's own box (its points'), in metres, when the plan falls back on it.
    public static let routeMarginMeters = 500.0
    /// How many times the route's tiles the manifest's box may need before it counts as far larger than the
    /// route, and the route's box is fetched instead.
    public static let farLargerFactor = 4

    /// How many tiles cover `map`'s bounds widened by `marginMeters` at its zoom levels; counted from the box's
    /// corners, never listed.
    public static func count(_ map: RemoteOfflineMap, marginMeters: Double = MapTilePlan.marginMeters) -> Int {
        let box = widened(map, marginMeters: marginMeters)
        var count = 0
        for zoom in map.zoomLevels {
            guard let a = TileID.containing(LatLng(lat: box.northEast.lat, lng: box.southWest.lng), zoom: zoom),
                let b = TileID.containing(LatLng(lat: box.southWest.lat, lng: box.northEast.lng), zoom: zoom)
            else { continue }
            count += (b.x - a.x + 1) * (b.y - a.y + 1)  // at most 2^22 × 2^22: no overflow in 64 bits
        }
        return count
    }

    /// The bounds of `map` widened by `marginMeters`, clamped to the Web Mercator world.
    static func widened(_ map: RemoteOfflineMap, marginMeters: Double) -> (southWest: LatLng, northEast: LatLng) {
        let latMargin = marginMeters / 111_320
        let middle = (map.south + map.north) / 2
        let lngMargin = marginMeters / (111_320 * max(0.01, cos(middle * .pi / 180)))
        return (LatLng(lat: max(-WebMercator.maxLatitude, map.south - latMargin), lng: max(-180, map.west - lngMargin)),
            LatLng(lat: min(WebMercator.maxLatitude, map.north + latMargin), lng: min(180, map.east + lngMargin)))
    }

    /// The plan for a tour whose points are `route`: the manifest's box when it needs at most `limit` tiles
    /// and no more than `farLargerFactor` times the route's box; otherwise the route's box (its points'
    /// bounding box widened by `routeMarginMeters`), with a note saying so. `TooManyTiles` when even the
    /// route's box needs more than `limit` (or there is no route to fall back on).
    public static func bounded(_ map: RemoteOfflineMap, route: [LatLng], limit: Int = MapTilePlan.maxTiles) throws(TooManyTiles) -> (plan: MapTilePlan, note: String?) {
        let whole = count(map)
        let finite = route.filter { $0.lat.isFinite && $0.lng.isFinite }
        guard let first = finite.first else { return (try MapTilePlan(map, limit: limit), nil) }
        var routeMap = map
        routeMap.south = first.lat
        routeMap.north = first.lat
        routeMap.west = first.lng
        routeMap.east = first.lng
        for point in finite {
            routeMap.south = min(routeMap.south, point.lat)
            routeMap.north = max(routeMap.north, point.lat)
            routeMap.west = min(routeMap.west, point.lng)
            routeMap.east = max(routeMap.east, point.lng)
        }
        let routeCount = count(routeMap, marginMeters: routeMarginMeters)
        if whole <= limit && whole <= routeCount * farLargerFactor { return (try MapTilePlan(map, limit: limit), nil) }
        guard routeCount < whole else { return (try MapTilePlan(map, limit: limit), nil) }
        let plan: MapTilePlan
        do {
            plan = try MapTilePlan(routeMap, marginMeters: routeMarginMeters, limit: limit)
        } catch {
            var refusal = error
            refusal.manifestCount = whole
            throw refusal
        }
        let note = "the offlineMap's bounds need \(whole) tiles, far more than the route's own box (its points plus \(Int(routeMarginMeters)) m): fetching its \(plan.tiles.count) tiles instead"
        return (plan, note)
    }

    /// The zoom levels the plan covers.
    public var zooms: [Int] { Array(Set(tiles.map(\.zoom))).sorted() }
}
