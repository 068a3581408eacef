/// A time the walk's clock held during a narration because nothing was written ahead to the sound card (an
/// underrun: the feed ran dry): the play log's line, so a tester can tell a held clock from latency.
public struct NarrationHold: Sendable, Equatable {
    /// The point whose narration it is.
    public var point: Int
    /// The walk's clock where it held.
    public var walkTime: Double
    /// How long it held, wall seconds.
    public var seconds: Double
}
