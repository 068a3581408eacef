import ArgumentParser
import WalkscapeCore

/// The trigger engine's policy options, shared by every command that replays a walk.
///
/// `--profile` picks a preset (`EngineProfile`); an option given explicitly overrides the profile's value for
/// that rule, and the rules no option names keep the profile's values.
struct PolicyOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The rules to replay with: \(EngineProfile.names) (default prd; docs/profiles.md). Options below override the profile's values.",
        valueName: "NAME"))
    var profile: String = EngineProfile.prd.rawValue

    @Option(help: ArgumentHelp("Points that may wait behind the playing audio (0: no queue; default 1).", valueName: "N"))
    var queueDepth: Int?

    @Option(help: ArgumentHelp("Ignore fixes whose accuracy is worse than M metres (HDOP x 5 m when only HDOP is known).", valueName: "M"))
    var minAccuracy: Double?

    @Option(help: ArgumentHelp("A point triggers after K consecutive fixes inside its region (default 1).", valueName: "K"))
    var confirmFixes: Int?

    @Flag(help: "Entering a later point's region skips the points before it and triggers it.")
    var skipMissed = false

    @Option(help: ArgumentHelp(
        "Measure distances on the sphere (haversine, prd's rule) or the WGS84 ellipsoid (Karney's geodesics, the apps'): \(DistanceModel.names) (default: the profile's).",
        valueName: "MODEL"))
    var distance: DistanceModel?

    @Option(help: ArgumentHelp("Walking speed in m/s used to time a trace that has no timestamps.", valueName: "M/S"))
    var walkSpeed: Double = 1.2

    /// The walking speeds taken (m/s), from `--walk-speed` and from a check suite's `options.walkSpeed` alike.
    static let walkSpeeds = 0.1...10.0

    func validate() throws {
        guard let resolved = EngineProfile.resolve(profile) else {
            throw ValidationError("--profile must be one of \(EngineProfile.names), got \(TerminalText.sanitize(profile)).")
        }
        if let warning = resolved.warning { CommandContext.console.error(warning) }
        if let queueDepth, queueDepth < 0 { throw ValidationError("--queue-depth must be 0 or more, got \(queueDepth).") }
        if let confirmFixes, !ValueRanges.confirmFixes.contains(confirmFixes) {
            throw ValidationError("--confirm-fixes must be from \(ValueRanges.confirmFixes.lowerBound) to \(ValueRanges.confirmFixes.upperBound) consecutive fixes, got \(confirmFixes).")
        }
        if let minAccuracy, !(minAccuracy > 0) { throw ValidationError("--min-accuracy must be a number of metres > 0.") }
        guard PolicyOptions.walkSpeeds.contains(walkSpeed) else { throw ValidationError("--walk-speed must be a speed in m/s from 0.1 to 10, got \(formatShortNumber(walkSpeed)).") }
        if let conflict = policy.conflict { throw ValidationError("--profile \(profile): \(conflict).") }
    }

    /// The profile chosen (prd when the name is unknown; `validate` rejects those first).
    var engineProfile: EngineProfile { EngineProfile.resolve(profile)?.profile ?? .prd }

    /// The profile's policy with the options given explicitly applied over it.
    var policy: EnginePolicy {
        var policy = PolicyOptions.policy(profile: engineProfile, queueDepth: queueDepth, minAccuracy: minAccuracy, confirmFixes: confirmFixes, skipMissed: skipMissed ? true : nil)
        if let distance { policy.distanceModel = distance }
        return policy
    }

    /// `profile`'s policy with each non-nil value applied over it.
    static func policy(profile: EngineProfile, queueDepth: Int?, minAccuracy: Double?, confirmFixes: Int?, skipMissed: Bool?) -> EnginePolicy {
        var policy = profile.policy
        if let queueDepth { policy.queueDepth = queueDepth }
        if let minAccuracy { policy.minAccuracyMeters = minAccuracy }
        if let confirmFixes { policy.confirmFixes = confirmFixes }
        if let skipMissed { policy.skipMissed = skipMissed }
        return policy
    }

    /// The policy as JSON, for timelines' metadata.
    static func json(_ policy: EnginePolicy) -> JSONValue {
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
            members.append(("appCursor", .object([
                ("queueNeedsCurrentRegion", .bool(cursor.queueNeedsCurrentRegion)), ("refiresOnReentry", .bool(cursor.refiresOnReentry)),
            ])))
        } else {
            members.append(("appCursor", .null))
        }
        return .object(members)
    }

    /// Notes for standard error about what the policy did to a walk: fixes the phone withheld or the accuracy
    /// gate ignored, and re-fired points (flagged as a likely app bug).
    static func notes(_ timeline: Timeline, policy: EnginePolicy, trace: String) -> [String] {
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
