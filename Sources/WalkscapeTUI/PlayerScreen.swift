import WalkscapeCore

/// Lays out and draws the player screen into a cell grid: header, map, route card, audio bar, subtitles,
/// event log, key hints and overlays. Below `minimumSize` it draws only a "terminal too small" notice.
public struct PlayerScreen: Sendable {
    /// The smallest terminal the player draws in.
    public static let minimumSize = (columns: 60, rows: 20)

    public var strings: UIStrings
    public var ascii: Bool
    /// The map's view: nil fits the whole route; otherwise this projection (zoomed, panned, following).
    public var projection: MapProjection?

    public init(strings: UIStrings, ascii: Bool, projection: MapProjection? = nil) {
        self.strings = strings
        self.ascii = ascii
        self.projection = projection
    }

    /// The map pane's size in cells for a screen of `width` × `height` (used to build projections).
    public static func mapSize(width: Int, height: Int, showLog: Bool) -> (columns: Int, rows: Int) {
        (max(10, width * 3 / 5), max(4, height - 2 - 5))
    }

    /// A grid of `width` × `height` with `frame` drawn in it.
    public func render(_ frame: PlayerFrame, width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        guard width >= PlayerScreen.minimumSize.columns, height >= PlayerScreen.minimumSize.rows else {
            drawTooSmall(into: &grid, width: width, height: height)
            return grid
        }
        drawHeader(frame, into: &grid, width: width)
        let map = PlayerScreen.mapSize(width: width, height: height, showLog: frame.showLog)
        let widget = RouteMapWidget(mode: ascii ? .ascii : .braille)
        let view = projection ?? widget.fittedProjection(frame.map, columns: map.columns, rows: map.rows)
        widget.draw(frame.map, projection: view, into: &grid, x: 0, y: 2, columns: map.columns, rows: map.rows)

        // Right column: route card, audio bar, event log.
        let sideX = map.columns + 2
        let sideWidth = width - sideX
        var row = 2
        if let card = frame.routeCard {
            card.draw(into: &grid, x: sideX, y: row, width: sideWidth, strings: strings, ascii: ascii)
            row += 4
        }
        frame.audio.draw(into: &grid, x: sideX, y: row, width: sideWidth, strings: strings, ascii: ascii)
        row += 3
        if frame.showLog {
            grid.put(strings["Events"], x: sideX, y: row, style: CellStyle(foreground: .text, bold: true))
            row += 1
            let room = max(0, 2 + map.rows - row)
            for line in frame.log.suffix(room) {
                grid.put(DisplayWidth.truncate(TerminalText.sanitize(line), to: sideWidth), x: sideX, y: row, style: CellStyle(foreground: .dim))
                row += 1
            }
        }

        // Subtitles under the map, key hints on the last row.
        frame.subtitles.draw(into: &grid, x: 1, y: height - 5, width: width - 2, rows: 4)
        let hints = strings.hints([
            ("space", "pause"), (ascii ? "</>" : "←/→", "seek"), ("n/p", "point"), ("[/]", "speed"), ("l", "log"), ("?", "help"), ("q", "quit"),
        ])
        grid.put(DisplayWidth.truncate(hints, to: width), x: 0, y: height - 1, style: CellStyle(foreground: .dim, dim: true))

        switch frame.overlay {
        case .help?: drawHelp(into: &grid, width: width, height: height)
        case .confirmQuit?: drawBox([strings["Quit the tour in progress? (y/n)"]], into: &grid, width: width, height: height)
        case let .completion(summary)?: drawCompletion(summary, into: &grid, width: width, height: height)
        case nil: break
        }
        return grid
    }

    /// The "terminal too small: need 60×20 (W×H)" notice, centred.
    func drawTooSmall(into grid: inout CellGrid, width: Int, height: Int) {
        let notice = "\(strings["terminal too small: need"]) \(PlayerScreen.minimumSize.columns)×\(PlayerScreen.minimumSize.rows)"
        let lines = SubtitleBox.wrap(notice + " (\(width)×\(height))", width: max(1, width))
        for (i, line) in lines.prefix(height).enumerated() {
            grid.put(line, x: max(0, (width - DisplayWidth.of(line)) / 2), y: max(0, height / 2 - lines.count / 2) + i, style: CellStyle(foreground: .warning, bold: true))
        }
    }

