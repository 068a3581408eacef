/// A drawing surface of dots rendered as Unicode braille characters (2 × 4 dots a cell), or as ASCII
/// (1 × 2 dots a cell: `'`, `.`, `:`) when the terminal cannot show braille.
///
/// Braille dots are about square on a terminal whose cells are twice as tall as wide, so circles drawn
/// in dot space look round. Each dot may carry a style; a cell takes the style of the most important dot
/// in it (the highest `layer`).
public struct BrailleCanvas: Sendable {
    /// How cells are drawn.
    public enum Mode: Sendable, Equatable {
        case braille
        case ascii
    }

    public let mode: Mode
    /// Size in cells.
    public let columns: Int
    public let rows: Int
    /// Size in dots.
    public var dotWidth: Int { columns * (mode == .braille ? 2 : 1) }
    public var dotHeight: Int { rows * (mode == .braille ? 4 : 2) }

    /// Dot bits per cell (braille bit layout; ASCII uses bits 0 and 1 for top and bottom).
    private var bits: [UInt8]
    private var styles: [CellStyle?]
    private var layers: [Int]

    public init(columns: Int, rows: Int, mode: Mode = .braille) {
        self.mode = mode
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        bits = Array(repeating: 0, count: self.columns * self.rows)
        styles = Array(repeating: nil, count: self.columns * self.rows)
        layers = Array(repeating: Int.min, count: self.columns * self.rows)
    }

    /// Braille dot bit for the dot at (dx, dy) inside a cell (dx 0…1, dy 0…3), per Unicode's layout.
    private static let brailleBits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    /// Sets the dot at (x, y) (dot coordinates from the top left); dots off the canvas are ignored.
    public mutating func set(x: Int, y: Int, style: CellStyle? = nil, layer: Int = 0) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cellX: Int
        let cellY: Int
        let bit: UInt8
        switch mode {
        case .braille:
            cellX = x / 2
            cellY = y / 4
            bit = BrailleCanvas.brailleBits[y % 4][x % 2]
        case .ascii:
            cellX = x
            cellY = y / 2
            bit = y % 2 == 0 ? 0x01 : 0x02
        }
        let index = cellY * columns + cellX
        bits[index] |= bit
        if let style, layer >= layers[index] {
            styles[index] = style
            layers[index] = layer
        }
    }

    /// Draws a straight line between two dots (Bresenham), clipped to the canvas.
    public mutating func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int), style: CellStyle? = nil, layer: Int = 0) {
        var x0 = a.x
        var y0 = a.y
        let dx = abs(b.x - x0)
        let dy = -abs(b.y - y0)
        let sx = x0 < b.x ? 1 : -1
        let sy = y0 < b.y ? 1 : -1
        var error = dx + dy
        // Lines far off the canvas are cut to a sane length so a wild coordinate cannot stall drawing.
        var steps = 0
        let limit = 4 * (dotWidth + dotHeight) + dx - dy
        while steps <= limit {
            set(x: x0, y: y0, style: style, layer: layer)
            if x0 == b.x && y0 == b.y { break }
            let e2 = 2 * error
            if e2 >= dy {
                error += dy
                x0 += sx
            }
            if e2 <= dx {
                error += dx
                y0 += sy
            }
            steps += 1
        }
    }

    /// Draws a circle outline of `radius` dots around (cx, cy) (midpoint algorithm); `dotted` skips every
    /// other step for a dashed look.
    public mutating func circle(centerX cx: Int, centerY cy: Int, radius: Int, style: CellStyle? = nil, layer: Int = 0, dotted: Bool = false) {
        guard radius > 0 else {
            set(x: cx, y: cy, style: style, layer: layer)
            return
        }
        guard radius < 4 * (dotWidth + dotHeight) else { return }  // larger than any view: nothing to see
        var x = radius
        var y = 0
        var error = 1 - radius
        var step = 0
        while x >= y {
            if !dotted || step % 2 == 0 {
                for (px, py) in [(x, y), (y, x), (-y, x), (-x, y), (-x, -y), (-y, -x), (y, -x), (x, -y)] {
                    set(x: cx + px, y: cy + py, style: style, layer: layer)
                }
            }
            y += 1
            step += 1
            if error < 0 {
                error += 2 * y + 1
            } else {
                x -= 1
                error += 2 * (y - x) + 1
            }
        }
    }

    /// The character for cell (column, row), or nil when no dot is set there.
    public func character(column: Int, row: Int) -> Character? {
        let value = bits[row * columns + column]
        guard value != 0 else { return nil }
        switch mode {
        case .braille:
            return Character(Unicode.Scalar(0x2800 + UInt32(value))!)
        case .ascii:
            switch value {
            case 0x01: return "'"
            case 0x02: return "."
            default: return ":"
            }
        }
    }

    /// Copies the canvas into `grid` at (x, y): set cells only (empty cells leave the grid as it is).
    public func draw(into grid: inout CellGrid, x: Int, y: Int, defaultStyle: CellStyle = .plain) {
        for row in 0..<rows {
            for column in 0..<columns {
                guard let character = character(column: column, row: row) else { continue }
                grid.set(x: x + column, y: y + row, character, style: styles[row * columns + column] ?? defaultStyle)
            }
        }
    }
}
