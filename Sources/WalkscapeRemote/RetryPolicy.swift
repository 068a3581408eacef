import Foundation
import WalkscapeSystem

/// How often and how patiently to retry a request that failed for a reason that may pass: a 5xx answer,
/// a refused, reset or cut connection, a timeout, bytes that do not match the server's checksum.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included (1 = no retry).
    public var attempts: Int
    /// The wait before the first retry, in seconds; it doubles at each retry up to `maximumDelay`.
    public var initialDelay: Double
    public var maximumDelay: Double

    public init(attempts: Int = 5, initialDelay: Double = 0.5, maximumDelay: Double = 8) {
        self.attempts = max(1, attempts)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait before retry number `retry` (1 for the first retry).
    public func delay(before retry: Int) -> Double {
        min(maximumDelay, initialDelay * pow(2, Double(retry - 1)))
    }

    /// Sleeps `seconds` in short slices, returning early (false) when `interruption` fires.
    static func sleep(_ seconds: Double, interruption: StopToken) -> Bool {
        interruption.sleep(until: SystemClock.shared.now() + seconds)
    }
}
