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
