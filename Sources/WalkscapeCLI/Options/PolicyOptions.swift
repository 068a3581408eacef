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

    func validate() throws {
        for warning in try checked({ () throws(ValueProblem) in try EngineProfile.resolveList([profile]) }).warnings { CommandContext.console.error(warning) }
        if let queueDepth, queueDepth < 0 { throw ValidationError("--queue-depth must be 0 or more, got \(queueDepth).") }
        if let confirmFixes, !ValueRanges.confirmFixes.contains(confirmFixes) {
            throw ValidationError("--confirm-fixes must be from \(ValueRanges.confirmFixes.lowerBound) to \(ValueRanges.confirmFixes.upperBound) consecutive fixes, got \(confirmFixes).")
        }
        if let minAccuracy, !(minAccuracy > 0) { throw ValidationError("--min-accuracy must be a number of metres > 0.") }
        guard ValueRanges.walkSpeeds.contains(walkSpeed) else { throw ValidationError("--walk-speed must be a speed in m/s from 0.1 to 10, got \(formatShortNumber(walkSpeed)).") }
        if let conflict = policy.conflict { throw ValidationError("--profile \(profile): \(conflict).") }
    }

    /// The profile chosen (prd when the name is unknown; `validate` rejects those first).
    var engineProfile: EngineProfile { EngineProfile.resolve(profile)?.profile ?? .prd }

    /// The profile's policy with the options given explicitly applied over it.
    var policy: EnginePolicy {
        engineProfile.policy.overriding(queueDepth: queueDepth, minAccuracy: minAccuracy, confirmFixes: confirmFixes, skipMissed: skipMissed ? true : nil, distance: distance)
    }
}
