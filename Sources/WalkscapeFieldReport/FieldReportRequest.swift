import WalkscapeCore

/// What `walkscape report` was asked: the tour, the walks, the rules and where the page goes.
public struct FieldReportRequest: Sendable {
    /// The policy options as given on the command line (for the page's command to rerun).
    public struct PolicyArguments: Sendable {
        public var profile: String
        public var queueDepth: Int?
        public var minAccuracy: Double?
        public var confirmFixes: Int?
        public var skipMissed: Bool
        public var distance: DistanceModel?
        public var walkSpeed: Double

        public init(profile: String, queueDepth: Int?, minAccuracy: Double?, confirmFixes: Int?, skipMissed: Bool, distance: DistanceModel?, walkSpeed: Double) {
            self.profile = profile
            self.queueDepth = queueDepth
            self.minAccuracy = minAccuracy
            self.confirmFixes = confirmFixes
            self.skipMissed = skipMissed
            self.distance = distance
            self.walkSpeed = walkSpeed
        }
    }

    public var tour: String
    public var traces: [String]
    public var output: String
    public var language: String?
    /// The radii advice replays each trace under N phases of the fix delivery.
    public var phases: Int?
    /// `radii`'s sweep and noise trials for the advice (`--sweep`, `--noise`...), empty when not asked for.
    public var trials: RadiusTrials
    public var profile: EngineProfile
    public var policy: EnginePolicy
    public var options: PolicyArguments

    public init(
        tour: String, traces: [String], output: String, language: String?, phases: Int?, profile: EngineProfile, policy: EnginePolicy,
        trials: RadiusTrials? = nil, options: PolicyArguments
    ) {
        self.tour = tour
        self.traces = traces
        self.output = output
        self.language = language
        self.phases = phases
        self.trials = trials ?? .none
        self.profile = profile
        self.policy = policy
        self.options = options
    }
}
