import WalkscapeCore

/// The route map as a widget: `scene` drawn in braille (or ASCII) through `projection`, or fitted to the
/// rectangle when there is none.
public struct RouteMap: Widget, Sendable {
    public var scene: MapScene
    public var projection: MapProjection?

    public init(scene: MapScene, projection: MapProjection?) {
        self.scene = scene
        self.projection = projection
    }

    public func draw(into grid: inout CellGrid, area: Rect, context: WidgetContext) {
        let widget = RouteMapWidget(mode: context.ascii ? .ascii : .braille)
        let view = projection ?? widget.fittedProjection(scene, columns: area.width, rows: area.height)
        widget.draw(scene, projection: view, into: &grid, x: area.x, y: area.y, columns: area.width, rows: area.height)
    }
}
