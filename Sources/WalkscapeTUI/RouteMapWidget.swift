import Foundation
import WalkscapeCore

/// Draws a `MapScene` into a region of a cell grid: the route, each region's circle, numbered point
/// markers styled by state, the walker with its trail, a scale bar and a north mark; under them, when it has
/// one, the tour's basemap (dim streets, water, parks, buildings), the names of the streets the route follows
/// where there is room, and the tiles' attribution.
public struct RouteMapWidget: Sendable {
    public var mode: BrailleCanvas.Mode
    /// The basemap drawn under the route, if any.
    public var underlay: MapUnderlay?

    public init(mode: BrailleCanvas.Mode = .braille, underlay: MapUnderlay? = nil) {
        self.mode = mode
        self.underlay = underlay
    }

    /// The projection that fits the whole scene into a map of `columns` × `rows` cells.
    public func fittedProjection(_ scene: MapScene, columns: Int, rows: Int) -> MapProjection {
        let canvas = BrailleCanvas(columns: columns, rows: rows, mode: mode)
        return MapProjection.fitting(scene.extent, margin: 10, width: canvas.dotWidth, height: canvas.dotHeight, dotAspect: mode == .braille ? 1 : 2)
    }

    /// The style a point's marker and circle take for its state.
    public static func style(for state: MapScene.PointState) -> CellStyle {
        switch state {
        case .visited: return CellStyle(foreground: .visited, dim: true)
        case .playing: return CellStyle(foreground: .active, bold: true)
        case .queued: return CellStyle(foreground: .queued, bold: true)
        case .next: return CellStyle(foreground: .next, bold: true)
        case .later: return CellStyle(foreground: .later)
        case .skipped: return CellStyle(foreground: .warning, dim: true)
        }
    }

    /// Draws `scene` with `projection` into `grid` at (x, y), `columns` × `rows` cells.
    public func draw(_ scene: MapScene, projection: MapProjection, into grid: inout CellGrid, x: Int, y: Int, columns: Int, rows: Int) {
        guard columns > 0, rows > 0 else { return }
        if let underlay {
            // The basemap goes into the grid first; the route's cells then replace its cells where they meet.
            var base = BrailleCanvas(columns: columns, rows: rows, mode: mode)
            BasemapPainter(mode: mode).paint(underlay.basemap, projection: projection, into: &base)
            base.draw(into: &grid, x: x, y: y)
        }
        var canvas = BrailleCanvas(columns: columns, rows: rows, mode: mode)
        // Regions first (background), then the route, the trail, and markers on top.
        for point in scene.points {
            let center = projection.dot(point.location)
            let style = RouteMapWidget.style(for: point.state)
            canvas.circle(centerX: center.x, centerY: center.y, radius: projection.dots(forMeters: point.radiusMeters),
                style: CellStyle(foreground: style.foreground, dim: point.state != .playing && point.state != .next), layer: 1)
            if let alternative = point.alternativeRadiusMeters {
                canvas.circle(centerX: center.x, centerY: center.y, radius: projection.dots(forMeters: alternative),
                    style: CellStyle(foreground: .text, dim: true), layer: 1, dotted: true)
            }
        }
        let trackStyle = CellStyle(foreground: .walker, dim: true)
        for track in scene.tracks {
            for (a, b) in zip(track, track.dropFirst()) {
                canvas.line(from: projection.dot(a), to: projection.dot(b), style: trackStyle, layer: 1)
            }
        }
        let routeStyle = CellStyle(foreground: .route)
        for (a, b) in zip(scene.route, scene.route.dropFirst()) {
            canvas.line(from: projection.dot(a), to: projection.dot(b), style: routeStyle, layer: 2)
        }
        let trailStyle = CellStyle(foreground: .walker, dim: true)
        for (a, b) in zip(scene.trail, scene.trail.dropFirst()) {
            canvas.line(from: projection.dot(a), to: projection.dot(b), style: trailStyle, layer: 3)
        }
        canvas.draw(into: &grid, x: x, y: y)
        if let underlay {
            drawStreetNames(underlay.streets, projection: projection, route: canvas, scene: scene, into: &grid, x: x, y: y, columns: columns, rows: rows)
        }

        // Markers: the point number on its cell (cells, not dots, so the number reads).
        func cell(_ location: LatLng) -> (column: Int, row: Int) {
            let dot = projection.dot(location)
            return mode == .braille ? (dot.x.floorDivided(by: 2), dot.y.floorDivided(by: 4)) : (dot.x, dot.y.floorDivided(by: 2))
        }
        for point in scene.points {
            let position = cell(point.location)
            let label = String(point.order)
            guard position.column >= 0, position.row >= 0, position.column + label.count <= columns, position.row < rows else { continue }
            grid.put(label, x: x + position.column, y: y + position.row, style: RouteMapWidget.style(for: point.state), maxWidth: columns - position.column)
        }
        if let walker = scene.walker {
            let position = cell(walker)
            if position.column >= 0, position.row >= 0, position.column < columns, position.row < rows {
                grid.set(x: x + position.column, y: y + position.row, mode == .braille ? "●" : "@", style: CellStyle(foreground: .walker, bold: true))
            }
        }

        // North mark (top right) and scale bar (bottom left).
        let north = mode == .braille ? "N↑" : "N^"
        if columns >= 4 { grid.put(north, x: x + columns - 2, y: y, style: CellStyle(foreground: .text, bold: true)) }
        let barEnd = drawScaleBar(projection: projection, into: &grid, x: x, y: y + rows - 1, columns: columns)
        if let attribution = underlay?.attribution(ascii: mode == .ascii) {
            drawAttribution(attribution, into: &grid, x: x, y: y, columns: columns, rows: rows, after: barEnd)
        }
    }

