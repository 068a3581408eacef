/// The map's view: fitted to the route, or zoomed, panned, or following the walker.
public struct MapView: Sendable, Equatable {
    public var follow = false
    public var zoom = 1.0
    public var offsetX = 0
    public var offsetY = 0

    public init() {}

    /// Moves the view by `dx`, `dy` cells (and stops following the walker).
    public mutating func pan(dx: Int, dy: Int) {
        follow = false
        offsetX += dx
        offsetY += dy
    }

    /// The projection for `scene` in a map of `columns` × `rows`, or nil for the fitted default.
    public func projection(for scene: MapScene, columns: Int, rows: Int, ascii: Bool) -> MapProjection? {
        if zoom == 1 && offsetX == 0 && offsetY == 0 && !follow { return nil }
        var projection = RouteMapWidget(mode: ascii ? .ascii : .braille).fittedProjection(scene, columns: columns, rows: rows).zoomed(by: zoom)
        if follow, let walker = scene.walker { projection.center = walker }
        return projection.panned(dx: offsetX, dy: offsetY)
    }
}
