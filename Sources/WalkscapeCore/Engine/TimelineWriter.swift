/// Writes timelines as JSON Lines, one JSON document, or aligned text for people. The same timeline always
/// gives the same bytes: numbers have fixed decimals and keys a fixed order.
public struct TimelineWriter: Sendable {
    /// The output formats of `simulate --format`.
    public enum Format: String, Sendable, CaseIterable {
        case jsonl, json, text
    }

    /// Point ids and titles by order, for labelling events.
    public var pointIDs: [Int: String]
    public var pointTitles: [Int: String]

    public init(pointIDs: [Int: String] = [:], pointTitles: [Int: String] = [:]) {
        self.pointIDs = pointIDs
        self.pointTitles = pointTitles
    }

    /// The warning carried by `point_refired` events, in JSON (`warning`) and text.
    public static let refireWarning = "likely app bug: re-entering the current point's region restarts its narration"

    /// One event as a JSON object: `t`, `event`, then `point`, `pointId`, `distance`, `lat`, `lng`, `queue`,
    /// `audioSeconds`, `next`, `missed` where they apply, and `warning` on `point_refired`, `audio_cut` and a
    /// `tour_completed` that ends the tour before every point played.
    public func object(_ event: EngineEvent) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("t", .number(formatFixed(event.t, 3))), ("event", .string(event.kind.rawValue)),
        ]
        if let point = event.point {
            members.append(("point", .integer(point)))
            if let id = pointIDs[point] { members.append(("pointId", .string(id))) }
        }
        if let distance = event.distance { members.append(("distance", .number(formatFixed(distance, 1)))) }
        if let location = event.location {
            members.append(("lat", .number(formatFixed(location.lat, 6))))
            members.append(("lng", .number(formatFixed(location.lng, 6))))
        }
        members.append(("queue", .integer(event.queueLength)))
        if let seconds = event.audioSeconds { members.append(("audioSeconds", .number(formatFixed(seconds, 3)))) }
        if let next = event.next { members.append(("next", .integer(next))) }
        if let missed = event.missed { members.append(("missed", .array(missed.map(JSONValue.integer)))) }
        if event.kind == .pointRefired { members.append(("warning", .string(TimelineWriter.refireWarning))) }
        if event.kind == .audioCut || (event.kind == .tourCompleted && event.missed != nil) {
            members.append(("warning", .string(AppCursorRules.earlyCompletionWarning)))
        }
        return .object(members)
    }

    /// JSON Lines: one compact object a line.
    public func jsonLines(_ timeline: Timeline) -> String {
        let compact = JSONWriter(pretty: false)
        var out = ""
        for event in timeline.events {
            out += compact.write(object(event))
            out += "\n"
        }
        return out
    }

    /// One pretty JSON document: `meta` members first, then `events`.
    public func json(_ timeline: Timeline, meta: [(key: String, value: JSONValue)]) -> String {
        JSONWriter().write(.object(meta + [("events", .array(timeline.events.map(object)))]))
    }

    /// Aligned columns for people: time as m:ss.s, event, point, title, and a detail.
    public func text(_ timeline: Timeline) -> String {
        var rows: [[String]] = [TimelineWriter.textHeader]
        for event in timeline.events { rows.append(textCells(event)) }
        var widths = Array(repeating: 0, count: 5)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) } }
        var out = ""
        for row in rows { out += TimelineWriter.textLine(row, widths: widths) }
        return out
    }

    /// The text format's column titles.
    public static let textHeader = ["TIME", "EVENT", "#", "POINT", "DETAIL"]
    /// Column widths for a text timeline written as it happens (`track --format text`), when the widths of
    /// the rows to come are not known: a time up to h:mm:ss.s, the longest event name, three-digit points.
    public static let liveTextWidths = [9, 15, 3, 36, 0]

    /// One row of the text format, padded to `widths` (trailing spaces trimmed), with its newline.
    public static func textLine(_ row: [String], widths: [Int] = liveTextWidths) -> String {
        var line = DisplayWidth.pad(row[0], to: widths[0], right: true)
        line += "  " + DisplayWidth.pad(row[1], to: widths[1])
        line += "  " + DisplayWidth.pad(row[2], to: widths[2], right: true)
        line += "  " + DisplayWidth.pad(row[3], to: widths[3])
        line += "  " + row[4]
        while line.last == " " { line.removeLast() }
        return line + "\n"
    }

    /// The text format's cells for one event: time, event, point, title, detail.
    public func textCells(_ event: EngineEvent) -> [String] {
        var detail = ""
        switch event.kind {
        case .audioStarted: detail = "plays " + TimelineWriter.clock(event.audioSeconds ?? 0)
        case .pointQueued: detail = "queue \(event.queueLength)"
        case .tourIncomplete:
            detail = "next \(event.next.map(String.init) ?? "-"), missed " + (event.missed ?? []).map(String.init).joined(separator: ",")
        case .tourCompleted:
            if let missed = event.missed, !missed.isEmpty {
                detail = "the app ends the tour; never played " + missed.map(String.init).joined(separator: ",") + " (likely app bug)"
            } else if event.missed != nil {
                detail = "the app ends the tour as the last point starts (likely app bug)"
            } else {
                detail = "all points played"
            }
        case .audioCut: detail = "the app stops the audio (likely app bug)"
        case .appKilled:
            detail = (event.point == nil ? "the app dies" : "the app dies; the narration stops") + ", next \(event.next.map(String.init) ?? "-"), missed "
                + (event.missed ?? []).map(String.init).joined(separator: ",")
        case .pointRefired: detail = (event.distance.map { formatFixed($0, 1) + " m, " } ?? "") + "restarts the narration (likely app bug)"
        default:
            if let distance = event.distance { detail = formatFixed(distance, 1) + " m" }
        }
        let title = event.point.flatMap { pointTitles[$0] }.map { DisplayWidth.truncate(TerminalText.sanitize($0), to: 36) } ?? ""
        return [TimelineWriter.clock(event.t), event.kind.rawValue, event.point.map(String.init) ?? "", title, detail]
    }

    /// `m:ss.s` (or `h:mm:ss.s` from an hour up), rounded to a tenth of a second.
    public static func clock(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10).rounded())
        let hours = tenths / 36000
        let minutes = tenths / 600 % 60
        let secs = tenths / 10 % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let rest = two(secs) + ".\(tenths % 10)"
        return hours > 0 ? "\(hours):" + two(minutes) + ":" + rest : "\(minutes):" + rest
    }
}
