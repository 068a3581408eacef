/// The geometry type of a vector tile feature (specification 4.3.4).
public enum TileGeometryKind: Int, Sendable, Hashable {
    case unknown = 0, point = 1, lineString = 2, polygon = 3
}
