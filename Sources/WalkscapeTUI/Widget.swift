import WalkscapeCore

/// The one widget contract: a value that draws itself into a rectangle of a cell grid, and nowhere else.
/// The map, the route card, the audio bar, the subtitles and the event log are widgets; a screen lays out
/// rectangles and hands them out (a basemap is one more widget drawn into the map's rectangle first).
public protocol Widget {
    func draw(into grid: inout CellGrid, area: Rect, context: WidgetContext)
}

extension CellGrid {
    /// Draws `widget` into `area`.
    public mutating func render(_ widget: some Widget, in area: Rect, context: WidgetContext) {
        widget.draw(into: &self, area: area, context: context)
    }
}

extension RouteCard: Widget {
    public func draw(into grid: inout CellGrid, area: Rect, context: WidgetContext) {
        draw(into: &grid, x: area.x, y: area.y, width: area.width, strings: context.strings, ascii: context.ascii)
    }
}

extension AudioBar: Widget {
    public func draw(into grid: inout CellGrid, area: Rect, context: WidgetContext) {
        draw(into: &grid, x: area.x, y: area.y, width: area.width, strings: context.strings, ascii: context.ascii)
    }
}

extension SubtitleBox: Widget {
    public func draw(into grid: inout CellGrid, area: Rect, context: WidgetContext) {
        draw(into: &grid, x: area.x, y: area.y, width: area.width, rows: area.height)
    }
}
