/// What `--sweep FROM:TO:STEP` and the noise trials' options (`--noise SIGMA --runs N --seed S --jumps RATE
/// --dropouts RATE`) ask of the radius analysis, checked: the radii to try and the noise settings.
/// `walkscape radii` and `walkscape report` read their options through this, so both run the same trials.
public struct RadiusTrials: Sendable, Equatable {
    /// `--sweep` as given, nil when not given.
    public var sweep: String?
    /// The radii to sweep (the noise trials' radii too: `RadiusSweep.defaultNoise` when only --noise is given).
    public var sweepRadii: [Double]
    public var noise: RadiusReport.NoiseSettings?

    /// No sweep and no noise trials.
    public static let none = RadiusTrials(sweep: nil, sweepRadii: [], noise: nil)

    public init(sweep: String?, sweepRadii: [Double], noise: RadiusReport.NoiseSettings?) {
        self.sweep = sweep
        self.sweepRadii = sweepRadii
        self.noise = noise
    }

    /// Neither a sweep nor noise trials.
    public var isEmpty: Bool { sweepRadii.isEmpty && noise == nil }

    /// The trials for the options as given; refuses (the option's message) a bad `FROM:TO:STEP`, a noise
    /// setting out of range, or more noisy replays than `ValueRanges.maxNoiseReplays` over `traces` traces
    /// under `phases` phases. The noise settings are checked only when `noise` is given.
    public init(
        sweep: String?, noise sigma: Double?, runs: Int, seed: UInt64, jumps: Double, dropouts: Double, traces: Int, phases: Int?
    ) throws(ValueProblem) {
        self.sweep = sweep
        sweepRadii = try sweep.map { text throws(ValueProblem) in try RadiusSweep.radii(text) } ?? []
        guard let sigma else { return }
        guard sigma >= 0, sigma <= 10_000, sigma.isFinite else { throw ValueProblem("--noise must be metres, 0 or more, got \(formatShortNumber(sigma)).") }
        guard runs >= 1, runs <= 100_000 else { throw ValueProblem("--runs must be between 1 and 100000, got \(runs).") }
        guard jumps >= 0, jumps <= 3600, jumps.isFinite else { throw ValueProblem("--jumps must be a rate an hour between 0 and 3600, got \(formatShortNumber(jumps)).") }
        guard dropouts >= 0, dropouts <= 3600, dropouts.isFinite else {
            throw ValueProblem("--dropouts must be a rate an hour between 0 and 3600, got \(formatShortNumber(dropouts)).")
        }
        // Each trace is replayed --runs times under each phase: counted before any is made.
        let replays = runs * traces * max(1, phases ?? 1)
        guard replays <= ValueRanges.maxNoiseReplays else {
            throw ValueProblem("--runs \(runs) × \(traces) trace\(traces == 1 ? "" : "s")\(phases.map { " × \($0) phases" } ?? "") would make \(replays) noisy replays; at most \(ValueRanges.maxNoiseReplays): lower --runs\(phases == nil ? "" : " or --phases").")
        }
        if sweepRadii.isEmpty { sweepRadii = try RadiusSweep.radii(RadiusSweep.defaultNoise) }
        noise = RadiusReport.NoiseSettings(model: GPSErrorModel(sigmaMeters: sigma, jumpsPerHour: jumps, dropoutsPerHour: dropouts), runs: runs, seed: seed)
    }
}
