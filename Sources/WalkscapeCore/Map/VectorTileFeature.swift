/// A point of a vector tile's geometry, in the tile's own integer units (0…extent, y downwards; features may
/// reach into the buffer around the tile, so values can be negative or above the extent).
public struct TilePoint: Sendable, Hashable {
    public var x: Int32
    public var y: Int32

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }
}

/// A property value of a vector tile feature (the specification's Value message, one of seven kinds).
public enum TileValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case float(Float)
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    case sint(Int64)
    case bool(Bool)

    /// The value as text (numbers as Swift prints them), for names and classes.
    public var description: String {
        switch self {
        case .string(let s): return s
        case .float(let v): return String(v)
        case .double(let v): return String(v)
        case .int(let v), .sint(let v): return String(v)
        case .uint(let v): return String(v)
        case .bool(let v): return v ? "true" : "false"
        }
    }

    /// The string, if this is a string value.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// The geometry type of a vector tile feature (specification 4.3.4).
public enum TileGeometryKind: Int, Sendable, Hashable {
    case unknown = 0, point = 1, lineString = 2, polygon = 3
}

/// One decoded feature of a vector tile layer: its geometry in tile units and its properties.
///
/// `parts` holds the points of a multi-point feature, the line strings of a (multi-)line, or the rings of a
/// polygon (exterior rings first of each polygon, as encoded; each ring closed: its first point repeated at
/// its end).
public struct VectorTileFeature: Sendable, Hashable {
    public var id: UInt64?
    public var kind: TileGeometryKind
    public var parts: [[TilePoint]]
    public var properties: [String: TileValue]

    public init(id: UInt64? = nil, kind: TileGeometryKind, parts: [[TilePoint]], properties: [String: TileValue] = [:]) {
        self.id = id
        self.kind = kind
        self.parts = parts
        self.properties = properties
    }
}

/// One decoded layer of a vector tile.
public struct VectorTileLayer: Sendable, Hashable {
    public var name: String
    public var version: Int
    /// Units a side of the tile (4096 unless the layer says otherwise).
    public var extent: Int
    public var features: [VectorTileFeature]

    public init(name: String, version: Int = 2, extent: Int = 4096, features: [VectorTileFeature]) {
        self.name = name
        self.version = version
        self.extent = extent
        self.features = features
    }
}
