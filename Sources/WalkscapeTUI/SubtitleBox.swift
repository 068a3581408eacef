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
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var piece = String(word)
                while DisplayWidth.of(piece) > width {  // a word longer than the box: cut it
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                    }
                    var head = ""
                    for c in piece where DisplayWidth.of(head) + DisplayWidth.of(c) <= width { head.append(c) }
                    lines.append(head)
                    piece = String(piece.dropFirst(head.count))
                }
                let candidate = line.isEmpty ? piece : line + " " + piece
                if DisplayWidth.of(candidate) > width {
                    lines.append(line)
                    line = piece
                } else {
                    line = candidate
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines
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
