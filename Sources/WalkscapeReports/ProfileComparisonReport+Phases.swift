import WalkscapeCore

extension ProfileComparisonReport {
    /// The upstream lines behind what the report shows: the early completion, the distance decisions and,
    /// with phases, the fix delivery (gigiorda84/walkspace-app at each profile's commit).
    public static func sources(_ comparison: ProfileComparison, flips: [DistanceFlips], phases: Bool) -> [String] {
        var cited: [String] = []
        for (run, flip) in zip(comparison.runs, flips) {
            guard let profile = EngineProfile(rawValue: run.name), let commit = profile.upstreamCommit else { continue }
            var rules: [(String, UpstreamSource.Rule)] = []
            let cut = run.outcomes.contains { $0.cut }
            let early = profile.policy.appCursor?.completesOnReachingLastPoint == true
            if early, run.end?.kind == .tourCompleted, run.end?.missed?.isEmpty == false || cut { rules.append(("early completion", .completion)) }
            if flip.decision != nil { rules.append(("distance", .distance)) }
            if phases { rules.append(("fix delivery", .fixDelivery)) }
            for (name, rule) in rules {
                if let line = UpstreamSource.cite(rule, profile) { cited.append("  \(run.name) \(name): walkspace-app" + (line.contains("@") ? " " : "@\(commit) ") + line) }
            }
        }
        return cited.isEmpty ? [] : ["", "Upstream lines:"] + cited
    }

    /// The phase table: per point and profile, in how many phases it plays and how far its start moves.
    public static func phasesText(_ spreads: [PhaseSpread], runs: [ProfileComparison.Run], phases: Int, titles: [Int: String]) -> [String] {
        var lines = ["", "Over \(phases) phase\(phases == 1 ? "" : "s") of the phone's fix delivery (PLAYS: phases where the narration plays; SPREAD: latest − earliest start):"]
        var headers = ["", ""]
        var second = ["#", "POINT"]
        var right: Set<Int> = [0]
        for run in runs {
            headers += [run.name, ""]
            second += ["PLAYS", "SPREAD"]
            right.formUnion([headers.count - 2, headers.count - 1])
        }
        var table = TextTable(headers, rightAligned: right)
        table.add(second)
        for (i, point) in (spreads.first?.points ?? []).enumerated() {
            var row = [String(point.order), DisplayWidth.truncate(TerminalText.sanitize(titles[point.order] ?? ""), to: 32)]
            for spread in spreads {
                let p = spread.points[i]
                row.append("\(p.plays)/\(spread.phases)")
                row.append(p.startSpread.map { formatFixed($0, 1) + " s" } ?? "—")
            }
            table.add(row)
        }
        lines += table.render()
        for (run, spread) in zip(runs, spreads) {
            var line = "\(run.name): every point played in \(spread.completed) of \(spread.phases) phases"
            if let delivery = run.policy.fixDelivery {
                line += " (\(delivery.summary); phases move " + (delivery.intervalSeconds.map { "the \(formatShortNumber($0)) s grid" } ?? "the \(formatShortNumber(delivery.minMoveMeters)) m filter's start") + ")"
            } else {
                line += " (every fix delivered: the phases cannot differ)"
            }
            if spread.tourCompletedEvents != spread.completed {
                line += "; the app declared the tour completed in \(spread.tourCompletedEvents)"
            }
            lines.append(line)
        }
        return lines
    }

    /// `{"count": N, "profiles": [{"name", "everyPointPlayed", "tourCompleted", "points": [...]}]}`.
    public static func phasesJSON(_ spreads: [PhaseSpread], runs: [ProfileComparison.Run], phases: Int) -> JSONValue {
        .object([
            ("count", .integer(phases)),
            ("profiles", .array(zip(runs, spreads).map { run, spread in
                .object([
                    ("name", .string(run.name)), ("everyPointPlayed", .integer(spread.completed)),
                    ("tourCompleted", .integer(spread.tourCompletedEvents)),
                    ("points", .array(spread.points.map { PhaseSpreadJSON.point($0, spread: spread) })),
                ])
            })),
        ])
    }
}
