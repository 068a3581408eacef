import WalkscapeCore

/// Draws the screens before the player into a cell grid: the catalogue (a table of tours with a filter), a
/// tour's detail (description, figures, stops, a small route map, the walks to replay, its download state),
/// the settings, and the help overlay. Below `PlayerScreen.minimumSize` only a "terminal too small" notice.
public struct BrowserScreen: Sendable {
    public var strings: UIStrings
    public var ascii: Bool

    public init(strings: UIStrings, ascii: Bool) {
        self.strings = ascii ? strings.asciiOnly() : strings
        self.ascii = ascii
    }

    static let title = CellStyle(foreground: .text, bold: true)
    static let dim = CellStyle(foreground: .dim)
    static let hint = CellStyle(foreground: .dim, dim: true)
    static let selected = CellStyle(foreground: .text, reverse: true)

    /// A grid of `width` × `height` with the state's screen drawn in it.
    public func render(_ state: BrowserState, width: Int, height: Int) -> CellGrid {
        // Without UTF-8 the tours' texts become ASCII before layout (cœur → coeur, not cour).
        var state = state
        if ascii { state.tours = state.tours.map { $0.asciiOnly() } }
        var grid = CellGrid(width: width, height: height)
        guard width >= PlayerScreen.minimumSize.columns, height >= PlayerScreen.minimumSize.rows else {
            PlayerScreen(strings: strings, ascii: ascii).drawTooSmall(into: &grid, width: width, height: height)
            return grid
        }
        draw(state.screen, state, into: &grid, width: width, height: height)
        if let message = state.message {
            let lines = SubtitleBox.wrap(TerminalText.sanitize(message), width: width - 2).prefix(2)
            for (i, line) in lines.enumerated() {
                grid.put(DisplayWidth.pad(line, to: width - 2), x: 1, y: height - 1 - lines.count + i, style: CellStyle(foreground: .warning, bold: true))
            }
        }
        return grid
    }

    func draw(_ screen: BrowserState.Screen, _ state: BrowserState, into grid: inout CellGrid, width: Int, height: Int) {
        switch screen {
        case .catalogue: drawCatalogue(state, into: &grid, width: width, height: height)
        case let .detail(index): drawDetail(state.tours[index], state, into: &grid, width: width, height: height)
        case .settings: drawSettings(state, into: &grid, width: width, height: height)
        case let .help(over):
            draw(over, state, into: &grid, width: width, height: height)
            PlayerScreen(strings: strings, ascii: ascii).drawBox(helpLines, into: &grid, width: width, height: height)
        }
    }

    var helpLines: [String] {
        [strings["Help"]] + [
            (ascii ? "up/down" : "↑/↓ or j/k", "select a tour, a setting"), ("enter", "open the tour / start the walk"),
            (ascii ? "left/right" : "←/→", "choose the walk, change a setting"), ("tab or t", "filter: all / protected / free"),
            (",", "settings        esc  back"), ("?", "this help       q    quit"),
        ].map { strings.helpLine($0.0, $0.1) }
    }

    // MARK: Catalogue

