import ArgumentParser
import WalkscapeCore
import WalkscapeTours

extension CompareCommand {
    /// The table for people: one row a point, a trigger and a start column per profile.
    func text(_ comparison: ProfileComparison, tour: ReplayTour) -> [String] {
        let titles = tour.pointTitles()
        let names = comparison.runs.map(\.name)
        var headers = ["", ""]
        var second = ["#", "POINT"]
        var right: Set<Int> = [0]
        for name in names {
            headers += [name, ""]
            second += ["TRIGGER", "START"]
            right.formUnion([headers.count - 2, headers.count - 1])
        }
        headers.append("")
        second.append("DIFFERS FROM \(names[0])")
        var table = TextTable(headers, rightAligned: right)
        table.add(second)
        for (i, order) in comparison.orders.enumerated() {
            var row = [String(order), DisplayWidth.truncate(TerminalText.sanitize(titles[order] ?? ""), to: 32)]
            for run in comparison.runs {
                let outcome = run.outcomes[i]
                row.append(clock(outcome.triggerT))
                row.append(clock(outcome.startT) + (outcome.refires > 0 ? " ↻\(outcome.refires)" : "") + (outcome.cut ? " ✂" : ""))
            }
            row.append(comparison.disagreeing(point: i).map { names[$0] }.joined(separator: ", "))
            table.add(row)
        }
        var lines = ["\(TerminalText.sanitize(tour.tour.title.resolved(tour.language, fallbacks: tour.tour.languages))) · \(trace ?? "") · \(tour.language)", ""]
        lines += table.render()
        lines.append("")
        for run in comparison.runs {
            var parts: [String] = []
            if let end = run.end {
                let cut = comparison.orders.indices.filter { run.outcomes[$0].cut }.map { String(comparison.orders[$0]) }
                if end.kind == .tourCompleted, end.missed != nil || !cut.isEmpty {
                    let missed = end.missed ?? []
                    let what = !missed.isEmpty ? "without playing " + missed.map(String.init).joined(separator: ",") : "cutting " + cut.joined(separator: ",") + " as it started"
                    parts.append("completed at \(TimelineWriter.clock(end.t)) \(what) (\(AppCursorRules.earlyCompletionWarning))")
                } else if end.kind == .tourCompleted {
                    parts.append("completed at \(TimelineWriter.clock(end.t))")
                } else {
                    parts.append("incomplete at \(TimelineWriter.clock(end.t)), missed " + (end.missed ?? []).map(String.init).joined(separator: ","))
                }
            }
            let timeline = run.timeline
            if let delivery = run.policy.fixDelivery {
                parts.append("\(timeline.fixes - timeline.withheldFixes) of \(timeline.fixes) fixes delivered (\(delivery.summary))")
            } else {
                parts.append("all \(timeline.fixes) fixes delivered")
            }
            if timeline.ignoredFixes > 0 { parts.append("\(timeline.ignoredFixes) ignored (accuracy worse than \(formatShortNumber(run.policy.minAccuracyMeters ?? 0)) m)") }
            let refired = comparison.orders.indices.filter { run.outcomes[$0].refires > 0 }
            if !refired.isEmpty {
                parts.append("re-fired " + refired.map { "point \(comparison.orders[$0]) ×\(run.outcomes[$0].refires)" }.joined(separator: ", ") + " (likely app bug)")
            }
            lines.append("\(run.name): " + parts.joined(separator: "; "))
        }
        let differing = comparison.orders.indices.filter { !comparison.agree(point: $0) }.count
        lines.append("")
        lines.append(differing == 0
            ? "The \(names.count) profiles agree on every point."
            : "\(differing) of \(comparison.orders.count) points differ between the \(names.count) profiles.")
        return lines
    }

    /// `{"tour", "trace", "language", "profiles": [...], "points": [...], "pointsDiffering"}`.
    func document(_ comparison: ProfileComparison, tour: ReplayTour) -> JSONValue {
        func time(_ t: Double?) -> JSONValue { t.map { .number(formatFixed($0, 3)) } ?? .null }
        let ids = tour.pointIDs
        let profiles: [JSONValue] = comparison.runs.map { run in
            var members: [(key: String, value: JSONValue)] = [
                ("name", .string(run.name)), ("policy", PolicyOptions.json(run.policy)),
                ("fixes", .integer(run.timeline.fixes)), ("fixesDelivered", .integer(run.timeline.fixes - run.timeline.withheldFixes)),
                ("fixesIgnored", .integer(run.timeline.ignoredFixes)),
                ("completed", .bool(run.end?.kind == .tourCompleted)), ("endT", time(run.end?.t)),
                ("missed", .array((run.end?.missed ?? []).map(JSONValue.integer))),
                ("refires", .integer(run.outcomes.reduce(0) { $0 + $1.refires })),
            ]
            if let profile = EngineProfile(rawValue: run.name) {
                members.insert(("summary", .string(profile.summary)), at: 1)
                members.insert(("upstreamCommit", profile.upstreamCommit.map(JSONValue.string) ?? .null), at: 2)
            }
            return .object(members)
        }
        let points: [JSONValue] = comparison.orders.enumerated().map { i, order in
            let results: [JSONValue] = comparison.runs.map { run in
                let outcome = run.outcomes[i]
                return .object([
                    ("profile", .string(run.name)), ("triggered", .bool(outcome.triggerT != nil)),
                    ("triggerT", time(outcome.triggerT)), ("startT", time(outcome.startT)), ("refires", .integer(outcome.refires)),
                    ("cut", .bool(outcome.cut)),
                ])
            }
            return .object([
                ("order", .integer(order)), ("id", .string(ids[order] ?? "")), ("results", .array(results)),
                ("agree", .bool(comparison.agree(point: i))),
                ("differFromFirst", .array(comparison.disagreeing(point: i).map { .string(comparison.runs[$0].name) })),
            ])
        }
        return .object([
            ("tour", .string(tour.tour.id)), ("trace", .string(trace ?? "")), ("language", .string(tour.language)),
            ("tolerance", .number(formatShortNumber(tolerance))), ("profiles", .array(profiles)), ("points", .array(points)),
            ("pointsDiffering", .integer(comparison.orders.indices.filter { !comparison.agree(point: $0) }.count)),
        ])
    }
}
