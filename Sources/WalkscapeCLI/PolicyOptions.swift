import ArgumentParser
import WalkscapeCore

/// The trigger engine's policy options, shared by every command that replays a walk.
struct PolicyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Points that may wait behind the playing audio (0: no queue).", valueName: "N"))
    var queueDepth: Int = 1

    @Option(help: ArgumentHelp("Ignore fixes whose accuracy is worse than M metres (HDOP × 5 m when only HDOP is known).", valueName: "M"))
    var minAccuracy: Double?

    @Option(help: ArgumentHelp("A point triggers after K consecutive fixes inside its region.", valueName: "K"))
    var confirmFixes: Int = 1

    @Flag(help: "Entering a later point's region skips the points before it and triggers it.")
    var skipMissed = false

    @Option(help: ArgumentHelp("Walking speed in m/s used to time a trace that has no timestamps.", valueName: "M/S"))
    var walkSpeed: Double = 1.2

    func validate() throws {
        guard queueDepth >= 0 else { throw ValidationError("--queue-depth must be 0 or more, got \(queueDepth).") }
        guard confirmFixes >= 1 else { throw ValidationError("--confirm-fixes must be 1 or more, got \(confirmFixes).") }
        if let minAccuracy, !(minAccuracy > 0) { throw ValidationError("--min-accuracy must be a number of metres > 0.") }
        guard walkSpeed > 0, walkSpeed.isFinite else { throw ValidationError("--walk-speed must be a speed in m/s > 0.") }
    }

    var policy: EnginePolicy {
        EnginePolicy(queueDepth: queueDepth, minAccuracyMeters: minAccuracy, confirmFixes: confirmFixes, skipMissed: skipMissed)
    }

    /// The policy as JSON, for timelines' metadata.
    static func json(_ policy: EnginePolicy) -> JSONValue {
        .object([
            ("queueDepth", .integer(policy.queueDepth)),
            ("minAccuracyMeters", policy.minAccuracyMeters.map { .number(formatShortNumber($0)) } ?? .null),
            ("confirmFixes", .integer(policy.confirmFixes)), ("skipMissed", .bool(policy.skipMissed)),
        ])
    }
}
