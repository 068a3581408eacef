import ArgumentParser
import WalkscapeCore

/// `--sweep` and the noise trials' options, shared by `radii` and `report` (read by `RadiusTrials`).
struct RadiusTrialOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Radii to try, in metres.", valueName: "FROM:TO:STEP"))
    var sweep: String?

    @Option(help: ArgumentHelp("Noise trials: GPS drift in metres per axis.", valueName: "SIGMA"))
    var noise: Double?

    @Option(help: ArgumentHelp("Noise trials: replays of each trace.", valueName: "N"))
    var runs: Int = 20

    @Option(help: ArgumentHelp("Noise trials: random seed.", valueName: "S"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Noise trials: GPS jumps an hour.", valueName: "RATE"))
    var jumps: Double = 4

    @Option(help: ArgumentHelp("Noise trials: GPS dropouts an hour.", valueName: "RATE"))
    var dropouts: Double = 4

    /// The trials asked for, over `traces` traces under `phases` phases; refuses options out of range.
    func trials(traces: Int, phases: Int?) throws(ValueProblem) -> RadiusTrials {
        try RadiusTrials(sweep: sweep, noise: noise, runs: runs, seed: seed, jumps: jumps, dropouts: dropouts, traces: traces, phases: phases)
    }
}
