import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem

/// `walkscape inspect` on a trace: what the file holds (format, fixes, tracks and segments, times, length,
/// warnings) as lines or JSON, with every fix on request.
public enum TraceFileInspection {

    public static func run(_ file: String, walkSpeed: Double, selection: TraceSelection, json: Bool, fixes: Bool, console: Console) throws {
        let loaded: LoadedTrace
        do {
            loaded = try TraceFileReader.read(path: file, walkSpeed: walkSpeed, selection: selection)
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
            for line in traceText(loaded.summary, file: file) { console.line(line) }
        }
    }

    public static func traceJSON(_ summary: TraceSummary) -> JSONValue {
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
    public static func fixListJSON(_ trace: Trace) -> JSONValue {
        .array((0..<trace.count).map { i in
            .array([
                ISO8601Time.formatIfRepresentable(trace.times[i]).map { .string($0) } ?? .null,
                .number(formatFixed(trace.latitudes[i], 9)), .number(formatFixed(trace.longitudes[i], 9)),
            ])
        })
    }

    public static func traceText(_ summary: TraceSummary, file: String) -> [String] {
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
        var fixCount = String(summary.fixes)
        if summary.usedRoutePoints {
            fixCount += " from route points (the file has no track points)"
        } else if summary.format != .nmea {
            fixCount += " in " + count(summary.tracks, "track", "tracks") + ", " + count(summary.segments, "segment", "segments")
        }
        facts.add(["Fixes", fixCount])
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
    public static func partsText(_ parts: [TracePart]) -> [String] {
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
    public static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let h = total / 3600, m = total / 60 % 60, s = total % 60
        let mm = m < 10 && h > 0 ? "0\(m)" : "\(m)"
        let ss = s < 10 ? "0\(s)" : "\(s)"
        return h > 0 ? "\(h):\(mm):\(ss)" : "\(mm):\(ss)"
    }
}
