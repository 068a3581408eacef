import Foundation

/// Seconds on the system's monotonic clock, and sleeping until a moment on it: the replay's pace, immune to
/// the wall clock being set.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed origin (boot).
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Sleeps until `deadline` (a `now()` value) or `shouldStop` turns true, checking it at least every
    /// `slice` seconds; returns false when stopped.
    @discardableResult
    public static func sleep(until deadline: Double, slice: Double = 0.05, shouldStop: () -> Bool) -> Bool {
        while true {
            if shouldStop() { return false }
            let left = deadline - now()
            if left <= 0 { return true }
            let step = min(left, slice)
            var request = timespec(tv_sec: Int(step), tv_nsec: Int((step - Double(Int(step))) * 1e9))
            var rest = timespec()
            _ = nanosleep(&request, &rest)
        }
    }
}
