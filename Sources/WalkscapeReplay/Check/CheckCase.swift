import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTraces

/// One case of a check: a tour, a trace, options and the golden timeline they must produce.
public struct CheckCase: Sendable {
    public var name: String
    public var tour: String
    public var trace: String
    public var language: String?
    public var golden: String
    public var policy: EnginePolicy
    public var walkSpeed: Double
    public var selection = TraceSelection()
    public var tolerance: Double
    /// Every point must play in at least this share of the phases (`"minShare"`), nil for no such check.
    public var minShare: Double?
    /// How many phases the share is measured over (`"phases"`, else `check --phases`, else 15).
    public var phases: Int?

    public init(
        name: String, tour: String, trace: String, language: String?, golden: String, policy: EnginePolicy, walkSpeed: Double,
        selection: TraceSelection = TraceSelection(), tolerance: Double, minShare: Double? = nil, phases: Int? = nil
    ) {
        self.name = name
        self.tour = tour
        self.trace = trace
        self.language = language
        self.golden = golden
        self.policy = policy
        self.walkSpeed = walkSpeed
        self.selection = selection
        self.tolerance = tolerance
        self.minShare = minShare
        self.phases = phases
    }
}
