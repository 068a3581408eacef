import WalkscapeCore

/// A rectangle of cells on a grid: where a widget draws.
public struct Rect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }
}

/// What every widget may need besides its own data: the interface's strings and whether to draw in ASCII.
public struct WidgetContext: Sendable {
    public var strings: UIStrings
    public var ascii: Bool

    public init(strings: UIStrings, ascii: Bool) {
        self.strings = strings
        self.ascii = ascii
    }
}

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

/// The event log pane: a title, then the newest lines that fit.
public struct EventLog: Widget, Sendable {
    public var lines: [String]

    public init(lines: [String]) { self.lines = lines }

    public func draw(into grid: inout CellGrid, area: Rect, context: WidgetContext) {
        guard area.height > 0 else { return }
        grid.put(context.strings["Events"], x: area.x, y: area.y, style: CellStyle(foreground: .text, bold: true))
        var row = area.y + 1
        for line in lines.suffix(max(0, area.height - 1)) {
            grid.put(DisplayWidth.truncate(TerminalText.sanitize(line), to: area.width), x: area.x, y: row, style: CellStyle(foreground: .dim))
            row += 1
        }
    }
}
