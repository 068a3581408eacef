import Foundation

/// One map tile of the Web Mercator tile pyramid, in the XYZ scheme (row 0 at the north, as in a tile URL's
/// `{z}/{x}/{y}`); MBTiles files store rows in the TMS scheme (row 0 at the south), see `tmsRow`.
public struct TileID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The highest zoom level walkscape reads (tiles of a walking map stop near 18; 22 leaves room).
    public static let maxZoom = 22

    public let zoom: Int
    public let x: Int
    public let y: Int

    /// A tile, or nil when the zoom is outside 0…`maxZoom` or the column or row is outside the pyramid.
    public init?(zoom: Int, x: Int, y: Int) {
        guard (0...TileID.maxZoom).contains(zoom) else { return nil }
        let count = 1 << zoom
        guard (0..<count).contains(x), (0..<count).contains(y) else { return nil }
        self.zoom = zoom
        self.x = x
        self.y = y
    }

    /// The tile whose MBTiles row (TMS, counted from the south) is `tmsRow`.
    public init?(zoom: Int, x: Int, tmsRow: Int) {
        guard (0...TileID.maxZoom).contains(zoom) else { return nil }
        self.init(zoom: zoom, x: x, y: (1 << zoom) - 1 - tmsRow)
    }

    /// The row as MBTiles stores it (TMS: 0 at the south).
    public var tmsRow: Int { (1 << zoom) - 1 - y }

    /// "z/x/y".
    public var description: String { "\(zoom)/\(x)/\(y)" }

    public static func < (a: TileID, b: TileID) -> Bool {
        (a.zoom, a.y, a.x) < (b.zoom, b.y, b.x)
    }

    /// The tile at `zoom` holding `position` (latitudes are clamped to Web Mercator's ±85.0511°).
    public static func containing(_ position: LatLng, zoom: Int) -> TileID? {
        guard (0...maxZoom).contains(zoom) else { return nil }
        let world = WebMercator.unit(position)
        let count = Double(1 << zoom)
        let maxIndex = (1 << zoom) - 1
        let x = min(maxIndex, max(0, Int((world.x * count).rounded(.down))))
        let y = min(maxIndex, max(0, Int((world.y * count).rounded(.down))))
        return TileID(zoom: zoom, x: x, y: y)
    }

    /// Every tile of `zoom` that covers the box from `southWest` to `northEast`, rows then columns, north first.
    /// Nil when the box would need more than `limit` tiles (a bounds mistake, or a zoom far too deep).
    public static func covering(southWest: LatLng, northEast: LatLng, zoom: Int, limit: Int = 65_536) -> [TileID]? {
        guard let a = containing(LatLng(lat: northEast.lat, lng: southWest.lng), zoom: zoom),
            let b = containing(LatLng(lat: southWest.lat, lng: northEast.lng), zoom: zoom)
        else { return nil }
        let columns = b.x - a.x + 1
        let rows = b.y - a.y + 1
        guard columns > 0, rows > 0, columns * rows <= limit else { return nil }
        var tiles: [TileID] = []
        tiles.reserveCapacity(columns * rows)
        for y in a.y...b.y {
            for x in a.x...b.x {
                if let tile = TileID(zoom: zoom, x: x, y: y) { tiles.append(tile) }
            }
        }
        return tiles
    }

    /// The tile URL for a template with `{z}`, `{x}` and `{y}` (and `{-y}` for the TMS row).
    public func url(template: String) -> String {
        template.replacingOccurrences(of: "{z}", with: String(zoom))
            .replacingOccurrences(of: "{x}", with: String(x))
            .replacingOccurrences(of: "{-y}", with: String(tmsRow))
            .replacingOccurrences(of: "{y}", with: String(y))
    }
}
