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
    /// The basemap under the route (the tour's offline map), nil when the tour has none or `b` turned it off.
    public var underlay: MapUnderlay?

    public init(strings: UIStrings, ascii: Bool, projection: MapProjection? = nil, underlay: MapUnderlay? = nil) {
        self.strings = ascii ? strings.asciiOnly() : strings
        self.ascii = ascii
        self.projection = projection
        self.underlay = underlay
    }

    /// The map pane's size in cells for a screen of `width` × `height` (used to build projections).
    public static func mapSize(width: Int, height: Int, showLog: Bool) -> (columns: Int, rows: Int) {
        (max(10, width * 3 / 5), max(4, height - 2 - 5))
    }

    /// A grid of `width` × `height` with `frame` drawn in it.
    public func render(_ frame: PlayerFrame, width: Int, height: Int) -> CellGrid {
        // Without UTF-8 the tour's texts become ASCII before layout, so widths are measured on what is drawn.
        let frame = ascii ? frame.asciiOnly() : frame
        var grid = CellGrid(width: width, height: height)
        guard width >= PlayerScreen.minimumSize.columns, height >= PlayerScreen.minimumSize.rows else {
            drawTooSmall(into: &grid, width: width, height: height)
            return grid
        }
        drawHeader(frame, into: &grid, width: width)
        let context = WidgetContext(strings: strings, ascii: ascii)
        let map = PlayerScreen.mapSize(width: width, height: height, showLog: frame.showLog)
        grid.render(RouteMap(scene: frame.map, projection: projection, underlay: underlay), in: Rect(x: 0, y: 2, width: map.columns, height: map.rows), context: context)

        // Right column: route card, audio bar, event log.
        let sideX = map.columns + 2
        let sideWidth = width - sideX
        if let card = frame.routeCard {
            grid.render(card, in: Rect(x: sideX, y: 2, width: sideWidth, height: 4), context: context)
        }
        let audioBar = PlayerScreen.audioBarArea(frame, width: width, height: height)
        grid.render(frame.audio, in: audioBar, context: context)
        let row = audioBar.y + audioBar.height
        if frame.showLog {
            // The log runs down to the map's last row.
            grid.render(EventLog(lines: frame.log), in: Rect(x: sideX, y: row, width: sideWidth, height: 2 + map.rows - row), context: context)
        }

        // Subtitles under the map, key hints on the last row.
        grid.render(frame.subtitles, in: Rect(x: 1, y: height - 5, width: width - 2, height: 4), context: context)
        // A live walk runs at ×1: no speed keys to hint at.
        let hints = strings.hints([
            ("space", "pause"), (ascii ? "</>" : "←/→", "seek"), ("n/p", "point"), ("[/]", "speed"), ("l", "log"), ("?", "help"), ("q", "quit"),
        ].filter { !frame.gps.live || $0.1 != "speed" })
        if let notice = frame.notice {
            // A key's explanation (`KeyRefusal`) is translated; other notices (the tour's, a reload's) are not in the table.
            grid.put(DisplayWidth.truncate(TerminalText.sanitize(strings[notice]), to: width), x: 0, y: height - 1, style: CellStyle(foreground: .warning, bold: true))
        } else {
            grid.put(DisplayWidth.truncate(hints, to: width), x: 0, y: height - 1, style: CellStyle(foreground: .dim, dim: true))
        }

        switch frame.overlay {
        case .help?: drawHelp(frame, into: &grid, width: width, height: height)
        case .confirmQuit?: drawBox([strings["Quit the tour in progress? (y/n)"], holdLine(.confirmQuit)], into: &grid, width: width, height: height)
        case let .completion(summary)?: drawCompletion(summary, into: &grid, width: width, height: height)
        case nil: break
        }
        return grid
    }

    /// Where the audio bar goes: the right column, under the route card when there is one.
    static func audioBarArea(_ frame: PlayerFrame, width: Int, height: Int) -> Rect {
        let sideX = mapSize(width: width, height: height, showLog: frame.showLog).columns + 2
        return Rect(x: sideX, y: frame.routeCard == nil ? 2 : 6, width: width - sideX, height: 3)
    }

    /// Brings `grid`, which holds `previous` as `render` drew it at `width` × `height`, up to `frame` when the two
    /// differ only in their times (the header's clock and fix age, the audio bar's elapsed time): the header
    /// and the audio bar drawn again in place. Returns the rows that may have changed, or nil when `frame`
    /// differs in more (or an overlay is open, or the screen is too small): then `render` it whole. Cheap: at ×1
    /// the clock changes ten times a second and little else does.
    public func redrawTimes(_ frame: PlayerFrame, over previous: PlayerFrame, in grid: inout CellGrid) -> [Int]? {
        let width = grid.width
        let height = grid.height
        guard frame.overlay == nil, previous.overlay == nil, width >= PlayerScreen.minimumSize.columns, height >= PlayerScreen.minimumSize.rows
        else { return nil }
        var timeless = frame
        timeless.traceTime = previous.traceTime
        timeless.gps.fixAge = previous.gps.fixAge
        timeless.audio.elapsed = previous.audio.elapsed
        guard timeless == previous else { return nil }
        let shown = ascii ? frame.asciiOnly() : frame
        var rows: [Int] = []
        if frame.traceTime != previous.traceTime || frame.gps != previous.gps {
            grid.clear(Rect(x: 0, y: 0, width: width, height: 2))
            drawHeader(shown, into: &grid, width: width)
            rows += [0, 1]
        }
        if frame.audio != previous.audio {
            let area = PlayerScreen.audioBarArea(frame, width: width, height: height)
            grid.clear(area)
            grid.render(shown.audio, in: area, context: WidgetContext(strings: strings, ascii: ascii))
            rows += Array(area.y..<(area.y + area.height))
        }
        return rows
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
        var right = (frame.paused ? "[\(strings["paused"])]  " : "") + TimelineWriter.clock(frame.traceTime)
        if frame.speed != 1 {
            let speed = frame.speed >= 1 ? formatShortSpeed(frame.speed) : "1/\(formatShortSpeed(1 / frame.speed))"
            var muted = ""
            if frame.speed > ReplaySpeeds.audible.upperBound {
                muted = "(\(strings["muted above"]) ×\(formatShortSpeed(ReplaySpeeds.audible.upperBound)))"
            } else if frame.speed < ReplaySpeeds.audible.lowerBound {
                muted = "(\(strings["muted below"]) ×1/\(formatShortSpeed(1 / ReplaySpeeds.audible.lowerBound)))"
            }
            right += "  ×\(speed) \(muted)"
        }
        right = right.trimmingCharacters(in: .whitespaces)
        let leftWidth = max(0, width - DisplayWidth.of(right) - 2)
        grid.put(DisplayWidth.truncate(left, to: leftWidth), x: 0, y: 0, style: CellStyle(foreground: .text, bold: true))
        grid.put(right, x: width - DisplayWidth.of(right), y: 0, style: CellStyle(foreground: frame.speed == 1 && !frame.paused ? .text : .warning, bold: frame.paused))

        let gps: String
        let state = frame.gps.isLost ? strings["GPS lost"] : frame.gps.isWeak ? strings["GPS weak"] : strings["GPS ok"]
        if let age = frame.gps.fixAge {
            let accuracy = frame.gps.accuracy.map { " · ±\(Int($0.rounded())) m" } ?? ""
            gps = "\(state) · \(strings["fix"]) \(Int(age.rounded())) s\(accuracy)" + (frame.gps.sourceEnded ? " · \(strings["source closed"])" : "")
        } else {
            gps = "\(state) · \(strings["no fix"])" + (frame.gps.sourceEnded ? " · \(strings["source closed"])" : "")
        }
        let alarming = frame.gps.isWeak || frame.gps.isLost
        let usedGPS = grid.put(gps, x: 0, y: 1, style: CellStyle(foreground: frame.gps.isLost ? .error : alarming ? .warning : .dim, bold: alarming))

        // Right of the GPS line: the subtitle language `s` cycles, then the trace being played.
        var marks: [String] = []
        if frame.hasSubtitles { marks.append("\(strings["subtitles"]): \(frame.subtitleLanguage ?? strings["off"])") }
        let subs = marks.joined()
        let room = width - usedGPS - 2
        var line = subs
        if let name = frame.traceName {
            let label = "\(strings["walk"]): "
            let nameRoom = room - DisplayWidth.of(label) - (subs.isEmpty ? 0 : DisplayWidth.of(subs) + 3)
            if nameRoom >= 8 {
                line = label + DisplayWidth.truncate(TerminalText.sanitize(name), to: nameRoom) + (subs.isEmpty ? "" : " · " + subs)
            }
        }
        if !line.isEmpty, DisplayWidth.of(line) <= room {
            grid.put(line, x: width - DisplayWidth.of(line), y: 1, style: CellStyle(foreground: .dim))
        }
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

    /// The help overlay: every key the player answers to, as `Player.action(for:)` maps them, and whether the
    /// walk is paused while it is open. The seek step is the profile's (`PlayerFrame.seekStepSeconds`).
    func drawHelp(_ frame: PlayerFrame, into grid: inout CellGrid, width: Int, height: Int) {
        var lines = [strings["Help"], holdLine(.help), ""]
        let step = frame.seekStepSeconds == frame.seekStepSeconds.rounded() ? String(Int(frame.seekStepSeconds)) : formatFixed(frame.seekStepSeconds, 1)
        lines += [
            ("space", "play / pause"), (ascii ? "left/right" : "←/→", "seek −10 s / +10 s"), ("n / p", "next / previous point"),
            ("r", "replay the current point"), ("[ ] or - +", "trace speed (¼× … 64×)"), (".", "step one fix while paused"),
            ("h / L", "pan left / right      f  follow the walker"), (ascii ? "k j up down" : "k j ↑ ↓", "pan up / down         z / x  zoom"),
            ("0", "fit the route"), ("b", "street map under the route"), ("s", "subtitle language      l  event log"), ("?", "this help              q  quit"),
        ].map { strings.helpLine($0.0, $0.1).replacing("10 s", with: "\(step) s") }
        drawBox(lines, into: &grid, width: width, height: height)
    }

    /// What an overlay does to the walk, in words: paused (clock, audio) or running on.
    func holdLine(_ overlay: PlayerFrame.Overlay) -> String {
        overlay.pausesWalk ? strings["the walk is paused (clock and audio) while this is open"] : strings["the walk goes on while this is open"]
    }

    /// The end of the walk: the completion screen (message, donation link) when every point played,
    /// otherwise the incomplete-walk screen with each missed point and why it was missed.
    func drawCompletion(_ summary: CompletionSummary, into grid: inout CellGrid, width: Int, height: Int) {
        let minutes = Int((summary.walkingSeconds / 60).rounded())
        let distance = summary.distanceMeters < 1000 ? "\(Int(summary.distanceMeters.rounded())) m" : formatFixed(summary.distanceMeters / 1000, 1) + " km"
        let textWidth = min(56, width - 6)
        var lines: [String]
        if summary.isComplete {
            lines = [strings["Tour complete"], ""]
            lines.append("\(summary.played) \(strings["points played"])")
            lines.append("\(minutes) min, \(distance) \(strings["walked"])")
            if let message = summary.message {
                lines.append("")
                lines += SubtitleBox.wrap(TerminalText.sanitize(message), width: textWidth)
            }
            if let donation = summary.donation {
                lines.append("")
                lines.append("\(strings["Support this project"]):")
                lines.append(TerminalText.sanitize(donation))
            }
        } else {
            let total = summary.played + summary.missed.count
            lines = [strings["Walk ended: tour incomplete"], ""]
            lines.append("\(summary.played)/\(total) \(strings["points played"]), \(summary.missed.count) \(strings["missed"])")
            lines.append("\(minutes) min, \(distance) \(strings["walked"])")
            lines.append("")
            // Room for the box on screen: borders, the lines above, one "… more" line.
            let room = max(1, height - 2 - lines.count - 2)
            let shown = summary.missedPoints.count <= room ? summary.missedPoints : Array(summary.missedPoints.prefix(room - 1))
            for point in shown {
                let reason = strings[MissedPoint.describe(point.reason)]
                let head = "\(point.order) "
                let titleRoom = max(4, textWidth - DisplayWidth.of(head) - DisplayWidth.of(reason) - 3)
                lines.append(head + DisplayWidth.truncate(TerminalText.sanitize(point.title), to: titleRoom) + " — " + reason)
            }
            if shown.count < summary.missedPoints.count {
                lines.append("… \(summary.missedPoints.count - shown.count) \(strings["more"])")
            }
        }
        drawBox(lines, into: &grid, width: width, height: height)
    }
}
