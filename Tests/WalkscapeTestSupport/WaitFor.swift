import Foundation
import Testing

/// Waits (20 ms at a time, on the monotonic clock) until `condition` holds, at most `seconds`; records a failure
/// at the caller's line naming `what` and throws otherwise (the wait the sound-server suites share).
public func waitFor(
    _ what: String, seconds: Double, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) throws {
    let deadline = monotonicNow() + seconds
    while !condition() {
        try #require(monotonicNow() < deadline, "timed out waiting for \(what)", sourceLocation: sourceLocation)
        usleep(20_000)
    }
}
