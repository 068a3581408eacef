import WalkscapeCore

/// Where a walk's fixes come from: a trace replayed on the walk's clock, or a receiver whose fixes arrive
/// on their own (a socket, another thread). A walk polls its source and never waits on it.
///
/// The walk holds its source as a value: a replay (`TraceReplaySource`, a struct) keeps its cursor in it, so
/// a copy of the walk replays on from where it was copied without moving the original. A live source
/// (`FixQueue`) is a class, since another thread feeds it: copies of a walk over it share its fixes.
public protocol FixSource: Sendable {
    /// Hands over, without blocking, the fixes due by `walkTime` (seconds since the walk's first fix), in
    /// order. A replay hands the fixes whose time since its first fix is at most `walkTime`; a live source on
    /// the wall clock hands every fix that has arrived, whatever `walkTime` says.
    mutating func take(through walkTime: Double) -> [Fix]
    /// The walk time of the next fix when it is known (a replay; a live source on the GPS clock once the fix
    /// has arrived), nil otherwise or once no fix is left.
    var nextFixTime: Double? { get }
    /// True once no fix will ever come again (the trace has been read; the receiver closed).
    var isFinished: Bool { get }
    /// True for a live source on the GPS clock: the walk's clock moves to each fix's time as it arrives rather
    /// than with the wall clock (`Walk.step`).
    var clockFollowsFixes: Bool { get }
    /// Wall seconds since the last fix arrived (a live source; nil for a replay or before the first fix).
    var secondsSinceLastFix: Double? { get }
    /// Why a live source ended ("gpsd closed the connection"), nil while it runs or for a replay.
    var endReason: String? { get }
}

extension FixSource {
    public var clockFollowsFixes: Bool { false }
    public var secondsSinceLastFix: Double? { nil }
    public var endReason: String? { nil }
}
