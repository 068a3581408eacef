import Synchronization
import WalkscapeCore

/// A whole trace in memory replayed on the walk's clock: each fix is due at its time since the first fix.
public final class TraceReplaySource: FixSource {
    public let trace: Trace
    private let next = Mutex(0)

    public init(_ trace: Trace) {
        self.trace = trace
    }

    /// The index of the next fix to hand over.
    public var nextIndex: Int { next.withLock { $0 } }

    /// The last fix's time since the first (0 for an empty trace).
    public var duration: Double { trace.count > 0 ? trace.elapsed(trace.count - 1) : 0 }

    public func take(through walkTime: Double) -> [Fix] {
        next.withLock { index in
            var fixes: [Fix] = []
            while index < trace.count, trace.elapsed(index) <= walkTime {
                fixes.append(trace.fix(index))
                index += 1
            }
            return fixes
        }
    }

    public var nextFixTime: Double? {
        next.withLock { $0 < trace.count ? trace.elapsed($0) : nil }
    }

    public var isFinished: Bool { next.withLock { $0 >= trace.count } }
}
