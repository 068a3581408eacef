import WalkscapeCore
import WalkscapeTraces

/// What `walkscape compare` was asked: the tour, one or more walks, the profiles in order, and how to compare.
public struct ComparisonRequest: Sendable {
    public var tour: String
    /// The traces as the user named them (at least one).
    public var traces: [String]
    /// The profiles, the first being the one the others are compared with (at least two).
    public var profiles: [EngineProfile]
    public var language: String?
    public var walkSpeed: Double
    public var selection: TraceSelection
    /// Trigger and start times closer than this agree, seconds.
    public var tolerance: Double
    /// Every profile's distances on this model instead of its own.
    public var distance: DistanceModel?
    /// Replay each walk under this many phases of the fix delivery too.
    public var phases: Int?
    /// One JSON document instead of the tables.
    public var json: Bool
    /// The screen locks and the kill for a profile's build (`--screen-locked`, `--killed-at`).
    public var device: @Sendable (EngineProfile) -> DeviceScenario?

    public init(
        tour: String, traces: [String], profiles: [EngineProfile], language: String?, walkSpeed: Double, selection: TraceSelection,
        tolerance: Double, distance: DistanceModel?, phases: Int?, json: Bool, device: @escaping @Sendable (EngineProfile) -> DeviceScenario? = { _ in nil }
    ) {
        self.device = device
        self.tour = tour
        self.traces = traces
        self.profiles = profiles
        self.language = language
        self.walkSpeed = walkSpeed
        self.selection = selection
        self.tolerance = tolerance
        self.distance = distance
        self.phases = phases
        self.json = json
    }

    /// Each profile's policy with `distance` applied over it.
    public var policies: [EnginePolicy] {
        profiles.map { profile in
            var policy = profile.policy
            if let distance { policy.distanceModel = distance }
            policy.device = device(profile)
            return policy
        }
    }

    /// The pairs of app builds whose differences are shown: the first app build given with each later one; or,
    /// for three or more builds of one app, each build with the next one given (consecutive builds, step by step).
    public var buildPairs: [(Int, Int)] {
        let builds = profiles.indices.filter { profiles[$0].build != nil }
        guard let first = builds.first else { return [] }
        if builds.count > 2, Set(builds.compactMap { profiles[$0].build?.platform }).count == 1 {
            return zip(builds, builds.dropFirst()).map { ($0, $1) }
        }
        return builds.dropFirst().map { (first, $0) }
    }
}
