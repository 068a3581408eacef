import WalkscapeCore

/// `compare`'s report: what each profile did with one walk, point by point, as a table for people or one
/// JSON document for tools, with the distance decisions, the phases and the upstream lines behind them.
public struct ProfileComparisonReport {
    /// The profiles' runs over the walk.
    public var comparison: ProfileComparison
    /// The tour's id, its title in the narration language, and that language.
    public var tourID: String
    public var tourTitle: String
    public var language: String
    /// Point ids and titles by order.
    public var pointIDs: [Int: String]
    public var pointTitles: [Int: String]
    /// The trace as the user named it.
    public var trace: String
    /// Trigger and start times closer than this agree, seconds.
    public var tolerance: Double
    /// Where each run's distance model decided a point, one per run.
    public var flips: [DistanceFlips]
    /// Each run's phase spread, with `--phases N`.
    public var spreads: [PhaseSpread]?
    public var phases: Int?

    public init(
        comparison: ProfileComparison, tourID: String, tourTitle: String, language: String, pointIDs: [Int: String],
        pointTitles: [Int: String], trace: String, tolerance: Double, flips: [DistanceFlips], spreads: [PhaseSpread]?, phases: Int?
    ) {
        self.comparison = comparison
        self.tourID = tourID
        self.tourTitle = tourTitle
        self.language = language
        self.pointIDs = pointIDs
        self.pointTitles = pointTitles
        self.trace = trace
        self.tolerance = tolerance
        self.flips = flips
        self.spreads = spreads
        self.phases = phases
    }

    /// The whole text report: the table, the distance decisions, the phases, the upstream lines, the verdict.
    public func lines() -> [String] {
        var lines = table()
        let last = lines.popLast()
        _ = lines.popLast()
        for (run, flip) in zip(comparison.runs, flips) { lines += flip.lines(profile: run.name) }
        if let spreads, let phases { lines += Self.phasesText(spreads, runs: comparison.runs, phases: phases, titles: pointTitles) }
        lines += Self.sources(comparison, flips: flips, phases: phases != nil)
        lines.append("")
        if let last { lines.append(last) }
        return lines
    }

    /// The whole JSON report: `document()` with the distance decisions and the phases.
    public func json() -> JSONValue {
        var document = document()
        if var members = document.objectMembers {
            members.append(("distanceFlips", .array(zip(comparison.runs, flips).map { run, flip in flip.json(profile: run.name) })))
            if let spreads, let phases { members.append(("phases", Self.phasesJSON(spreads, runs: comparison.runs, phases: phases))) }
            document = .object(members)
        }
        return document
    }

    private func clock(_ t: Double?) -> String { t.map(TimelineWriter.clock) ?? "—" }

    /// The table for people: one row a point, a trigger and a start column per profile.
    func table() -> [String] {
        let titles = pointTitles
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
        var lines = ["\(TerminalText.sanitize(tourTitle)) · \(trace) · \(language)", ""]
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
                } else if end.kind == .appKilled {
                    parts.append("killed at \(TimelineWriter.clock(end.t)), never heard " + (end.missed ?? []).map(String.init).joined(separator: ","))
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
    func document() -> JSONValue {
        func time(_ t: Double?) -> JSONValue { t.map { .number(formatFixed($0, 3)) } ?? .null }
        let ids = pointIDs
        let profiles: [JSONValue] = comparison.runs.map { run in
            var members: [(key: String, value: JSONValue)] = [
                ("name", .string(run.name)), ("policy", PolicyJSON.document(run.policy)),
                ("fixes", .integer(run.timeline.fixes)), ("fixesDelivered", .integer(run.timeline.fixes - run.timeline.withheldFixes)),
                ("fixesIgnored", .integer(run.timeline.ignoredFixes)),
                ("completed", .bool(run.end?.kind == .tourCompleted)), ("endT", time(run.end?.t)),
                ("killed", .bool(run.end?.kind == .appKilled)),
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
            ("tour", .string(tourID)), ("trace", .string(trace)), ("language", .string(language)),
            ("tolerance", .number(formatShortNumber(tolerance))), ("profiles", .array(profiles)), ("points", .array(points)),
            ("pointsDiffering", .integer(comparison.orders.indices.filter { !comparison.agree(point: $0) }.count)),
        ])
    }
}
