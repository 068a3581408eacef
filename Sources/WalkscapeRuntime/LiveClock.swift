import Synchronization
import WalkscapeCore
import WalkscapeSystem

/// Which clock a live walk runs on (`track --clock`, `play --clock`).
public enum LiveClock: String, Sendable, CaseIterable {
    /// The fixes' own GPS times: each fix is taken at its time and the walk's clock follows them, so a source
    /// that replays faster than real time (`gpsfake -c 0.01`) gives exactly `simulate`'s timeline.
    case gps
    /// The moment each fix arrives, on the monotonic clock: what a phone that stamps fixes on arrival sees.
    case wall
}
