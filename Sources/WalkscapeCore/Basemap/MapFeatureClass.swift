/// What a basemap feature is for a walker, from the layer and properties of a vector tile feature. Two tile
/// schemas are read: OpenMapTiles (layers `transportation`, `water`, `waterway`, `park`, `landcover`,
/// `landuse`, `building`; Mapbox Streets' `road` alike) and the layers GDAL's MVT driver writes from
/// OpenStreetMap data (`lines` with `highway`, `railway`, `waterway`, `natural`; `multipolygons` with
/// `building`, `natural`, `leisure`, `landuse`).
public enum MapFeatureClass: Int, Sendable, Hashable, CaseIterable, Comparable {
    // Areas first (drawn first, under the lines).
    case water, park, building
    // Lines.
    case waterway, railway, footway, serviceRoad, street, majorRoad

    /// True for areas (polygons), false for lines.
    public var isArea: Bool { self == .water || self == .park || self == .building }

    /// True for the ways a walker walks along (streets and paths).
    public var isWay: Bool { self == .footway || self == .serviceRoad || self == .street || self == .majorRoad }

    public static func < (a: MapFeatureClass, b: MapFeatureClass) -> Bool { a.rawValue < b.rawValue }

    /// The class of a feature of layer `layer` with `properties`, or nil for what a walking map leaves out
    /// (points of interest, boundaries, labels-only layers).
    public static func classify(layer: String, kind: TileGeometryKind, properties: [String: TileValue]) -> MapFeatureClass? {
        func value(_ key: String) -> String? { properties[key]?.description }
        let isLine = kind == .lineString
        let isArea = kind == .polygon
        switch layer {
        // OpenMapTiles and Mapbox Streets.
        case "transportation", "road", "roads":
            guard isLine else { return nil }
            return roadClass(value("class") ?? value("type") ?? "")
        case "water":
            return isArea ? .water : nil
        case "waterway":
            return isLine ? .waterway : nil
        case "park":
            return isArea ? .park : nil
        case "landcover", "landuse":
            guard isArea else { return nil }
            return greenValues.contains(value("class") ?? value("subclass") ?? "") ? .park : nil
        case "building", "buildings":
            return isArea ? .building : nil
        // GDAL's MVT driver over OpenStreetMap data (its OSM driver's layers).
        case "lines", "multilinestrings":
            guard isLine else { return nil }
            if let highway = value("highway") { return roadClass(highway) }
            if value("railway") != nil { return .railway }
            if value("waterway") != nil || value("natural") == "coastline" { return .waterway }
            return nil
        case "multipolygons":
            guard isArea else { return nil }
            if let building = value("building"), building != "no" { return .building }
            if let natural = value("natural"), natural == "water" { return .water }
            if let landuse = value("landuse"), landuse == "basin" || landuse == "reservoir" { return .water }
            if greenValues.contains(value("leisure") ?? "") || greenValues.contains(value("landuse") ?? "")
                || greenValues.contains(value("natural") ?? "")
            {
                return .park
            }
            return nil
        default:
            return nil
        }
    }

    /// Green areas: parks, gardens, grass, woods (OpenStreetMap tags and OpenMapTiles classes).
    static let greenValues: Set<String> = [
        "park", "garden", "playground", "pitch", "common", "grass", "grassland", "meadow", "village_green",
        "recreation_ground", "cemetery", "forest", "wood", "scrub", "heath", "flowerbed",
    ]

    /// The class of a road or path by its OpenStreetMap `highway` value or OpenMapTiles `class`.
    static func roadClass(_ value: String) -> MapFeatureClass? {
        let base = value.hasSuffix("_link") ? String(value.dropLast(5)) : value
        switch base {
        case "motorway", "trunk", "primary", "secondary": return .majorRoad
        case "tertiary", "unclassified", "residential", "minor", "living_street", "road", "street": return .street
        case "service", "track", "busway", "bus_guideway": return .serviceRoad
        case "pedestrian", "footway", "path", "steps", "cycleway", "bridleway", "corridor": return .footway
        case "rail", "transit", "tram", "light_rail", "subway", "narrow_gauge", "funicular", "monorail": return .railway
        default: return nil
        }
    }
}
