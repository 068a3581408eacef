import WalkscapeCore

/// Where a walk's fixes come from: a trace replayed on the walk's clock, or a receiver whose fixes arrive
/// on their own (a socket, another thread). A walk polls its source and never waits on it.
public protocol FixSource: AnyObject, Sendable {
    /// Hands over, without blocking, the fixes due by `walkTime` (seconds since the walk's first fix), in
    /// order. A replay hands the fixes whose time since its first fix is at most `walkTime`; a live source
    /// hands every fix that has arrived, whatever `walkTime` says.
    func take(through walkTime: Double) -> [Fix]
    /// The walk time of the next fix when it is known in advance (a replay; stepping one fix needs it), nil
    /// for a live source or once no fix is left.
    var nextFixTime: Double? { get }
    /// True once no fix will ever come again (the trace has been read; the receiver closed).
    var isFinished: Bool { get }
}
