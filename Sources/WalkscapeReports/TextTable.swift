import WalkscapeCore

/// Aligned columns for people: a header row and data rows, widths measured in terminal columns.
public struct TextTable {
    public var headers: [String]
    /// Which columns are right-aligned (numbers).
    public var rightAligned: Set<Int> = []
    public var rows: [[String]] = []

    public init(_ headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    public mutating func add(_ row: [String]) { rows.append(row.map { TerminalText.sanitize($0) }) }

    /// The table as lines, columns separated by two spaces, trailing spaces trimmed.
    public func render() -> [String] {
        let all = [headers] + rows
        var widths = Array(repeating: 0, count: headers.count)
        for row in all {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], DisplayWidth.of(cell)) }
        }
        return all.map { row in
            var line = ""
            for (i, cell) in row.enumerated() where i < widths.count {
                if i > 0 { line += "  " }
                line += DisplayWidth.pad(cell, to: widths[i], right: rightAligned.contains(i))
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