    func drawCatalogue(_ state: BrowserState, into grid: inout CellGrid, width: Int, height: Int) {
        let list = state.visible
        grid.put("walkscape — \(strings["Tours"]) (\(list.count)/\(state.tours.count))", x: 0, y: 0, style: BrowserScreen.title)
        var filters = ""
        for filter in CatalogueFilter.allCases {
            let name = strings[filter.rawValue]
            filters += filter == state.filter ? "[\(name)]" : " \(name) "
        }
        let filterText = "\(strings["filter"]): \(filters)"
        grid.put(filterText, x: width - DisplayWidth.of(filterText), y: 0, style: BrowserScreen.dim)

        // Columns: title takes what the fixed ones leave.
        // Columns: (header, width, right-aligned, value); the title takes what the others leave, and on narrow
        // screens the languages, then the distance, give way so the title keeps at least 20 columns.
        var fixed: [(String, Int, Bool, (TourListing) -> String)] = [
            (strings["CITY"], 12, false, { $0.city }), (strings["DURATION"], 8, true, { "\(Int($0.durationMinutes.rounded())) min" }),
            (strings["DISTANCE"], 8, true, { formatFixed($0.distanceKm, 1) + " km" }), (strings["STOPS"], 5, true, { String($0.points.count) }),
            (strings["LANGUAGES"], 9, false, { $0.languages.joined(separator: " ") }), (strings["STATE"], 15, false, { self.stateText($0) }),
        ]
        for drop in [4, 2] where width - 2 - fixed.reduce(0, { $0 + $1.1 + 1 }) < 20 { fixed.remove(at: drop) }
        let titleWidth = max(12, width - 2 - fixed.reduce(0) { $0 + $1.1 + 1 })
        func row(_ cells: [String], y: Int, style: CellStyle) {
            var line = DisplayWidth.pad(DisplayWidth.truncate(cells[0], to: titleWidth), to: titleWidth)
            for (i, column) in fixed.enumerated() {
                let text = DisplayWidth.truncate(cells[i + 1], to: column.1)
                line += " " + DisplayWidth.pad(text, to: column.1, right: column.2)
            }
            grid.put(DisplayWidth.truncate(line, to: width - 2), x: 2, y: y, style: style)
        }
        row([strings["TOUR"]] + fixed.map(\.0), y: 2, style: CellStyle(foreground: .dim, bold: true))
        let top = 3
        let room = max(1, height - top - 6)
        let selected = min(state.selection, max(0, list.count - 1))
        let first = max(0, min(selected - room + 1, list.count - room))
        if list.isEmpty {
            grid.put(strings["No tours match the filter."], x: 2, y: top, style: BrowserScreen.dim)
        }
        for (offset, index) in list.enumerated().dropFirst(first).prefix(room) {
            let tour = state.tours[index]
            let y = top + offset - first
            let isSelected = offset == selected
            row([tour.title] + fixed.map { $0.3(tour) }, y: y, style: isSelected ? BrowserScreen.selected : CellStyle(foreground: tour.isReady ? .text : .dim))
            if isSelected { grid.put(ascii ? ">" : "▶", x: 0, y: y, style: CellStyle(foreground: .active, bold: true)) }
            if !tour.isReady { grid.restyle(x: width - 2 - 15, y: y, width: 15) { $0.foreground = .warning } }
        }
        // The selected tour's description under the list.
        if let index = state.selectedTour {
            let tour = state.tours[index]
            let lines = SubtitleBox.wrap(TerminalText.sanitize(tour.description), width: width - 4)
            for (i, line) in lines.prefix(3).enumerated() {
                grid.put(line, x: 2, y: height - 5 + i, style: BrowserScreen.dim)
            }
        }
        hints([(ascii ? "up/down" : "↑/↓", "select"), ("enter", "open"), ("tab", "filter"), (",", "settings"), ("?", "help"), ("q", "quit")], into: &grid, width: width, height: height)
    }

    func stateText(_ tour: TourListing) -> String {
        let access = tour.isProtected ? (ascii ? "* " : "🔒 ") + strings["protected"] : strings["free"]
        switch tour.availability {
        case .ready: return access
        case .notDownloaded: return strings["not downloaded"]
        case .broken: return strings["unreadable"]
        }
    }

    func hints(_ pairs: [(key: String, action: String)], into grid: inout CellGrid, width: Int, height: Int) {
        let text = strings.hints(pairs)
        grid.put(DisplayWidth.truncate(text, to: width), x: 0, y: height - 1, style: BrowserScreen.hint)
    }

    // MARK: Detail

