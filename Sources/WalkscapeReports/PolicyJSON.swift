import WalkscapeCore

/// An engine policy as timelines' metadata records it, and the notes a replay under it leaves for standard error.
public enum PolicyJSON {
    /// The policy as JSON, for timelines' metadata.
    public static func document(_ policy: EnginePolicy) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("queueDepth", .integer(policy.queueDepth)),
            ("minAccuracyMeters", policy.minAccuracyMeters.map { .number(formatShortNumber($0)) } ?? .null),
            ("confirmFixes", .integer(policy.confirmFixes)), ("skipMissed", .bool(policy.skipMissed)),
            ("triggerHysteresis", .bool(policy.triggerHysteresis)),
        ]
        // Absent means the sphere, so timelines and goldens written before the distance model existed still
        // read as what they were.
        if policy.distanceModel != .sphere { members.append(("distance", .string(policy.distanceModel.rawValue))) }
        if let delivery = policy.fixDelivery {
            members.append(("fixDelivery", .object([
                ("minMoveMeters", .number(formatShortNumber(delivery.minMoveMeters))),
                ("intervalSeconds", delivery.intervalSeconds.map { .number(formatShortNumber($0)) } ?? .null),
                ("fastestIntervalSeconds", delivery.fastestIntervalSeconds.map { .number(formatShortNumber($0)) } ?? .null),
            ])))
        } else {
            members.append(("fixDelivery", .null))
        }
        if let cursor = policy.appCursor {
            var rules: [(key: String, value: JSONValue)] = [
                ("queueNeedsCurrentRegion", .bool(cursor.queueNeedsCurrentRegion)), ("refiresOnReentry", .bool(cursor.refiresOnReentry)),
            ]
            // Present only when true (Android 1.1.1-beta's early completion), so documents written before it
            // existed read the same.
            if cursor.completesOnReachingLastPoint { rules.append(("completesOnReachingLastPoint", .bool(true))) }
            members.append(("appCursor", .object(rules)))
        } else {
            members.append(("appCursor", .null))
        }
        if let device = policy.device {
            members.append(("device", .object([
                ("screenLocked", .array(device.screenLocked.map {
                    .object([("from", .number(formatFixed($0.from, 3))), ("to", .number(formatFixed($0.to, 3)))])
                })),
                ("positionsWhileLocked", .bool(device.positionsWhileLocked)),
                ("killedAt", device.killedAt.map { .number(formatFixed($0, 3)) } ?? .null),
            ])))
        }
        return .object(members)
    }

    /// Notes for standard error about what the policy did to a walk: fixes the phone withheld or the accuracy
    /// gate ignored, and re-fired points (flagged as a likely app bug).
    public static func notes(_ timeline: Timeline, policy: EnginePolicy, trace: String) -> [String] {
        var lines: [String] = []
        if timeline.withheldFixes > 0, let delivery = policy.fixDelivery {
            lines.append("\(trace): note: \(timeline.withheldFixes) of \(timeline.fixes) fixes not delivered to the app (\(delivery.summary))")
        }
        if timeline.ignoredFixes > 0 {
            lines.append("\(trace): note: \(timeline.ignoredFixes) of \(timeline.fixes) fixes ignored by --min-accuracy \(formatShortNumber(policy.minAccuracyMeters ?? 0))")
        }
        var refires: [Int: Int] = [:]
        for event in timeline.events where event.kind == .pointRefired { if let point = event.point { refires[point, default: 0] += 1 } }
        for (point, count) in refires.sorted(by: { $0.key < $1.key }) {
            lines.append("\(trace): warning: point \(point) fired again \(count) time\(count == 1 ? "" : "s") on re-entering its region (\(TimelineWriter.refireWarning))")
        }
        return lines
    }
}
