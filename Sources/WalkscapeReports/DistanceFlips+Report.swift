import WalkscapeCore

extension DistanceFlips {
    /// One line for `compare`'s text: which point the distance model decided and why, or nothing.
    public func lines(profile: String) -> [String] {
        guard let decision else { return [] }
        func when(_ t: Double?) -> String { t.map { "triggers at " + TimelineWriter.clock($0) } ?? "never triggers" }
        var line = "\(profile): \(model.rawValue) distances decide point \(decision.order): the fix at \(TimelineWriter.clock(decision.t)) is "
            + "\(formatFixed(decision.sphereMeters, 3)) m from it on the sphere and \(formatFixed(decision.wgs84Meters, 3)) m on WGS84 "
            + "(radius \(formatShortNumber(decision.radiusMeters)) m); it \(when(decision.triggerT)) with \(model.rawValue), "
            + "\(when(decision.otherTriggerT)) with --distance \(other.rawValue)"
        if differing.count > 1 { line += "; points " + differing.dropFirst().map(String.init).joined(separator: ",") + " differ after it" }
        return [line]
    }

    /// `{"profile", "model", "other", "differing", "decision"}`.
    public func json(profile: String) -> JSONValue {
        func time(_ t: Double?) -> JSONValue { t.map { .number(formatFixed($0, 3)) } ?? .null }
        let decisionJSON: JSONValue = decision.map { d in
            .object([
                ("point", .integer(d.order)), ("t", time(d.t)), ("lat", .number(formatFixed(d.location.lat, 7))),
                ("lng", .number(formatFixed(d.location.lng, 7))), ("sphereMeters", .number(formatFixed(d.sphereMeters, 3))),
                ("wgs84Meters", .number(formatFixed(d.wgs84Meters, 3))), ("radiusMeters", .number(formatShortNumber(d.radiusMeters))),
                ("triggerT", time(d.triggerT)), ("otherTriggerT", time(d.otherTriggerT)),
            ])
        } ?? .null
        return .object([
            ("profile", .string(profile)), ("model", .string(model.rawValue)), ("other", .string(other.rawValue)),
            ("differing", .array(differing.map(JSONValue.integer))), ("decision", decisionJSON),
        ])
    }
}
