import WalkscapeCore

/// The closing lines of a live walk (`track`, `play --gps`): why it ended, what came in, where the walk stands.
public enum LiveTrackReport {
    public static func lines(_ outcome: LiveTrack.Outcome, pointCount: Int, record: String?) -> [String] {
        var lines: [String] = []
        switch outcome.ending {
        case let .sourceEnded(reason): lines.append("walkscape track: \(TerminalText.sanitize(reason))")
        case let .interrupted(signal): lines.append("walkscape track: stopped by signal \(signal)")
        }
        var fixes = "\(outcome.fixes) fix\(outcome.fixes == 1 ? "" : "es")"
        var dropped: [String] = []
        if outcome.dropped > 0 { dropped.append("\(outcome.dropped) dropped: older than the one before") }
        if outcome.far > 0 { dropped.append("\(outcome.far) dropped: far from the others' time") }
        if !dropped.isEmpty { fixes += " (" + dropped.joined(separator: "; ") + ")" }
        if outcome.unreadable.count > 0 {
            fixes += "; \(outcome.unreadable.count) line\(outcome.unreadable.count == 1 ? "" : "s") not read"
                + (outcome.unreadable.first.map { " (first: \(TerminalText.sanitize($0)))" } ?? "")
        }
        lines.append(fixes)
        for warning in outcome.streamWarnings { lines.append("NMEA: \(TerminalText.sanitize(warning))") }
        lines.append(standing(outcome.timeline, pointCount: pointCount))
        if let record, let recorded = outcome.recorded {
            lines.append("recorded \(recorded) fix\(recorded == 1 ? "" : "es") to \(TerminalText.sanitize(record))"
                + (outcome.recordFailure.map { "; recording stopped early: \($0)" } ?? ""))
        }
        return lines
    }

    /// "played 1–4 of 7 at 12:31.0; tour_incomplete (next 5, missed 3)".
    public static func standing(_ timeline: Timeline, pointCount: Int) -> String {
        let played = Array(Set(timeline.events.filter { $0.kind == .audioStarted }.compactMap(\.point))).sorted()
        var line = "played \(played.isEmpty ? "no point" : played.map(String.init).joined(separator: ","))"
        line += " of \(pointCount) by \(TimelineWriter.clock(timeline.events.last?.t ?? 0))"
        if let last = timeline.events.last, last.kind == .tourCompleted || last.kind == .tourIncomplete {
            line += "; \(last.kind.rawValue)"
            if last.kind == .tourIncomplete {
                line += " (next \(last.next.map(String.init) ?? "-")"
                if let missed = last.missed, !missed.isEmpty { line += ", missed \(missed.map(String.init).joined(separator: ","))" }
                line += ")"
            }
        }
        return line
    }
}
