import WalkscapeCore

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
