import WalkscapeAudio
import WalkscapeCore
import WalkscapeTraces

/// What `walkscape simulate` was asked: the tour and trace, the rules, and what to print and write.
public struct SimulationRequest: Sendable {
    public var tour: String
    public var trace: String
    public var language: String?
    public var allowMissing: Bool
    public var walkSpeed: Double
    public var selection: TraceSelection
    public var profile: EngineProfile
    public var policy: EnginePolicy
    public var format: TimelineWriter.Format
    /// With the json format: the walk also replayed under N phases of the fix delivery.
    public var phases: Int?
    /// The SVG picture, the rendered audio (and its format), the analytics events' file: nil for none.
    public var svg: String?
    public var render: (path: String, format: SoundFileFormat)?
    public var events: String?
    /// The analytics events' anonymousId (nil: derived from the tour, trace and profile).
    public var anonymousID: String?

    public init(
        tour: String, trace: String, language: String?, allowMissing: Bool, walkSpeed: Double, selection: TraceSelection,
        profile: EngineProfile, policy: EnginePolicy, format: TimelineWriter.Format, phases: Int?, svg: String?,
        render: (path: String, format: SoundFileFormat)?, events: String?, anonymousID: String?
    ) {
        self.tour = tour
        self.trace = trace
        self.language = language
        self.allowMissing = allowMissing
        self.walkSpeed = walkSpeed
        self.selection = selection
        self.profile = profile
        self.policy = policy
        self.format = format
        self.phases = phases
        self.svg = svg
        self.render = render
        self.events = events
        self.anonymousID = anonymousID
    }
}
