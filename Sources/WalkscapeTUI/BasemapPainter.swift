import Foundation
import WalkscapeCore

/// Draws a basemap dimly into a braille or ASCII canvas for a projection: the zoom level that suits the view,
/// features outside the view skipped, detail left out when the view is too coarse for it (buildings, then
/// paths and service roads), areas as outlines, lines as lines.
struct BasemapPainter {
    var mode: BrailleCanvas.Mode

    /// The style of each class (all dim: the basemap sits under the route).
    static func style(for featureClass: MapFeatureClass) -> CellStyle {
        switch featureClass {
        case .water, .waterway: return CellStyle(foreground: .mapWater, dim: true)
        case .park: return CellStyle(foreground: .mapGreen, dim: true)
        case .building: return CellStyle(foreground: .mapBuilding, dim: true)
        case .railway: return CellStyle(foreground: .mapBuilding, dim: true)
        case .footway, .serviceRoad, .street, .majorRoad: return CellStyle(foreground: .mapWay, dim: true)
        }
    }

    /// Whether a class is drawn at `metersPerDot` (horizontal metres a dot).
    static func shows(_ featureClass: MapFeatureClass, metersPerDot: Double) -> Bool {
        switch featureClass {
        case .building: return metersPerDot <= 1.2
        case .footway, .serviceRoad: return metersPerDot <= 3
        case .park, .water: return metersPerDot <= 12
        case .waterway, .railway, .street, .majorRoad: return true
        }
    }

    /// Draws `basemap` into `canvas` through `projection`; returns the zoom level drawn, nil when none.
    @discardableResult
    func paint(_ basemap: Basemap, projection: MapProjection, into canvas: inout BrailleCanvas) -> Int? {
        guard let zoom = basemap.level(forMetersPerDot: projection.metersPerDot, latitude: projection.center.lat),
            let features = basemap.levels[zoom]
        else { return nil }
        // The view's box, with a little margin, for culling.
        let k = Geodesy.earthRadiusMeters * .pi / 180
        let cosLat = max(0.01, cos(projection.center.lat * .pi / 180))
        let halfEast = Double(projection.width) / 2 * projection.metersPerDot * 1.1
        let halfNorth = Double(projection.height) / 2 * projection.metersPerDot * projection.dotAspect * 1.1
        let south = projection.center.lat - halfNorth / k
        let north = projection.center.lat + halfNorth / k
        let west = projection.center.lng - halfEast / (k * cosLat)
        let east = projection.center.lng + halfEast / (k * cosLat)
        // The projection's maths inlined: one multiply-add per coordinate.
        let xScale = k * cosLat / projection.metersPerDot
        let yScale = k / (projection.metersPerDot * projection.dotAspect)
        let x0 = Double(projection.width - 1) / 2
        let y0 = Double(projection.height - 1) / 2
        let centerLat = projection.center.lat
        let centerLng = projection.center.lng
        @inline(__always) func dot(_ p: LatLng) -> (x: Int, y: Int) {
            let x = x0 + (p.lng - centerLng) * xScale
            let y = y0 - (p.lat - centerLat) * yScale
            return (Int(max(-1e6, min(1e6, x)).rounded()), Int(max(-1e6, min(1e6, y)).rounded()))
        }
        for feature in features {
            guard feature.northEast.lat >= south, feature.southWest.lat <= north, feature.northEast.lng >= west,
                feature.southWest.lng <= east, BasemapPainter.shows(feature.featureClass, metersPerDot: projection.metersPerDot)
            else { continue }
            let style = BasemapPainter.style(for: feature.featureClass)
            let layer = feature.featureClass.rawValue - 100
            for part in feature.parts {
                var previous = dot(part[0])
                for p in part.dropFirst() {
                    let next = dot(p)
                    if next != previous { canvas.line(from: previous, to: next, style: style, layer: layer) }
                    previous = next
                }
            }
        }
        return zoom
    }
}
