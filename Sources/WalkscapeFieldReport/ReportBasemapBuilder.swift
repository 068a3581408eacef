import Foundation
import WalkscapeCore

/// The report's basemap: the tour's offline map (its MBTiles read into a `Basemap`) at the zoom level that
/// suits the walks' area, clipped to that area, as vectors with their style class.
public enum ReportBasemapBuilder {
    /// The dots across the page's map the zoom level is chosen for.
    static let mapDots = 1_000.0
    /// The margin kept around the walks' area, in metres.
    static let marginMeters = 150.0

    /// The features of `basemap` around `positions` (the route, the points, the walks), nil when none is there.
    public static func basemap(_ basemap: Basemap, around positions: some Sequence<LatLng>) -> ReportData.BasemapData? {
        var iterator = positions.makeIterator()
        guard let first = iterator.next() else { return nil }
        var south = first.lat, north = first.lat, west = first.lng, east = first.lng
        while let p = iterator.next() {
            south = min(south, p.lat)
            north = max(north, p.lat)
            west = min(west, p.lng)
            east = max(east, p.lng)
        }
        let middle = (south + north) / 2
        let metersPerDegreeLat = 111_320.0
        let metersPerDegreeLng = max(1, 111_320.0 * cos(middle * .pi / 180))
        let marginLat = marginMeters / metersPerDegreeLat
        let marginLng = marginMeters / metersPerDegreeLng
        let southWest = LatLng(lat: south - marginLat, lng: west - marginLng)
        let northEast = LatLng(lat: north + marginLat, lng: east + marginLng)
        let span = max((northEast.lat - southWest.lat) * metersPerDegreeLat, (northEast.lng - southWest.lng) * metersPerDegreeLng)
        guard let zoom = basemap.level(forMetersPerDot: span / mapDots, latitude: middle) else { return nil }
        let features = basemap.features(zoom: zoom, southWest: southWest, northEast: northEast).map { feature in
            ReportData.Feature(
                class: styleClass(feature.featureClass), geometry: feature.featureClass.isArea ? "polygon" : "line", name: feature.name,
                parts: feature.parts.map { part in part.map { [ReportRounding.degrees($0.lat), ReportRounding.degrees($0.lng)] } })
        }
        guard !features.isEmpty else { return nil }
        return ReportData.BasemapData(attribution: basemap.attribution, features: features)
    }

    /// The page's style class for a map feature class.
    static func styleClass(_ featureClass: MapFeatureClass) -> String {
        switch featureClass {
        case .water, .waterway: return "water"
        case .park: return "park"
        case .building: return "building"
        case .majorRoad: return "road-major"
        case .street, .serviceRoad, .footway: return "road-minor"
        case .railway: return "railway"
        }
    }
}
