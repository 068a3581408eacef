import WalkscapeAudio
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem

/// `walkscape info`'s report on one tour: its texts and facts, a row a point with its audio lengths per
/// language, the download's size; as lines for people or one JSON document. With `timing`, the talk-walk
/// timing (`TalkWalkTiming`) instead.
public struct TourInfoReport {
    public var tour: Tour
    /// The language the texts are shown in.
    public var lang: String
    /// The exact length of every readable recording, by point order and language.
    public var audio: [Int: [String: AudioInfo]]

    public init(tour: Tour, lang: String, audio: [Int: [String: AudioInfo]]) {
        self.tour = tour
        self.lang = lang
        self.audio = audio
    }

    /// Runs `info` on the tour `argument` names: the report, or the timing, on `console`.
    public static func run(_ argument: String, language: String?, json: Bool, timing: Bool, speed: Double?, console: Console) throws {
        let loaded = try TourInput.load(argument, console: console)
        guard let model = loaded.tour, !loaded.diagnostics.hasErrors else {
            for problem in loaded.diagnostics where problem.severity == .error { console.error(TerminalText.sanitize(problem.description)) }
            console.error("\(argument): not a readable tour; run `walkscape validate \(argument)` for every problem")
            throw CommandExit(.failure)
        }
        let audio = measureAudio(model, location: loaded.location) { console.error(TerminalText.sanitize($0.description)) }
        if timing {
            let result = TalkWalkTiming.compute(model, narrationSeconds: narrationSeconds(model, measured: audio), speed: speed ?? 1.2)
            if json {
                console.write(JSONWriter().write(TimingReport.json(result, tour: model)) + "\n")
            } else {
                for line in TimingReport.text(result, languages: model.languages) { console.line(line) }
            }
            return
        }
        let report = TourInfoReport(tour: model, lang: model.language(for: language), audio: audio)
        if json {
            console.write(JSONWriter().write(report.json()))
        } else {
            for line in report.lines() { console.line(line) }
        }
    }

    /// The narrations' lengths for the timing: measured, else (a recording not made yet) the length
    /// tour.json records for it, when it does.
    static func narrationSeconds(_ tour: Tour, measured: [Int: [String: AudioInfo]]) -> [Int: [String: Double]] {
        var lengths = measured.mapValues { $0.mapValues(\.durationSeconds) }
        for point in tour.points {
            for track in point.tracks where lengths[point.order]?[track.language] == nil {
                if let recorded = track.audio.durationSeconds { lengths[point.order, default: [:]][track.language] = recorded }
            }
        }
        return lengths
    }

    /// The exact audio length of every track, by point order and language (nil when the file is unusable).
    public static func measureAudio(_ tour: Tour, location: TourLocation, problem: (Diagnostic) -> Void) -> [Int: [String: AudioInfo]] {
        var result: [Int: [String: AudioInfo]] = [:]
        for point in tour.points {
            for track in point.tracks {
                switch AudioMeasurement.measure(track.audio, in: location) {
                case let .success(info): result[point.order, default: [:]][track.language] = info
                case let .failure(diagnostic): problem(diagnostic)
                }
            }
        }
        return result
    }

    /// The bytes a download of the tour fetches: each file once.
    static func downloadBytes(_ tour: Tour) -> Int { uniqueAssets(tour).reduce(0) { $0 + ($1.fileSizeBytes ?? 0) } }

    static func uniqueAssets(_ tour: Tour) -> [Asset] {
        var seen = Set<String>()
        return tour.assets.map(\.asset).filter { seen.insert($0.file).inserted }
    }

    static func distanceFromPrevious(_ tour: Tour, _ index: Int) -> Double {
        let previous = index == 0 ? tour.startingPoint : tour.points[index - 1].location
        return Geodesy.distance(previous, tour.points[index].location)
    }

