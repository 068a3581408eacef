import Foundation

/// A clock that moves only when someone sleeps on it (or calls `advance`): time passes instantly.
public final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double

    public init(start: Double = 0) { time = start }

    public func now() -> Double { lock.withLock { time } }

    public func sleep(seconds: Double) { advance(by: max(seconds, 0)) }

    /// Moves the clock forward.
    public func advance(by seconds: Double) { lock.withLock { time += seconds } }
}
