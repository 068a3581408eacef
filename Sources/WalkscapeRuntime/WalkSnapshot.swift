import WalkscapeCore

/// A walk as the screen and the sinks see it at one moment: the clock, the engine, and where the walker is.
/// It never refers to a trace's indices, so the same screen shows a replay and a live walk.
public struct WalkSnapshot: Sendable {
    /// Seconds since the walk's first fix, on the walk's clock.
    public var time: Double
    public var speed: Double
    public var paused: Bool
    /// True once the source ran dry and the audio played out.
    public var ended: Bool
    /// The engine's state.
    public var engine: EngineState
    /// The first fix's time (seconds since 1970), where the walk's clock starts; nil before any fix.
    public var origin: Double?
    /// The last fix received (the walker's position), nil before the first.
    public var lastFix: Fix?
    /// The last fix's time on the walk's clock (seconds since the first fix).
    public var lastFixTime: Double?
    /// The walker's last positions, oldest first, ending with the last fix's.
    public var trail: [LatLng]
    /// Metres walked, fix to fix.
    public var distanceMeters: Double
    /// Fixes received so far.
    public var fixes: Int
    /// A live walk: wall seconds since the last fix arrived (nil for a replay or before the first fix).
    public var fixWallAge: Double? = nil
    /// A live walk whose source ended: why (nil while it runs, and for a replay).
    public var sourceEnded: String? = nil

    /// How old the last fix is on the walk's clock (nil before the first).
    public var fixAge: Double? { lastFixTime.map { max(0, time - $0) } }

    /// The playing audio's position on the walk's clock, in seconds (nil when nothing plays).
    public var audioPosition: Double? { engine.playing.map { time - $0.startedAt } }
}
