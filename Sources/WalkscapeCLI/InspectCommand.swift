import ArgumentParser
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReports
import WalkscapeTraces

/// `walkscape inspect FILE`: what a media or trace file holds, as walkscape reads it.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what a GPS trace file holds: fixes, tracks, routes, waypoints, time span, length, warnings.",
        discussion: """
            Traces: GPX 1.0/1.1 (track points, else route points), NMEA 0183 logs (RMC + GGA), GeoJSON \
            (LineString/MultiLineString) and KML (gx:Track, LineString), each optionally gzip-compressed (.gpx.gz). The format is told by the \
            content, then by the extension. Fixes are sorted by time; unusable ones are dropped and each kind \
            of drop is reported as one warning. The length is the haversine length in file order. See \
            docs/traces.md.

            Subtitles (.srt, or SubRip content): encoding, cue count, first start and last end, and every \
            warning (malformed cues skipped, overlaps, reading speed over 20 characters a second, empty cues); \
            exit 1 when no cue can be read. See docs/subtitles.md.

            Audio (.mp3, .wav, or MP3/WAV/RF64 content): codec, sample rate, channels and the exact length in \
            frames, found by decoding the whole file (MP3 gapless, encoder delay and padding removed); a file \
            shorter than its header promises is a warning saying what is missing. See docs/audio.md.

            Exit status: 0 the file was read (warnings allowed, even without fixes), 1 the file is broken (one \
            line on standard error: FILE:LINE: what is wrong; what was expected), 2 usage error or a file \
            that cannot be read at all.

            Examples:
              walkscape inspect fixtures/traces/torino-portici-clean.gpx
              walkscape inspect --json walk.gpx.gz
              walkscape inspect --walk-speed 1.4 route-without-times.gpx
              walkscape inspect --json tours/paris-ile-de-la-cite/audio/en/p1.mp3
            """)

    /// The kinds of file `inspect` knows; each has its own function.
    enum Kind: Equatable {
        case trace
        case subtitles
        case audio
    }

    @Argument(help: "The file to inspect.")
    var file: String

    @Flag(help: "Print JSON for machines.")
    var json = false

    @Flag(help: "With --json, list every fix of a trace as [time, latitude, longitude] (the differential tests compare them with gpsd's).")
    var fixes = false

    @Option(help: "Walking speed in metres a second for making up times when a trace has none.")
    var walkSpeed = TraceNormalizer.defaultWalkSpeed

    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        guard walkSpeed.isFinite && walkSpeed > 0 else { throw ValidationError("--walk-speed must be a positive number of metres a second.") }
        if fixes && !json { throw ValidationError("--fixes lists fixes in the JSON output: add --json.") }
    }

    func run() throws {
        let console = CommandContext.console
        switch kind(of: file) {
        case .trace: try inspectTrace(console: console)
        case .subtitles: try inspectSubtitles(console: console)
        case .audio: try inspectAudio(console: console)
        }
    }

    /// The kind of `path`, by what its content and name say.
    func kind(of path: String) -> Kind {
        if Self.isSubtitleFile(path) { return .subtitles }  // .srt, or SubRip content (InspectSubtitles.swift)
        if Self.isAudioFile(path) { return .audio }  // .mp3/.wav, or MP3/WAV/RF64 content (InspectAudio.swift)
        // Every file is a trace for now: the trace reader says clearly when it is not one.
        return .trace
    }

    // MARK: Traces

    func inspectTrace(console: Console) throws {
        let loaded: LoadedTrace
        do {
            loaded = try TraceFileReader.read(path: file, walkSpeed: walkSpeed, selection: traceSelection.selection)
        } catch {
            console.error(TerminalText.sanitize(error.description))
            throw CommandExit(error.kind == .unreadable ? .usage : .failure)
        }
        if json {
            var object = traceJSON(loaded.summary)
            if fixes, case .object(var members) = object {
                members.append((key: "fixList", value: fixListJSON(loaded.trace)))
                object = .object(members)
            }
            console.write(JSONWriter(pretty: false).write(object) + "\n")
        } else {
            for line in traceText(loaded.summary) { console.line(line) }
        }
    }

    func traceJSON(_ summary: TraceSummary) -> JSONValue {
        func time(_ value: Double?) -> JSONValue { value.flatMap(ISO8601Time.formatIfRepresentable).map { .string($0) } ?? .null }
        return .object([
            ("kind", .string("trace")), ("format", .string(summary.format.rawValue)),
            ("fixes", .integer(summary.fixes)), ("tracks", .integer(summary.tracks)), ("segments", .integer(summary.segments)),
            ("routes", .integer(summary.routes)), ("routePoints", .integer(summary.routePoints)),
            ("waypoints", .integer(summary.waypoints)), ("firstTime", time(summary.firstTime)), ("lastTime", time(summary.lastTime)),
            ("lengthMeters", .number(formatFixed(summary.lengthMeters, 3))),
            ("warnings", .array(summary.warnings.map(JSONValue.string))),
            ("compressed", .bool(summary.compressed)), ("timesSynthesized", .bool(summary.timesSynthesized)),
            ("parts", .array(summary.parts.map { part in
                .object([
                    ("track", .integer(part.track)), ("segment", .integer(part.segment)), ("fixes", .integer(part.fixes)),
                    ("timedFixes", .integer(part.timedFixes)), ("firstTime", time(part.firstTime)), ("lastTime", time(part.lastTime)),
                    ("madeUpTimes", .bool(part.madeUpTimes)),
                    ("lengthMeters", .number(formatFixed(part.lengthMeters, 3))),
                ])
            })),
        ])
    }

    /// Every fix as `[time, latitude, longitude]`, the time as ISO 8601 to the millisecond, degrees to 1e-9.
    func fixListJSON(_ trace: Trace) -> JSONValue {
        .array((0..<trace.count).map { i in
            .array([
                ISO8601Time.formatIfRepresentable(trace.times[i]).map { .string($0) } ?? .null,
                .number(formatFixed(trace.latitudes[i], 9)), .number(formatFixed(trace.longitudes[i], 9)),
            ])
        })
    }

    func traceText(_ summary: TraceSummary) -> [String] {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        let formatName: String
        switch summary.format {
        case .gpx: formatName = "GPX"
        case .nmea: formatName = "NMEA 0183"
        case .geojson: formatName = "GeoJSON"
        case .kml: formatName = "KML"
        }
        var facts = TextTable(["", ""])
        facts.add(["Format", formatName + (summary.compressed ? " (gzip-compressed)" : "")])
        var fixes = String(summary.fixes)
        if summary.usedRoutePoints {
            fixes += " from route points (the file has no track points)"
        } else if summary.format != .nmea {
            fixes += " in " + count(summary.tracks, "track", "tracks") + ", " + count(summary.segments, "segment", "segments")
        }
        facts.add(["Fixes", fixes])
        if summary.format == .gpx {
            facts.add(["Routes", "\(summary.routes) (" + count(summary.routePoints, "point", "points") + ")"])
        }
        if summary.format != .nmea { facts.add(["Waypoints", String(summary.waypoints)]) }
        if let first = summary.firstTime, let last = summary.lastTime {
            var made = ""
            if summary.timesSynthesized {
                made = summary.timedFixes > 0 ? " (made up at the walking speed: only \(summary.timedFixes) of \(summary.fixes) fixes have a time)" : " (made up: the file has no usable times)"
            }
            facts.add(["Start", ISO8601Time.format(first) + made])
            facts.add(["End", ISO8601Time.format(last) + "  (" + duration(last - first) + " later)"])
        } else {
            facts.add(["Time", "none (no fixes)"])
        }
        facts.add(["Length", formatFixed(summary.lengthMeters, 3) + " m  (" + Formatting.distance(meters: summary.lengthMeters) + ", in file order)"])
        facts.add(["Warnings", summary.warnings.isEmpty ? "none" : String(summary.warnings.count)])
        var lines = [TerminalText.sanitize(file)]
        lines += facts.render().dropFirst()
        if summary.parts.count > 1 { lines += partsText(summary.parts) }
        for warning in summary.warnings { lines.append("warning: " + TerminalText.sanitize(warning)) }
        if let problem = summary.replayProblem { lines.append("note: \(problem); it cannot be replayed") }
        return lines
    }

    /// One line for each track segment of the file: its fixes, time span and length (pick one with --track).
    func partsText(_ parts: [TracePart]) -> [String] {
        var table = TextTable(["", "", "", "", ""])
        for part in parts {
            var span = "no times"
            if let first = part.firstTime, let last = part.lastTime {
                span = ISO8601Time.format(first) + " to " + ISO8601Time.format(last) + " (" + duration(last - first) + ")"
                if part.madeUpTimes {
                    span += part.timedFixes == 0 ? ", made up" : ", made up (\(part.timedFixes) timed in the file)"
                } else if part.timedFixes < part.fixes {
                    span += ", \(part.fixes - part.timedFixes) untimed"
                }
            }
            table.add(["  track \(part.track)", "segment \(part.segment)", "\(part.fixes) fix\(part.fixes == 1 ? "" : "es")", span, Formatting.distance(meters: part.lengthMeters)])
        }
        return ["Parts (pick one with --track N, --segment M):"] + table.render().dropFirst()
    }

    /// `1:02:03` or `36:11` (rounded to the second).
    func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let h = total / 3600, m = total / 60 % 60, s = total % 60
        let mm = m < 10 && h > 0 ? "0\(m)" : "\(m)"
        let ss = s < 10 ? "0\(s)" : "\(s)"
        return h > 0 ? "\(h):\(mm):\(ss)" : "\(mm):\(ss)"
    }
}
