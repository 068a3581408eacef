import Foundation

/// The system's monotonic clock (`CLOCK_MONOTONIC`, not affected by wall-clock changes).
public final class SystemClock: MonotonicClock {
    /// One for everyone who reads the system's monotonic time without a clock of their own to inject.
    public static let shared = SystemClock()

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