    /// The report for people.
    public func lines() -> [String] {
        var lines: [String] = []
        let downloadBytes = Self.downloadBytes(tour)
        let title = TerminalText.sanitize(tour.title.resolved(lang, fallbacks: tour.languages))
        lines.append(title)
        lines.append(String(repeating: "=", count: max(3, DisplayWidth.of(title))))
        let access = tour.isProtected ? "protected (voucher needed)" : "free"
        lines.append("\(TerminalText.sanitize(tour.city)) · \(tour.points.count) stops · \(Formatting.kilometres(tour.distanceKm)) · about \(Formatting.minutes(tour.durationMinutes)) · \(access)")
        if let description = tour.description {
            lines.append("")
            for line in Formatting.wrap(TerminalText.sanitize(description.resolved(lang, fallbacks: tour.languages), keepNewlines: true), width: 78) {
                lines.append(line)
            }
        }
        lines.append("")
        var facts = TextTable(["", ""])
        facts.add(["Tour", "\(tour.id) (version \(tour.version), slug \(tour.slug))"])
        facts.add(["Languages", tour.languages.joined(separator: ", ") + "  (showing \(lang))"])
        let startDistance = tour.points.first.map { Geodesy.distance(tour.startingPoint, $0.location) } ?? 0
        facts.add(["Start", "\(formatFixed(tour.startingPoint.lat, 6)), \(formatFixed(tour.startingPoint.lng, 6))  (\(Formatting.distance(meters: startDistance)) from stop 1)"])
        if let route = tour.route {
            facts.add(["Route", "\(Formatting.distance(meters: route.lengthMeters)) through \(route.points.count) positions (\(route.encoding.rawValue))"])
        } else {
            facts.add(["Route", "none (the map joins the stops in order)"])
        }
        let fileCount = Self.uniqueAssets(tour).count
        facts.add(["Download", "\(Formatting.bytes(downloadBytes)) in \(fileCount) file\(fileCount == 1 ? "" : "s")"])
        for line in facts.render().dropFirst() { lines.append(line) }
        lines.append("")
        var headers = ["#", "ID", "STOP", "RADIUS", "FROM PREV"]
        headers += tour.languages.map { "AUDIO \($0)" }
        headers.append("SUBTITLES")
        var table = TextTable(headers, rightAligned: Set([0, 3, 4] + tour.languages.indices.map { 5 + $0 }))
        var totals: [String: Double] = [:]
        for (index, point) in tour.points.enumerated() {
            var row = [
                String(point.order), point.id, DisplayWidth.truncate(point.title.resolved(lang, fallbacks: tour.languages), to: 34),
                "\(formatShortNumber(point.triggerRadiusMeters)) m", Formatting.distance(meters: Self.distanceFromPrevious(tour, index)),
            ]
            for language in tour.languages {
                if let info = audio[point.order]?[language] {
                    row.append(TimelineWriter.clock( info.durationSeconds) + (point.track(language)?.isPlaceholder == true ? " *" : ""))
                    totals[language, default: 0] += info.durationSeconds
                } else {
                    row.append(point.track(language) == nil ? "—" : "unreadable")
                }
            }
            row.append(point.tracks.map { track in
                track.language + ":" + (track.subtitles.isEmpty ? "none" : track.subtitles.map(\.language).joined(separator: "+"))
            }.joined(separator: " "))
            table.add(row)
        }
        for line in table.render() { lines.append(line) }
        let placeholders = tour.points.flatMap { point in point.tracks.filter(\.isPlaceholder).map { _ in point.order } }
        if !placeholders.isEmpty {
            lines.append("* placeholder recording (generated; the narration is still missing): \(placeholders.count) track\(placeholders.count == 1 ? "" : "s")")
        }
        lines.append("")
        lines.append("Total audio: " + tour.languages.map { "\($0) \(TimelineWriter.clock( totals[$0] ?? 0))" }.joined(separator: ", "))
        return lines
    }

    /// The report for tools.
    public func json() -> JSONValue {
        let downloadBytes = Self.downloadBytes(tour)
        func number(_ value: Double, _ decimals: Int) -> JSONValue { .number(formatFixed(value, decimals)) }
        let points: [JSONValue] = tour.points.enumerated().map { index, point in
            let lengths: [(key: String, value: JSONValue)] = tour.languages.map { language in
                (key: language, value: audio[point.order]?[language].map { number($0.durationSeconds, 3) } ?? .null)
            }
            let placeholders: [(key: String, value: JSONValue)] = point.tracks.contains(where: \.isPlaceholder)
                ? [("placeholderAudio", .array(point.tracks.filter(\.isPlaceholder).map { .string($0.language) }))] : []
            return .object([
                ("order", .integer(point.order)), ("id", .string(point.id)),
                ("title", .string(point.title.resolved(lang, fallbacks: tour.languages))),
                ("lat", .number(String(point.location.lat))), ("lng", .number(String(point.location.lng))),
                ("triggerRadiusMeters", .number(formatShortNumber(point.triggerRadiusMeters))),
                ("distanceFromPreviousMeters", number(Self.distanceFromPrevious(tour, index), 1)),
                ("audioSeconds", .object(lengths)),
            ] + placeholders)
        }
        var totals: [(key: String, value: JSONValue)] = []
        for language in tour.languages {
            let sum = tour.points.reduce(0.0) { $0 + (audio[$1.order]?[language]?.durationSeconds ?? 0) }
            totals.append((key: language, value: number(sum, 3)))
        }
        return .object([
            ("id", .string(tour.id)), ("slug", .string(tour.slug)), ("version", .integer(tour.version)),
            ("language", .string(lang)), ("title", .string(tour.title.resolved(lang, fallbacks: tour.languages))),
            ("description", tour.description.map { .string($0.resolved(lang, fallbacks: tour.languages)) } ?? .null),
            ("city", .string(tour.city)), ("durationMinutes", .number(formatShortNumber(tour.durationMinutes))),
            ("distanceKm", .number(formatShortNumber(tour.distanceKm))),
            ("routeLengthMeters", tour.route.map { number($0.lengthMeters, 1) } ?? .null),
            ("languages", .array(tour.languages.map(JSONValue.string))), ("isProtected", .bool(tour.isProtected)),
            ("stops", .integer(tour.points.count)), ("downloadBytes", .integer(downloadBytes)),
            ("audioSecondsTotal", .object(totals)), ("points", .array(points)),
        ])
    }
}
