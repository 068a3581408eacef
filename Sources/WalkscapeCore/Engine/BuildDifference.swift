/// One way two app builds differ on one walk: what the walker hears, when the tour completes, or which
/// analytics events are sent, with what each build does and the reference app's lines behind it.
public struct BuildDifference: Sendable, Equatable {
    /// What the difference is about.
    public enum Aspect: String, Sendable {
        /// A point plays under one build and not the other, is cut, or restarts.
        case heard
        /// A point plays under both, starting at different times.
        case start
        /// The tour completes at another time, or under one build only.
        case completion
        /// The analytics events of one name differ (count, time or properties).
        case event
    }

    public var aspect: Aspect
    /// The same difference on every walk and phase has the same key: "point 7 heard", "tour_completed event".
    public var key: String
    /// The point's order, for `heard` and `start`.
    public var point: Int?
    /// Per build, in the compared order: what it does.
    public var outcomes: [String]
    /// The rule behind the difference.
    public var rule: UpstreamSource.Rule
    /// Per build: the reference app's lines for the rule at that build's commit (nil for walkscape's rules).
    public var citations: [String?]

    public init(aspect: Aspect, key: String, point: Int?, outcomes: [String], rule: UpstreamSource.Rule, citations: [String?]) {
        self.aspect = aspect
        self.key = key
        self.point = point
        self.outcomes = outcomes
        self.rule = rule
        self.citations = citations
    }
}
