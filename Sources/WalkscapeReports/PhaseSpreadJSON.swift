import WalkscapeCore

/// A `PhaseSpread` point as JSON, shared by `compare`, `simulate --format json` and `radii`.
public enum PhaseSpreadJSON {
    public static func point(_ p: PhaseSpread.Point, spread: PhaseSpread) -> JSONValue {
        func time(_ t: Double?) -> JSONValue { t.map { .number(formatFixed($0, 3)) } ?? .null }
        return .object([
            ("point", .integer(p.order)), ("plays", .integer(p.plays)), ("share", .number(formatFixed(spread.share(p), 4))),
            ("earliestStartT", time(p.earliestStart)), ("latestStartT", time(p.latestStart)), ("startSpread", time(p.startSpread)),
            ("latestPhase", p.latestPhase.map(JSONValue.integer) ?? .null),
        ])
    }

    /// `{"count", "everyPointPlayed", "tourCompleted", "points"}` for one policy.
    public static func document(_ spread: PhaseSpread) -> JSONValue {
        .object([
            ("count", .integer(spread.phases)), ("everyPointPlayed", .integer(spread.completed)),
            ("tourCompleted", .integer(spread.tourCompletedEvents)),
            ("points", .array(spread.points.map { point($0, spread: spread) })),
        ])
    }
}
