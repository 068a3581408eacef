import WalkscapeCore

/// The route map as a widget: `scene` drawn in braille (or ASCII) through `projection`, or fitted to the
/// rectangle when there is none; under it, when given, the tour's basemap (`underlay`: streets, water, parks,
/// the names of the streets the route follows, the attribution).
public struct RouteMap: Widget, Sendable {
    public var scene: MapScene
    public var projection: MapProjection?
    /// The basemap drawn under the route (nil: none, or `b` turned it off).
    public var underlay: MapUnderlay?

    public init(scene: MapScene, projection: MapProjection?, underlay: MapUnderlay? = nil) {
        self.scene = scene
        self.projection = projection
        self.underlay = underlay
    }

    public func draw(into grid: inout CellGrid, area: Rect, context: WidgetContext) {
        let widget = RouteMapWidget(mode: context.ascii ? .ascii : .braille, underlay: underlay)
        let view = projection ?? widget.fittedProjection(scene, columns: area.width, rows: area.height)
        widget.draw(scene, projection: view, into: &grid, x: area.x, y: area.y, columns: area.width, rows: area.height)
    }
}
