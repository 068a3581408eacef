import Foundation

/// A feature of the basemap: its class, its name (streets carry one) and its lines or rings as positions.
public struct BasemapFeature: Sendable, Equatable {
    public var featureClass: MapFeatureClass
    public var name: String?
    /// Lines, or closed rings for areas.
    public var parts: [[LatLng]]
    /// The box holding every part (for culling): south-west and north-east corners.
    public var southWest: LatLng
    public var northEast: LatLng

    public init(featureClass: MapFeatureClass, name: String?, parts: [[LatLng]]) {
        self.featureClass = featureClass
        self.name = name
        self.parts = parts
        var minLat = Double.infinity, minLng = Double.infinity, maxLat = -Double.infinity, maxLng = -Double.infinity
        for part in parts {
            for p in part {
                minLat = min(minLat, p.lat)
                maxLat = max(maxLat, p.lat)
                minLng = min(minLng, p.lng)
                maxLng = max(maxLng, p.lng)
            }
        }
        southWest = LatLng(lat: minLat, lng: minLng)
        northEast = LatLng(lat: maxLat, lng: maxLng)
    }
}