    func drawHeader(_ frame: PlayerFrame, into grid: inout CellGrid, width: Int) {
        var left = TerminalText.sanitize(frame.tourTitle)
        if let stop = frame.stop { left += " — \(strings["Stop"]) \(stop.order)/\(stop.count) · \(TerminalText.sanitize(stop.title))" }
        var right = TimelineWriter.clock(frame.traceTime)
        if frame.speed != 1 {
            let speed = frame.speed >= 1 ? formatShortSpeed(frame.speed) : "1/\(formatShortSpeed(1 / frame.speed))"
            var muted = ""
            if frame.speed > PlayerSession.audibleSpeeds.upperBound {
                muted = "(\(strings["muted above"]) ×\(formatShortSpeed(PlayerSession.audibleSpeeds.upperBound)))"
            } else if frame.speed < PlayerSession.audibleSpeeds.lowerBound {
                muted = "(\(strings["muted below"]) ×1/\(formatShortSpeed(1 / PlayerSession.audibleSpeeds.lowerBound)))"
            }
            right += "  ×\(speed) \(muted)"
        }
        right = right.trimmingCharacters(in: .whitespaces)
        let leftWidth = max(0, width - DisplayWidth.of(right) - 2)
        grid.put(DisplayWidth.truncate(left, to: leftWidth), x: 0, y: 0, style: CellStyle(foreground: .text, bold: true))
        grid.put(right, x: width - DisplayWidth.of(right), y: 0, style: CellStyle(foreground: frame.speed == 1 ? .text : .warning))

        let gps: String
        if let age = frame.gps.fixAge {
            let accuracy = frame.gps.accuracy.map { " · ±\(Int($0.rounded())) m" } ?? ""
            gps = "\(frame.gps.isWeak ? strings["GPS weak"] : strings["GPS ok"]) · \(strings["fix"]) \(Int(age.rounded())) s\(accuracy)"
        } else {
            gps = "\(strings["GPS weak"]) · \(strings["no fix"])"
        }
        grid.put(gps, x: 0, y: 1, style: CellStyle(foreground: frame.gps.isWeak ? .warning : .dim, bold: frame.gps.isWeak))
    }

    func formatShortSpeed(_ value: Double) -> String {
        guard value.rounded() != value else { return String(Int(value)) }
        var text = formatFixed(value, 2)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    func drawBox(_ lines: [String], into grid: inout CellGrid, width: Int, height: Int) {
        let inner = min(width - 4, max(20, lines.map { DisplayWidth.of($0) }.max() ?? 0))
        let boxHeight = lines.count + 2
        let x = (width - inner - 2) / 2
        let y = max(0, (height - boxHeight) / 2)
        let h = ascii ? "-" : "─"
        let v = ascii ? "|" : "│"
        let corners = ascii ? ("+", "+", "+", "+") : ("┌", "┐", "└", "┘")
        let style = CellStyle(foreground: .text, background: .background)
        grid.put(corners.0 + String(repeating: h, count: inner) + corners.1, x: x, y: y, style: style)
        for (i, line) in lines.enumerated() {
            grid.put(v + DisplayWidth.pad(DisplayWidth.truncate(line, to: inner), to: inner) + v, x: x, y: y + 1 + i, style: style)
        }
        grid.put(corners.2 + String(repeating: h, count: inner) + corners.3, x: x, y: y + boxHeight - 1, style: style)
    }

    func drawHelp(into grid: inout CellGrid, width: Int, height: Int) {
        drawBox([strings["Help"]] + [
            ("space", "play / pause"), (ascii ? "left/right" : "←/→", "seek −10 s / +10 s"), ("n / p", "next / previous point"),
            ("r", "replay the current point"), ("[ ] or - +", "trace speed (¼× … 64×)"), (".", "step one fix while paused"),
            ("f", "follow the walker"), ("hjkl/arrows", "pan      z / x  zoom      0  fit route"),
            ("s", "subtitle language      l  event log"), ("?", "this help              q  quit"),
        ].map { strings.helpLine($0.0, $0.1) }, into: &grid, width: width, height: height)
    }

    func drawCompletion(_ summary: CompletionSummary, into grid: inout CellGrid, width: Int, height: Int) {
        var lines = [strings["Tour complete"], ""]
        let minutes = Int((summary.walkingSeconds / 60).rounded())
        let distance = summary.distanceMeters < 1000 ? "\(Int(summary.distanceMeters.rounded())) m" : formatFixed(summary.distanceMeters / 1000, 1) + " km"
        lines.append("\(summary.played) \(strings["points played"])" + (summary.missed.isEmpty ? "" : ", \(summary.missed.count) \(strings["missed"]) (\(summary.missed.map(String.init).joined(separator: ", ")))"))
        lines.append("\(minutes) min, \(distance) \(strings["walked"])")
        if let message = summary.message {
            lines.append("")
            lines += SubtitleBox.wrap(TerminalText.sanitize(message), width: min(56, width - 6))
        }
        if let donation = summary.donation {
            lines.append("")
            lines.append("\(strings["Support this project"]): \(TerminalText.sanitize(donation))")
        }
        drawBox(lines, into: &grid, width: width, height: height)
    }
}
