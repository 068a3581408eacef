import WalkscapeCore

/// `compare`'s account of what changes between two app builds: on one walk, each difference with what each
/// build does and the reference app's lines behind it; over several walks and phases, how often each occurs.
public enum BuildDifferenceReport {
    /// One walk's differences for people.
    public static func lines(_ comparison: BuildComparison, titles: [Int: String]) -> [String] {
        let names = comparison.sides.map(\.profile.rawValue)
        guard names.count == 2 else { return [] }
        let differences = comparison.differences
        guard !differences.isEmpty else {
            return ["", "\(names[0]) and \(names[1]) do the same on this walk: the same narrations at the same times, the same completion, the same events."]
        }
        var lines = ["", "What changes from \(names[0]) to \(names[1]) on this walk (\(differences.count) difference\(differences.count == 1 ? "" : "s")):"]
        for (n, difference) in differences.enumerated() {
            lines.append("\(n + 1). " + heading(difference, titles: titles))
            for (name, outcome) in zip(names, difference.outcomes) { lines.append("     \(name): \(outcome)") }
            lines.append("     rule: \(difference.rule.rawValue)")
            for (side, citation) in zip(comparison.sides, difference.citations) {
                guard let citation, let commit = side.profile.upstreamCommit else { continue }
                // A citation naming its own commits (file@commit) is printed as it is.
                lines.append("       walkspace-app" + (citation.contains("@") ? " " : "@\(commit) ") + citation)
            }
        }
        return lines
    }

    /// "Point 7 (Piazza Vittorio Veneto): what the walker hears", "Completion", "tour_completed events".
    static func heading(_ difference: BuildDifference, titles: [Int: String]) -> String {
        let point = difference.point.map { "Point \($0)" + (titles[$0].map { " (\(TerminalText.sanitize($0)))" } ?? "") } ?? ""
        switch difference.aspect {
        case .heard: return point + ": what the walker hears"
        case .start: return point + ": when its narration starts"
        case .completion: return "When the tour completes"
        case .event:
            return "Analytics: " + (difference.key.hasSuffix(" event") ? String(difference.key.dropLast(6)) + " events" : difference.key)
        }
    }

    /// One walk's differences as JSON: `{"builds": [A, B], "differences": [{aspect, key, point, outcomes, rule, citations}]}`.
    public static func json(_ comparison: BuildComparison) -> JSONValue {
        let names = comparison.sides.map(\.profile.rawValue)
        return .object([
            ("builds", .array(names.map(JSONValue.string))),
            ("differences", .array(comparison.differences.map { difference in
                .object([
                    ("aspect", .string(difference.aspect.rawValue)), ("key", .string(difference.key)),
                    ("point", difference.point.map(JSONValue.integer) ?? .null),
                    ("outcomes", .object(zip(names, difference.outcomes).map { ($0, .string($1)) })),
                    ("rule", .string(difference.rule.rawValue)),
                    ("citations", .object(zip(comparison.sides, difference.citations).compactMap { side, citation in
                        guard let citation, let commit = side.profile.upstreamCommit else { return nil }
                        return (side.profile.rawValue, .string("walkspace-app" + (citation.contains("@") ? " " : "@\(commit) ") + citation))
                    })),
                ])
            })),
        ])
    }

    /// The changes the repository's files show between builds `a` and `b` (`AppBuildChange`), each marked
    /// with whether the walks showed it (`shown` holds the difference keys they showed).
    public static func changeLines(_ a: EngineProfile, _ b: EngineProfile, shown: Set<String>) -> [String] {
        let changes = AppBuildChange.between(a, b)
        guard !changes.isEmpty else { return [] }
        var lines = ["", "Every change from \(a.rawValue) to \(b.rawValue) in the reference app's files:"]
        for change in changes {
            let seen = change.walkKey.map { shown.contains($0) ? "shown above" : "not on these walks" } ?? "not part of a walk"
            lines.append("- \(change.text) (\(seen))")
            lines.append("    \(change.citation)")
        }
        return lines
    }

    /// The same as JSON: `[{"text", "walkKey", "shown", "citation"}]`.
    public static func changesJSON(_ a: EngineProfile, _ b: EngineProfile, shown: Set<String>) -> JSONValue {
        .array(AppBuildChange.between(a, b).map { change in
            .object([
                ("text", .string(change.text)), ("walkKey", change.walkKey.map(JSONValue.string) ?? .null),
                ("shown", .bool(change.walkKey.map(shown.contains) ?? false)), ("citation", .string(change.citation)),
            ])
        })
    }

    /// How often each difference occurs over several walks and phases.
    public struct Frequency: Sendable {
        public var builds: [String]
        public var walks: Int
        public var phases: Int
        /// Per difference key, in first-seen order: on how many walks, in how many runs (walk × phase), its rule.
        public var rows: [(key: String, walks: Int, runs: Int, rule: UpstreamSource.Rule)] = []

        public init(builds: [String], walks: Int, phases: Int) {
            self.builds = builds
            self.walks = walks
            self.phases = phases
        }

        /// Counts one walk's runs (one comparison per phase).
        public mutating func add(walk runs: [BuildComparison]) {
            var seen: Set<String> = []
            for comparison in runs {
                for difference in comparison.differences {
                    if let i = rows.firstIndex(where: { $0.key == difference.key }) {
                        rows[i].runs += 1
                        if !seen.contains(difference.key) { rows[i].walks += 1 }
                    } else {
                        rows.append((difference.key, 1, 1, difference.rule))
                    }
                    seen.insert(difference.key)
                }
            }
        }

        /// The difference keys seen on any walk.
        public var keys: Set<String> { Set(rows.map(\.key)) }

        /// The table for people.
        public func lines() -> [String] {
            let runs = walks * phases
            let scope = "\(walks) walk\(walks == 1 ? "" : "s")" + (phases > 1 ? " × \(phases) phases" : "")
            guard !rows.isEmpty else { return ["", "\(builds.joined(separator: " and ")): no difference over \(scope)."] }
            var table = TextTable(["DIFFERENCE", "WALKS", "RUNS", "RULE"], rightAligned: [1, 2])
            for row in rows { table.add([row.key, "\(row.walks)/\(walks)", "\(row.runs)/\(runs)", row.rule.rawValue]) }
            return ["", "How often each difference between \(builds.joined(separator: " and ")) occurs over \(scope):"] + table.render()
        }

        /// `{"builds", "walks", "phases", "differences": [{key, walks, runs, rule}]}`.
        public func json() -> JSONValue {
            .object([
                ("builds", .array(builds.map(JSONValue.string))), ("walks", .integer(walks)), ("phases", .integer(phases)),
                ("differences", .array(rows.map {
                    .object([("key", .string($0.key)), ("walks", .integer($0.walks)), ("runs", .integer($0.runs)), ("rule", .string($0.rule.rawValue))])
                })),
            ])
        }
    }
}
