import WalkscapeCore
import WalkscapeTraces

/// What `walkscape radii` was asked: the tour, the recorded walks and how to read them, the policy, and
/// what to print or write.
public struct RadiusAdviceRequest: Sendable {
    /// How the report is printed.
    public enum Format: Sendable {
        case text, json, csv
    }

    public var tour: String
    public var language: String?
    public var traces: [String]
    public var walkSpeed: Double
    public var selection: TraceSelection
    /// Each trace replayed under N phases of the fix delivery, each a walk of its own.
    public var phases: Int?
    /// Refuse a trace that cannot be read or is far from the tour, instead of leaving it out.
    public var strict: Bool
    public var profile: EngineProfile
    public var policy: EnginePolicy
    public var sweepRadii: [Double]
    public var noise: RadiusReport.NoiseSettings?
    public var format: Format
    /// Also print the braille map; also write the SVG picture here.
    public var map: Bool
    public var svg: String?
    /// `--apply`: the points it may change (nil: all), and whether to write nothing.
    public var apply: (only: Set<Int>?, dryRun: Bool)?
    /// `--keep-replays`: the folder the noise trials' replays are written into as GPX (`NoiseReplayArchive`).
    public var keepReplays: String?

    public init(
        tour: String, language: String?, traces: [String], walkSpeed: Double, selection: TraceSelection, phases: Int?, strict: Bool,
        profile: EngineProfile, policy: EnginePolicy, sweepRadii: [Double], noise: RadiusReport.NoiseSettings?, format: Format, map: Bool,
        svg: String?, apply: (only: Set<Int>?, dryRun: Bool)?, keepReplays: String? = nil
    ) {
        self.keepReplays = keepReplays
        self.tour = tour
        self.language = language
        self.traces = traces
        self.walkSpeed = walkSpeed
        self.selection = selection
        self.phases = phases
        self.strict = strict
        self.profile = profile
        self.policy = policy
        self.sweepRadii = sweepRadii
        self.noise = noise
        self.format = format
        self.map = map
        self.svg = svg
        self.apply = apply
    }
}
