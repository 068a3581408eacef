import Foundation
import Synchronization

/// The one way a stop request reaches a long operation (a download, an import, a feed, a playback): a
/// token the operation polls, passed down to everything it starts.
///
/// `StopSignals.token()` makes one that fires when Ctrl-C, SIGTERM or SIGHUP arrives while `StopSignals.watch`
/// runs (the handler only stores the signal's number); a token linked to another fires with it (workers that
/// stop together); `stop(signal:)` fires it from code. The HTTP client polls it while waiting and cancels the
/// transfer in flight, so the files written so far stay on disk for a resume.
public final class StopToken: Sendable {
    private let flag = Atomic<Int32>(0)
    private let parent: StopToken?
    private let watched: (@Sendable () -> Int32)?

    public init() {
        parent = nil
        watched = nil
    }

    /// A token that also fires when `signal` returns a signal's number (not 0): a flag a signal
    /// handler sets (`StopSignals.received`).
    public init(watching signal: @escaping @Sendable () -> Int32) {
        parent = nil
        watched = signal
    }

    /// A token that also fires when `parent` does (a group of workers stopping together on Ctrl-C
    /// or on their own first failure).
    public init(linkedTo parent: StopToken) {
        self.parent = parent
        watched = nil
    }

    /// Asks everything watching to stop; `signal` is kept for the exit status (128 + signal).
    public func stop(signal: Int32 = SIGINT) { flag.store(signal, ordering: .relaxed) }

    /// Whether a stop was asked for.
    public var isStopped: Bool { signal != 0 }

    /// The signal that asked for the stop (0 when none).
    public var signal: Int32 {
        let own = flag.load(ordering: .relaxed)
        if own != 0 { return own }
        if let watched, case let number = watched(), number != 0 { return number }
        return parent?.signal ?? 0
    }

    /// Sleeps until `deadline` on `clock`, waking at least every `slice` seconds to look at the token;
    /// returns false when it fired first.
    @discardableResult
    public func sleep(until deadline: Double, clock: any MonotonicClock = SystemClock.shared, slice: Double = 0.05) -> Bool {
        while !isStopped {
            let left = deadline - clock.now()
            if left <= 0 { return true }
            clock.sleep(seconds: min(slice, left))
        }
        return false
    }
}
