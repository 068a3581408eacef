import Foundation

/// A monotonic clock in seconds, and a way to wait on it: the one protocol every duration in walkscape is read
/// through (audio outputs, the replay clock, downloads' rates and deadlines, the map's SQLite budget, feed's
/// pace, check's timings). `SystemClock` is the machine's; tests inject `ManualClock` to make time pass instantly.
/// Wall time (`Date`) is read only where a date is the point: voucher expiry and the age of stale files.
public protocol MonotonicClock: AnyObject, Sendable {
    /// Seconds since an arbitrary origin; never goes back.
    func now() -> Double
    /// Waits `seconds` of this clock's time.
    func sleep(seconds: Double)
}