    func drawDetail(_ tour: TourListing, _ state: BrowserState, into grid: inout CellGrid, width: Int, height: Int) {
        let access = tour.isProtected ? strings["protected"] : strings["free"]
        grid.put(DisplayWidth.truncate(TerminalText.sanitize(tour.title), to: width - DisplayWidth.of(access) - 3), x: 0, y: 0, style: BrowserScreen.title)
        grid.put("[\(access)]", x: width - DisplayWidth.of(access) - 2, y: 0, style: CellStyle(foreground: tour.isProtected ? .warning : .dim))
        let stats = "\(TerminalText.sanitize(tour.city)) · \(Int(tour.durationMinutes.rounded())) min · \(formatFixed(tour.distanceKm, 1)) km · \(tour.points.count) \(strings["stops"]) · \(tour.languages.joined(separator: ", "))"
        grid.put(DisplayWidth.truncate(stats, to: width), x: 0, y: 1, style: BrowserScreen.dim)

        // Left: description and stops; right: the route map.
        let mapColumns = max(20, width * 2 / 5)
        let textWidth = width - mapColumns - 3
        var y = 3
        for line in SubtitleBox.wrap(TerminalText.sanitize(tour.description), width: textWidth).prefix(max(2, height / 3)) {
            grid.put(line, x: 0, y: y, style: CellStyle(foreground: .text))
            y += 1
        }
        y += 1
        grid.put(strings["Stops"], x: 0, y: y, style: BrowserScreen.title)
        y += 1
        let walkRow = height - 5
        for (i, title) in tour.pointTitles.enumerated() where y < walkRow - 1 {
            let radius = i < tour.points.count ? "  \(Int(tour.points[i].radiusMeters.rounded())) m" : ""
            let line = String(format: "%2d ", i + 1) + TerminalText.sanitize(title)
            grid.put(DisplayWidth.truncate(line, to: textWidth - DisplayWidth.of(radius)), x: 0, y: y, style: CellStyle(foreground: .text))
            grid.put(radius, x: textWidth - DisplayWidth.of(radius), y: y, style: BrowserScreen.dim)
            y += 1
        }
        let mapRows = walkRow - 4
        if mapRows >= 4 {
            let widget = RouteMapWidget(mode: ascii ? .ascii : .braille, underlay: tour.underlay)
            let scene = tour.scene
            widget.draw(scene, projection: widget.fittedProjection(scene, columns: mapColumns, rows: mapRows), into: &grid, x: width - mapColumns, y: 3, columns: mapColumns, rows: mapRows)
        }

        // The state, and the walk to replay.
        switch tour.availability {
        case .ready:
            grid.put(strings["Downloaded: every file present."], x: 0, y: walkRow, style: BrowserScreen.dim)
        case let .notDownloaded(problems, fix, offer):
            grid.put(DisplayWidth.truncate("\(strings["Not downloaded"]): \(problems.first.map { TerminalText.sanitize($0) } ?? "")\(problems.count > 1 ? " (+\(problems.count - 1))" : "")", to: width), x: 0, y: walkRow, style: CellStyle(foreground: .warning, bold: true))
            grid.put(DisplayWidth.truncate("\(strings["to fix"]): \(fix)", to: width), x: 0, y: walkRow + 1, style: CellStyle(foreground: .warning))
            switch offer {
            case let .runnable(host):
                grid.put(DisplayWidth.truncate("\(strings["press d to download it now"]) (\(TerminalText.sanitize(host)))", to: width), x: 0, y: walkRow + 2, style: CellStyle(foreground: .text, bold: true))
            case .needsToken: grid.put(strings["protected: start play with --token T (or WALKSCAPE_TOKEN) to download it here"], x: 0, y: walkRow + 2, style: BrowserScreen.dim)
            case .unknownSource: break
            }
        case let .broken(why):
            grid.put(DisplayWidth.truncate(TerminalText.sanitize(why), to: width), x: 0, y: walkRow, style: CellStyle(foreground: .error, bold: true))
        }
        if tour.isReady {
            var x = 0
            x += grid.put("\(strings["Walk"]): ", x: x, y: walkRow + 1, style: BrowserScreen.title)
            if tour.walks.isEmpty {
                grid.put(strings["no trace found"], x: x, y: walkRow + 1, style: CellStyle(foreground: .warning))
            }
            // The walks scroll: the chosen one always shows, with a mark on each side that has more.
            let labels = tour.walks.map { " \(TerminalText.sanitize(strings[$0.name])) " }
            let chosenIndex = min(state.walkSelection, tour.walks.count - 1)
            let window = BrowserScreen.walkWindow(widths: labels.map { DisplayWidth.of($0) }, chosen: chosenIndex, room: width - x)
            let more = (before: ascii ? "<" : "‹", after: ascii ? ">" : "›")
            if window.lowerBound > 0 { x += grid.put(more.before + " ", x: x, y: walkRow + 1, style: BrowserScreen.dim) }
            for i in window {
                x += grid.put(labels[i], x: x, y: walkRow + 1, style: i == chosenIndex ? BrowserScreen.selected : BrowserScreen.dim, maxWidth: width - x)
                x += 1
            }
            if window.upperBound < labels.count { grid.put(more.after, x: x, y: walkRow + 1, style: BrowserScreen.dim, maxWidth: width - x) }
            let settings = settingsSummary(state.settings)
            grid.put(DisplayWidth.truncate(settings, to: width), x: 0, y: walkRow + 2, style: BrowserScreen.dim)
        }
        hints([("enter", "start"), (ascii ? "left/right" : "←/→", "walk"), (ascii ? "up/down" : "↑/↓", "tour"), (",", "settings"), ("esc", "back"), ("q", "quit")], into: &grid, width: width, height: height)
    }

