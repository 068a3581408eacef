import Foundation

/// The spherical Web Mercator projection of map tiles, in "unit" coordinates: the world is the square
/// 0…1 × 0…1, x eastwards from 180° W, y southwards from 85.0511° N.
public enum WebMercator {
    /// The latitude where the square world ends (north and south).
    public static let maxLatitude = 85.051_128_779_806_59

    /// A position in unit coordinates; latitudes beyond ±`maxLatitude` are clamped.
    public static func unit(_ p: LatLng) -> (x: Double, y: Double) {
        let lat = min(maxLatitude, max(-maxLatitude, p.lat)) * .pi / 180
        let x = (p.lng + 180) / 360
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2
        return (x, y)
    }

    /// The position of unit coordinates (x, y).
    public static func position(x: Double, y: Double) -> LatLng {
        let lng = x * 360 - 180
        let n = Double.pi * (1 - 2 * y)
        let lat = atan(sinh(n)) * 180 / .pi
        return LatLng(lat: lat, lng: lng)
    }

    /// The position of point (px, py) of a tile whose layer has `extent` units a side.
    public static func position(tile: TileID, px: Double, py: Double, extent: Double) -> LatLng {
        let count = Double(1 << tile.zoom)
        return position(x: (Double(tile.x) + px / extent) / count, y: (Double(tile.y) + py / extent) / count)
    }

    /// Ground metres that one tile spans at `zoom` at latitude `lat` (WGS 84 equator, 40 075 016.686 m).
    public static func tileSpanMeters(zoom: Int, latitude lat: Double) -> Double {
        40_075_016.686 * cos(lat * .pi / 180) / Double(1 << max(0, min(30, zoom)))
    }
}
