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
