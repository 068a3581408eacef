import WalkscapeCore

/// A whole trace in memory replayed on the walk's clock: each fix is due at its time since the first fix.
/// A value: its cursor (`nextIndex`) is part of it, so a copy (of it, or of the `Walk` holding it) replays on
/// from the same fix on its own.
public struct TraceReplaySource: FixSource {
    public let trace: Trace
    /// The index of the next fix to hand over.
    public private(set) var nextIndex = 0

    public init(_ trace: Trace) {
        self.trace = trace
    }

    /// The last fix's time since the first (0 for an empty trace).
    public var duration: Double { trace.count > 0 ? trace.elapsed(trace.count - 1) : 0 }

    public mutating func take(through walkTime: Double) -> [Fix] {
        var fixes: [Fix] = []
        while nextIndex < trace.count, trace.elapsed(nextIndex) <= walkTime {
            fixes.append(trace.fix(nextIndex))
            nextIndex += 1
        }
        return fixes
    }

    public var nextFixTime: Double? { nextIndex < trace.count ? trace.elapsed(nextIndex) : nil }

    public var isFinished: Bool { nextIndex >= trace.count }
}
