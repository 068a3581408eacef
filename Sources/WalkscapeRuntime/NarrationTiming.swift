/// When one narration was asked for and when the sound card first played it: the play log's line, so a
/// tester can see the latency between the engine's trigger and the first sample heard.
public struct NarrationTiming: Sendable, Equatable {
    /// The point whose narration it is.
    public var point: Int
    /// The walk's clock when the narration was asked for (the engine's trigger, or a seek or speed change).
    public var walkTime: Double
    /// Where in the recording it started, seconds.
    public var fromSeconds: Double
    /// Monotonic seconds (the sink's `MonotonicClock`): when the play was issued, and when its first sample was
    /// heard.
    public var issuedAt: Double
    public var firstHeardAt: Double
    /// How long the walk's clock held for the narration (its file opening); 0 when it followed the one before
    /// in the same stream.
    public var heldSeconds: Double = 0

    /// Seconds from the engine's trigger to the first sample heard.
    public var latency: Double { firstHeardAt - issuedAt }
}
