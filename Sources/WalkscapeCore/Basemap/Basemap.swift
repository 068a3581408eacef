import Foundation

/// The map under the route: the features of each zoom level of a tour's tiles, and their attribution. The
/// drawing picks one level for the view (`level(forMetersPerDot:)`).
public struct Basemap: Sendable, Equatable {
    /// Features by zoom level, in drawing order (areas, then lines from minor to major).
    public private(set) var levels: [Int: [BasemapFeature]]
    /// The text the tiles ask to be shown (e.g. "© OpenStreetMap contributors"), if any.
    public var attribution: String?

    public init(levels: [Int: [BasemapFeature]] = [:], attribution: String? = nil) {
        self.levels = [:]
        self.attribution = attribution
        for (zoom, features) in levels { self.levels[zoom] = features.sorted { $0.featureClass < $1.featureClass } }
    }

    /// True when no level holds a feature.
    public var isEmpty: Bool { levels.values.allSatisfy(\.isEmpty) }

    /// The zoom levels held, lowest first.
    public var zooms: [Int] { levels.keys.sorted() }

    /// The number of features over every level.
    public var featureCount: Int { levels.values.reduce(0) { $0 + $1.count } }

    /// Adds the decoded layers of one tile to its zoom level (features of classes a walking map leaves out are
    /// dropped).
    public mutating func add(_ layers: [VectorTileLayer], of tile: TileID) {
        let features = (levels[tile.zoom] ?? []) + Basemap.features(of: layers, tile: tile)
        levels[tile.zoom] = features.sorted { $0.featureClass < $1.featureClass }
    }

    /// The features of one tile's decoded layers, in the order the layers hold them (features of classes a
    /// walking map leaves out are dropped). `init(levels:)` with each level's tiles' features in `TileID` order
    /// makes the same basemap as `add` tile by tile in that order.
    public static func features(of layers: [VectorTileLayer], tile: TileID) -> [BasemapFeature] {
        var features: [BasemapFeature] = []
        for layer in layers {
            let extent = Double(max(1, layer.extent))
            for feature in layer.features {
                guard let featureClass = MapFeatureClass.classify(layer: layer.name, kind: feature.kind, properties: feature.properties)
                else { continue }
                let parts = feature.parts.compactMap { part -> [LatLng]? in
                    guard part.count >= 2 else { return nil }
                    return part.map { WebMercator.position(tile: tile, px: Double($0.x), py: Double($0.y), extent: extent) }
                }
                guard !parts.isEmpty else { continue }
                let name = (feature.properties["name"] ?? feature.properties["name:latin"] ?? feature.properties["name_en"])?.string
                features.append(BasemapFeature(featureClass: featureClass, name: name?.isEmpty == false ? name : nil, parts: parts))
            }
        }
        return features
    }

    /// The zoom level to draw for a view of `metersPerDot` metres a dot at latitude `latitude`: the level whose
    /// 256 units a tile side (a classic tile's pixels) come closest to one dot each, among the levels held; nil for an empty basemap.
    public func level(forMetersPerDot metersPerDot: Double, latitude: Double) -> Int? {
        let held = zooms
        guard let first = held.first else { return nil }
        let span = WebMercator.tileSpanMeters(zoom: 0, latitude: latitude)
        let wanted = log2(span / (256 * max(0.01, metersPerDot)))
        var best = first
        for zoom in held where abs(Double(zoom) - wanted) < abs(Double(best) - wanted) { best = zoom }
        return best
    }

    /// The features of `zoom` that may show in the box from `southWest` to `northEast`.
    public func features(zoom: Int, southWest: LatLng, northEast: LatLng) -> [BasemapFeature] {
        (levels[zoom] ?? []).filter {
            $0.northEast.lat >= southWest.lat && $0.southWest.lat <= northEast.lat && $0.northEast.lng >= southWest.lng
                && $0.southWest.lng <= northEast.lng
        }
    }
}
