import WalkscapeCore

/// The subtitle area: the current cue wrapped over the lines available, with the previous line dimmed above.
public struct SubtitleBox: Sendable, Equatable {
    /// The cue text(s) showing now (display text, tags removed), possibly several when cues overlap.
    public var current: [String]
    /// The last line of the previous cue, shown dimmed.
    public var previous: String?

    public init(current: [String], previous: String? = nil) {
        self.current = current
        self.previous = previous
    }

    /// Wraps `text` to `width` columns on spaces (long words are cut).
    public static func wrap(_ text: String, width: Int) -> [String] {
        TextWrapper.wrap(text, width: width)
    }

    /// Draws the box into `grid`: the previous line (dim) on the first row, the current text below,
    /// centred, the last lines kept when it does not fit.
    public func draw(into grid: inout CellGrid, x: Int, y: Int, width: Int, rows: Int) {
        guard rows > 0, width > 0 else { return }
        var row = y
        if let previous, rows > 1 {
            let text = DisplayWidth.truncate(TerminalText.sanitize(SubtitleCue.plainText(previous)), to: width)
            grid.put(text, x: x + (width - DisplayWidth.of(text)) / 2, y: row, style: CellStyle(foreground: .dim, dim: true))
            row += 1
        }
        let available = y + rows - row
        let lines = current.flatMap { SubtitleBox.wrap(TerminalText.sanitize(SubtitleCue.plainText($0), keepNewlines: true), width: width) }
        for line in lines.suffix(available) {
            grid.put(line, x: x + (width - DisplayWidth.of(line)) / 2, y: row, style: CellStyle(foreground: .text, bold: true))
            row += 1
        }
    }
}
