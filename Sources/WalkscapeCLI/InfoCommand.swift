import ArgumentParser
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReports
import WalkscapeReplay
import WalkscapeTours

/// `walkscape info TOUR`: one tour in detail.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a tour in detail: description, stats, languages, points, audio lengths, download size.",
        discussion: """
            Each point is listed with its trigger radius, its distance from the previous point (from the \
            starting point for the first) and the exact length of its audio in every language. The tour must \
            be valid enough to read; run `walkscape validate` for a full check.

            Examples:
              walkscape info tours/torino-portici
              walkscape info --lang en tours/paris-ile-de-la-cite/tour.json
              walkscape info --json tours/torino-portici
              walkscape info tours/torino-portici --timing --speed 1.2

            --timing sets talk time against walk time: per leg, the walk from leaving point n's region to \
            entering point n+1's (along the route when there is one) at --speed and at a slow (0.9 m/s) and \
            brisk (1.5 m/s) walker's pace, against point n's narration in each language: how long walkers \
            wait for it to end, or how long they walk in silence. Then the announced distanceKm and \
            durationMinutes against what the points and recordings add up to. `validate` warns about the same \
            findings. With --json, all of it as JSON.
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @OptionGroup var language: LanguageOption

    @Flag(help: "Print JSON for machines.")
    var json = false

    @Flag(help: "Talk time against walk time: each leg's walk against the narration before it, and the announced totals.")
    var timing = false

    @Option(help: ArgumentHelp("With --timing: the walking speed in m/s (default 1.2).", valueName: "M/S"))
    var speed: Double?

    func validate() throws {
        if speed != nil && !timing { throw ValidationError("--speed is the walking speed of --timing; add --timing.") }
        if let speed, !(speed >= 0.1 && speed <= 10) {
            throw ValidationError("--speed must be a walking speed in m/s from 0.1 to 10, got \(formatShortNumber(speed)).")
        }
    }

    func run() throws {
        let console = CommandContext.console
        let loaded = try TourInput.load(tour, console: console)
        guard let model = loaded.tour, !loaded.diagnostics.hasErrors else {
            for problem in loaded.diagnostics where problem.severity == .error { console.error(TerminalText.sanitize(problem.description)) }
            console.error("\(tour): not a readable tour; run `walkscape validate \(tour)` for every problem")
            throw CommandExit(.failure)
        }
        let lang = model.language(for: language.requested)
        let audio = measureAudio(model, location: loaded.location, console: console)
        if timing {
            var lengths = audio.mapValues { $0.mapValues(\.durationSeconds) }
            // A recording not made yet counts with the length tour.json records for it, when it does.
            for point in model.points {
                for track in point.tracks where lengths[point.order]?[track.language] == nil {
                    if let recorded = track.audio.durationSeconds { lengths[point.order, default: [:]][track.language] = recorded }
                }
            }
            let result = TalkWalkTiming.compute(model, narrationSeconds: lengths, speed: speed ?? 1.2)
            if json {
                console.write(JSONWriter().write(TimingReport.json(result, tour: model)) + "\n")
            } else {
                for line in TimingReport.text(result, languages: model.languages) { console.line(line) }
            }
            return
        }
        let downloadBytes = uniqueAssets(model).reduce(0) { $0 + ($1.fileSizeBytes ?? 0) }
        if json {
            console.write(JSONWriter().write(jsonReport(model, lang: lang, audio: audio, downloadBytes: downloadBytes)))
            return
        }
        printReport(model, lang: lang, audio: audio, downloadBytes: downloadBytes, console: console)
    }

    /// The exact audio length of every track, by point order and language (nil when the file is unusable).
    func measureAudio(_ tour: Tour, location: TourLocation, console: Console) -> [Int: [String: AudioInfo]] {
        var result: [Int: [String: AudioInfo]] = [:]
        for point in tour.points {
            for track in point.tracks {
                switch AudioMeasurement.measure(track.audio, in: location) {
                case let .success(info): result[point.order, default: [:]][track.language] = info
                case let .failure(problem): console.error(TerminalText.sanitize(problem.description))
                }
            }
        }
        return result
    }

    func uniqueAssets(_ tour: Tour) -> [Asset] {
        var seen = Set<String>()
        return tour.assets.map(\.asset).filter { seen.insert($0.file).inserted }
    }

    func distanceFromPrevious(_ tour: Tour, _ index: Int) -> Double {
        let previous = index == 0 ? tour.startingPoint : tour.points[index - 1].location
        return Geodesy.distance(previous, tour.points[index].location)
    }

    func printReport(_ tour: Tour, lang: String, audio: [Int: [String: AudioInfo]], downloadBytes: Int, console: Console) {
        let title = TerminalText.sanitize(tour.title.resolved(lang, fallbacks: tour.languages))
        console.line(title)
        console.line(String(repeating: "=", count: max(3, DisplayWidth.of(title))))
        let access = tour.isProtected ? "protected (voucher needed)" : "free"
        console.line("\(TerminalText.sanitize(tour.city)) · \(tour.points.count) stops · \(Formatting.kilometres(tour.distanceKm)) · about \(Formatting.minutes(tour.durationMinutes)) · \(access)")
        if let description = tour.description {
            console.line()
            for line in Formatting.wrap(TerminalText.sanitize(description.resolved(lang, fallbacks: tour.languages), keepNewlines: true), width: 78) {
                console.line(line)
            }
        }
        console.line()
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
        let fileCount = uniqueAssets(tour).count
        facts.add(["Download", "\(Formatting.bytes(downloadBytes)) in \(fileCount) file\(fileCount == 1 ? "" : "s")"])
        for line in facts.render().dropFirst() { console.line(line) }
        console.line()
        var headers = ["#", "ID", "STOP", "RADIUS", "FROM PREV"]
        headers += tour.languages.map { "AUDIO \($0)" }
        headers.append("SUBTITLES")
        var table = TextTable(headers, rightAligned: Set([0, 3, 4] + tour.languages.indices.map { 5 + $0 }))
        var totals: [String: Double] = [:]
        for (index, point) in tour.points.enumerated() {
            var row = [
                String(point.order), point.id, DisplayWidth.truncate(point.title.resolved(lang, fallbacks: tour.languages), to: 34),
                "\(formatShortNumber(point.triggerRadiusMeters)) m", Formatting.distance(meters: distanceFromPrevious(tour, index)),
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
        for line in table.render() { console.line(line) }
        let placeholders = tour.points.flatMap { point in point.tracks.filter(\.isPlaceholder).map { _ in point.order } }
        if !placeholders.isEmpty {
            console.line("* placeholder recording (generated; the narration is still missing): \(placeholders.count) track\(placeholders.count == 1 ? "" : "s")")
        }
        console.line()
        console.line("Total audio: " + tour.languages.map { "\($0) \(TimelineWriter.clock( totals[$0] ?? 0))" }.joined(separator: ", "))
    }

    func jsonReport(_ tour: Tour, lang: String, audio: [Int: [String: AudioInfo]], downloadBytes: Int) -> JSONValue {
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
                ("distanceFromPreviousMeters", number(distanceFromPrevious(tour, index), 1)),
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
