import Foundation

/// A monotonic clock in seconds, and a way to wait on it. `NullOutput` and `WAVFileOutput` run on one; tests
/// inject `ManualAudioClock` to make time pass instantly.
public protocol AudioClock: AnyObject, Sendable {
    /// Seconds since an arbitrary origin; never goes back.
    func now() -> Double
    /// Waits `seconds` of this clock's time.
    func sleep(seconds: Double)
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`, not affected by wall-clock changes).
public final class MonotonicAudioClock: AudioClock {
    /// One for everyone who reads the system's monotonic time without a clock of their own to inject.
    public static let shared = MonotonicAudioClock()

    public init() {}

    public func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    public func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        usleep(UInt32(min(seconds, 1) * 1e6))
    }
}

/// A clock that moves only when someone sleeps on it (or calls `advance`): time passes instantly.
public final class ManualAudioClock: AudioClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double

    public init(start: Double = 0) { time = start }

    public func now() -> Double { lock.withLock { time } }

    public func sleep(seconds: Double) { advance(by: max(seconds, 0)) }

    /// Moves the clock forward.
    public func advance(by seconds: Double) { lock.withLock { time += seconds } }
}
