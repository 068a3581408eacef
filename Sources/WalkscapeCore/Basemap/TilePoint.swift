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
