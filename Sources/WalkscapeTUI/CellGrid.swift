import WalkscapeCore

/// A screen's worth of character cells in memory: widgets draw here, tests read it as text, and a
/// terminal backend flushes only the cells that changed since the last frame.
public struct CellGrid: Sendable, Equatable {
    /// One cell: the character in it and its style. The right half of a wide character holds
    /// `continuation` so that it is neither drawn nor overwritten by accident.
    public struct Cell: Sendable, Hashable {
        public var character: Character
        public var style: CellStyle

        public init(_ character: Character = " ", style: CellStyle = .plain) {
            self.character = character
            self.style = style
        }

        /// The marker in the cell right of a wide character.
        public static let continuationCharacter: Character = "\u{0}"
        public var isContinuation: Bool { character == Cell.continuationCharacter }
    }

    public private(set) var width: Int
    public private(set) var height: Int
    private var cells: [Cell]

    /// A blank grid of `width` × `height` cells.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// The cell at column `x`, row `y` (from 0).
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Whether (x, y) is on the grid.
    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Copies `rows` from `other`, a grid of the same size (the rows a caller knows changed).
    public mutating func copyRows(_ rows: [Int], from other: CellGrid) {
        guard other.width == width, other.height == height else { return self = other }
        for y in rows where y >= 0 && y < height {
            cells.replaceSubrange((y * width)..<((y + 1) * width), with: other.cells[(y * width)..<((y + 1) * width)])
        }
    }

    /// Blanks the cells of `area` (clipped to the grid).
    public mutating func clear(_ area: Rect) {
        for y in max(0, area.y)..<min(height, area.y + area.height) {
            for x in max(0, area.x)..<min(width, area.x + area.width) { cells[y * width + x] = Cell() }
        }
    }

    /// Fills the whole grid with `cell`.
    public mutating func clear(_ cell: Cell = Cell()) {
        for i in cells.indices { cells[i] = cell }
    }

    /// Writes `text` from (x, y) on one row, clipped at the grid's edge and at `maxWidth` columns.
    /// Control characters are dropped; a wide character that does not fit entirely is not drawn.
    /// Returns the number of columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0 && y < height else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var column = x
        for character in TerminalText.sanitize(text) {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if column + w > limit { break }
            if column >= 0 {
                clearWide(at: column, y: y)
                self[column, y] = Cell(character, style: style)
                if w == 2 {
                    clearWide(at: column + 1, y: y)
                    self[column + 1, y] = Cell(Cell.continuationCharacter, style: style)
                }
            }
            column += w
        }
        return column - x
    }

    /// Sets one cell's character and style (a single-column character).
    public mutating func set(x: Int, y: Int, _ character: Character, style: CellStyle = .plain) {
        guard contains(x: x, y: y) else { return }
        clearWide(at: x, y: y)
        self[x, y] = Cell(character, style: style)
    }

    /// Changes the style of the cells in a row range, keeping their characters.
    public mutating func restyle(x: Int, y: Int, width count: Int, _ body: (inout CellStyle) -> Void) {
        guard y >= 0 && y < height else { return }
        for column in max(0, x)..<min(width, x + count) {
            body(&self[column, y].style)
        }
    }

    /// Blanks the other half of a wide character about to be partly overwritten at (x, y).
    private mutating func clearWide(at x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        if self[x, y].isContinuation, x > 0 {
            self[x - 1, y] = Cell(" ", style: self[x - 1, y].style)
        } else if x + 1 < width, self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(" ", style: self[x + 1, y].style)
        }
    }

    /// The grid as text, one line a row, trailing spaces removed: what a text snapshot compares.
    public var text: String {
        var lines: [String] = []
        for y in 0..<height {
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation {
                line.append(self[x, y].character)
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The cells that differ from `previous` (all of them when the sizes differ), row by row, as runs
    /// of consecutive changed cells: what a backend needs to redraw.
    public func changes(since previous: CellGrid?) -> [(x: Int, y: Int, cells: [Cell])] {
        changes(since: previous, rows: Array(0..<height))
    }

    /// The same, looking only at `rows` (a caller that knows the other rows are unchanged).
    public func changes(since previous: CellGrid?, rows: [Int]) -> [(x: Int, y: Int, cells: [Cell])] {
        let full = previous == nil || previous!.width != width || previous!.height != height
        var runs: [(x: Int, y: Int, cells: [Cell])] = []
        for y in (full ? Array(0..<height) : rows) where y >= 0 && y < height {
            var x = 0
            while x < width {
                if full || self[x, y] != previous![x, y] {
                    var start = x
                    if self[start, y].isContinuation && start > 0 { start -= 1 }
                    var run: [Cell] = []
                    var end = start
                    while end < width && (full || self[end, y] != previous![end, y] || self[end, y].isContinuation) {
                        run.append(self[end, y])
                        end += 1
                    }
                    runs.append((x: start, y: y, cells: run))
                    x = end
                } else {
                    x += 1
                }
            }
        }
        return runs
    }
}
