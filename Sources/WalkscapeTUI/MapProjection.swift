import Foundation
import WalkscapeCore

/// Maps positions on the Earth to dots of a canvas and back: an equirectangular projection around a centre,
/// at a scale in metres per dot, with north up. Dots are taken as square (braille) or as twice as tall as
/// wide (ASCII), so distances look the same in every direction.
public struct MapProjection: Sendable, Equatable {
    public var center: LatLng
    /// Metres per dot horizontally.
    public var metersPerDot: Double
    /// Canvas size in dots.
    public var width: Int
    public var height: Int
    /// How many horizontal dots' worth of distance one vertical dot covers (1 for braille, 2 for ASCII).
    public var dotAspect: Double

    public init(center: LatLng, metersPerDot: Double, width: Int, height: Int, dotAspect: Double = 1) {
        self.center = center
        self.metersPerDot = metersPerDot
        self.width = width
        self.height = height
        self.dotAspect = dotAspect
    }

    /// A projection that shows all of `positions` (plus `margin` metres around them) on a canvas of
    /// `width` × `height` dots.
    public static func fitting(_ positions: [LatLng], margin: Double = 0, width: Int, height: Int, dotAspect: Double = 1) -> MapProjection {
        guard let first = positions.first else {
            return MapProjection(center: LatLng(lat: 0, lng: 0), metersPerDot: 1, width: width, height: height, dotAspect: dotAspect)
        }
        var minLat = first.lat, maxLat = first.lat, minLng = first.lng, maxLng = first.lng
        for p in positions {
            minLat = min(minLat, p.lat)
            maxLat = max(maxLat, p.lat)
            minLng = min(minLng, p.lng)
            maxLng = max(maxLng, p.lng)
        }
        let center = LatLng(lat: (minLat + maxLat) / 2, lng: (minLng + maxLng) / 2)
        let k = Geodesy.earthRadiusMeters * .pi / 180
        let spanX = (maxLng - minLng) * k * cos(center.lat * .pi / 180) + 2 * margin
        let spanY = (maxLat - minLat) * k + 2 * margin
        let scaleX = spanX / Double(max(1, width - 1))
        let scaleY = spanY / (Double(max(1, height - 1)) * dotAspect)
        return MapProjection(center: center, metersPerDot: max(0.01, scaleX, scaleY), width: width, height: height, dotAspect: dotAspect)
    }

    /// The dot for a position (may lie off the canvas).
    public func dot(_ p: LatLng) -> (x: Int, y: Int) {
        let k = Geodesy.earthRadiusMeters * .pi / 180
        let east = (p.lng - center.lng) * k * cos(center.lat * .pi / 180)
        let north = (p.lat - center.lat) * k
        let x = Double(width - 1) / 2 + east / metersPerDot
        let y = Double(height - 1) / 2 - north / (metersPerDot * dotAspect)
        func clamp(_ v: Double) -> Int { Int(max(-1e6, min(1e6, v)).rounded()) }
        return (clamp(x), clamp(y))
    }

    /// A length in metres as a horizontal number of dots.
    public func dots(forMeters meters: Double) -> Int { Int((meters / metersPerDot).rounded()) }

    /// The projection zoomed by `factor` (> 1 zooms in) around its centre.
    public func zoomed(by factor: Double) -> MapProjection {
        var copy = self
        copy.metersPerDot = max(0.01, metersPerDot / factor)
        return copy
    }

    /// The projection moved by a number of dots (positive: east and south).
    public func panned(dx: Int, dy: Int) -> MapProjection {
        let k = Geodesy.earthRadiusMeters * .pi / 180
        var copy = self
        let east = Double(dx) * metersPerDot
        let south = Double(dy) * metersPerDot * dotAspect
        copy.center = LatLng(lat: center.lat - south / k, lng: center.lng + east / (k * cos(center.lat * .pi / 180)))
        return copy
    }
}