    /// The walks to show on a row of `room` cells, each `widths[i]` wide plus one space, with two cells kept
    /// for a "more" mark on each side that has hidden walks: the window around `chosen`, reaching as far
    /// left as fits (so it moves only when the choice would leave it).
    static func walkWindow(widths: [Int], chosen: Int, room: Int) -> Range<Int> {
        guard !widths.isEmpty, widths.indices.contains(chosen) else { return 0..<0 }
        func fits(_ range: Range<Int>) -> Bool {
            let marks = (range.lowerBound > 0 ? 2 : 0) + (range.upperBound < widths.count ? 2 : 0)
            return range.reduce(0) { $0 + widths[$1] + 1 } + marks <= room
        }
        // The first walk shown: as far left as still shows the chosen one.
        var first = 0
        while first < chosen && !fits(first..<(chosen + 1)) { first += 1 }
        var end = chosen + 1
        while end < widths.count && fits(first..<(end + 1)) { end += 1 }
        return first..<end
    }

    /// One line: the settings the next walk starts with.
    func settingsSummary(_ settings: PlaySettings) -> String {
        let values = PlaySettings.Field.allCases.map { "\(label($0)) \(value($0, settings))" }
        return values.joined(separator: " · ")
    }

    // MARK: Settings

    func label(_ field: PlaySettings.Field) -> String {
        switch field {
        case .audioLanguage: return strings["Audio language"]
        case .subtitles: return strings["Subtitles"]
        case .profile: return strings["Rules"]
        case .queueDepth: return strings["Queue depth"]
        case .confirmFixes: return strings["Confirm fixes"]
        case .minAccuracy: return strings["Min accuracy"]
        case .skipMissed: return strings["Skip missed points"]
        case .speed: return strings["Speed"]
        }
    }

    func value(_ field: PlaySettings.Field, _ settings: PlaySettings) -> String {
        switch field {
        case .audioLanguage: return settings.audioLanguage ?? strings["auto"]
        case .subtitles:
            switch settings.subtitles {
            case .sameAsAudio: return strings["as audio"]
            case .off: return strings["off"]
            case let .language(code): return code
            }
        case .profile: return settings.profile.rawValue
        case .queueDepth: return String(settings.policy.queueDepth)
        case .confirmFixes: return String(settings.policy.confirmFixes)
        case .minAccuracy: return settings.policy.minAccuracyMeters.map { "\(formatShortNumber($0)) m" } ?? strings["off"]
        case .skipMissed: return settings.policy.skipMissed ? strings["yes"] : strings["no"]
        case .speed: return "×" + (settings.speed >= 1 ? formatShortNumber(settings.speed) : "1/\(formatShortNumber(1 / settings.speed))")
        }
    }

    func explanation(_ field: PlaySettings.Field) -> String {
        switch field {
        case .audioLanguage: return strings["The narration's language; auto takes yours (LANG) when the tour has it."]
        case .subtitles: return strings["Subtitles follow the heard audio; s in the player cycles them."]
        case .profile: return strings["prd: walkscape's rules; ios-app, android-app: what each phone does; ideal."]
        case .queueDepth: return strings["Points that may wait behind the playing audio (0: no queue)."]
        case .confirmFixes: return strings["Consecutive fixes inside a region before its point triggers."]
        case .minAccuracy: return strings["Fixes less accurate than this are ignored."]
        case .skipMissed: return strings["Entering a later region skips the points before it."]
        case .speed: return strings["Replay speed; from ×1/2 to ×2 the audio is heard with its pitch kept, beyond it is muted and its clock runs on."]
        }
    }

    func drawSettings(_ state: BrowserState, into grid: inout CellGrid, width: Int, height: Int) {
        grid.put("walkscape — \(strings["Settings"])", x: 0, y: 0, style: BrowserScreen.title)
        let labelWidth = PlaySettings.Field.allCases.map { DisplayWidth.of(label($0)) }.max() ?? 0
        for (i, field) in PlaySettings.Field.allCases.enumerated() {
            let y = 2 + i * 2
            let chosen = field == state.settingsField
            grid.put(DisplayWidth.pad(label(field), to: labelWidth), x: 2, y: y, style: chosen ? BrowserScreen.title : CellStyle(foreground: .text))
            let shown = ascii ? "< \(value(field, state.settings)) >" : "‹ \(value(field, state.settings)) ›"
            grid.put(shown, x: 4 + labelWidth, y: y, style: chosen ? BrowserScreen.selected : CellStyle(foreground: .text))
            if chosen {
                grid.put(ascii ? ">" : "▶", x: 0, y: y, style: CellStyle(foreground: .active, bold: true))
                grid.put(DisplayWidth.truncate(explanation(field), to: width - 6 - labelWidth), x: 4 + labelWidth, y: y + 1, style: BrowserScreen.dim)
            }
        }
        hints([(ascii ? "up/down" : "↑/↓", "choose"), (ascii ? "left/right" : "←/→", "change"), ("esc", "back"), ("q", "quit")], into: &grid, width: width, height: height)
    }
}