    /// The attribution right-aligned on the map's last row, or on the row above when the scale bar leaves no room;
    /// cut to the map's width on a very narrow map.
    func drawAttribution(_ text: String, into grid: inout CellGrid, x: Int, y: Int, columns: Int, rows: Int, after barEnd: Int) {
        let width = DisplayWidth.of(text)
        let style = CellStyle(foreground: .text, dim: true)
        if width + barEnd + 1 <= columns {
            grid.put(text, x: x + columns - width, y: y + rows - 1, style: style)
        } else if rows >= 2 {
            let shown = DisplayWidth.truncate(text, to: columns)
            grid.put(shown, x: x + columns - DisplayWidth.of(shown), y: y + rows - 2, style: style)
        }
    }

    /// Labels the streets the route follows, longest first, each beside its anchor on a run of cells that holds
    /// no route, marker or other label (the basemap's own dots may be covered), inside the map.
    func drawStreetNames(_ streets: [RouteStreet], projection: MapProjection, route: BrailleCanvas, scene: MapScene,
        into grid: inout CellGrid, x: Int, y: Int, columns: Int, rows: Int)
    {
        var taken = Array(repeating: false, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns where route.character(column: column, row: row) != nil { taken[row * columns + column] = true }
        }
        func cell(_ location: LatLng) -> (column: Int, row: Int) {
            let dot = projection.dot(location)
            return mode == .braille ? (dot.x.floorDivided(by: 2), dot.y.floorDivided(by: 4)) : (dot.x, dot.y.floorDivided(by: 2))
        }
        // Point numbers and the walker; the top row (north mark) and bottom two rows (scale bar, attribution).
        for point in scene.points {
            let c = cell(point.location)
            for dx in -1...3 where c.row >= 0 && c.row < rows && c.column + dx >= 0 && c.column + dx < columns {
                taken[c.row * columns + c.column + dx] = true
            }
        }
        let style = CellStyle(foreground: .text, dim: true)
        for street in streets.sorted(by: { $0.lengthMeters > $1.lengthMeters }) {
            let name = mode == .ascii ? ASCIIFallback.transliterate(text: TerminalText.sanitize(street.name)) : TerminalText.sanitize(street.name)
            let width = DisplayWidth.of(name)
            guard width > 0, width + 2 <= columns else { continue }
            let anchor = cell(street.anchor)
            let candidates = [
                (anchor.column + 2, anchor.row), (anchor.column - width - 1, anchor.row), (anchor.column - width / 2, anchor.row - 1),
                (anchor.column - width / 2, anchor.row + 1), (anchor.column + 2, anchor.row - 1), (anchor.column + 2, anchor.row + 1),
                (anchor.column - width - 1, anchor.row - 1), (anchor.column - width - 1, anchor.row + 1),
            ]
            for (column, row) in candidates {
                guard row >= 1, row < rows - 2, column >= 0, column + width <= columns else { continue }
                let span = (row * columns + column)..<(row * columns + column + width)
                guard !span.contains(where: { taken[$0] }) else { continue }
                // One blank cell each side keeps the name apart from the lines around it.
                grid.put(name, x: x + column, y: y + row, style: style)
                for i in max(row * columns, span.lowerBound - 1)..<min(row * columns + columns, span.upperBound + 1) { taken[i] = true }
                break
            }
        }
    }

    /// A scale bar about a quarter of the map wide, with a round length (1, 2 or 5 × 10ⁿ m); returns the cells it
    /// took from the left (0 when none was drawn).
    @discardableResult
    func drawScaleBar(projection: MapProjection, into grid: inout CellGrid, x: Int, y: Int, columns: Int) -> Int {
        let dotsPerCell = mode == .braille ? 2.0 : 1.0
        let metersPerCell = projection.metersPerDot * dotsPerCell
        let target = metersPerCell * Double(max(4, columns / 4))
        let length = RouteMapWidget.roundLength(atMost: target)
        let cells = Int((length / metersPerCell).rounded())
        guard cells >= 2, cells + 10 <= columns else { return 0 }
        let bar = mode == .braille ? "├" + String(repeating: "─", count: cells - 2) + "┤" : "|" + String(repeating: "-", count: cells - 2) + "|"
        let label = length >= 1000 ? formatFixed(length / 1000, length.truncatingRemainder(dividingBy: 1000) == 0 ? 0 : 1) + " km" : "\(Int(length)) m"
        grid.put(bar + " " + label, x: x, y: y, style: CellStyle(foreground: .text))
        return DisplayWidth.of(bar + " " + label)
    }

    /// The largest of 1, 2, 5 × 10ⁿ metres not above `meters` (at least 1 m).
    public static func roundLength(atMost meters: Double) -> Double {
        guard meters >= 1 else { return 1 }
        let magnitude = pow(10, floor(log10(meters)))
        for factor in [5.0, 2, 1] where factor * magnitude <= meters { return factor * magnitude }
        return magnitude
    }
}

extension Int {
    /// Division rounding toward negative infinity (so dots left of the canvas map to cells left of it).
    func floorDivided(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
