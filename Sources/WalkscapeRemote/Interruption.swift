import Foundation
import Synchronization

/// A request to stop, shared by the downloader and whoever watches for Ctrl-C.
///
/// The CLI sets it from a SIGINT handler (only an atomic store there); the HTTP client polls it while
/// waiting and cancels the transfer in flight, so the files written so far stay on disk for a resume.
public final class Interruption: Sendable {
    private let flag = Atomic<Int32>(0)
    private let parent: Interruption?
    private let watched: (@Sendable () -> Int32)?

    public init() {
        parent = nil
        watched = nil
    }

    /// An interruption that also fires when `signal` returns a signal's number (not 0): a flag a signal
    /// handler sets (`StopSignals.received`).
    public init(watching signal: @escaping @Sendable () -> Int32) {
        parent = nil
        watched = signal
    }

    /// An interruption that also fires when `parent` does (a group of workers stopping together on Ctrl-C
    /// or on their own first failure).
    public init(linkedTo parent: Interruption) {
        self.parent = parent
        watched = nil
    }

    /// Asks everything watching to stop; `signal` is kept for the exit status (128 + signal).
    public func interrupt(signal: Int32 = SIGINT) { flag.store(signal, ordering: .relaxed) }

    /// Whether a stop was asked for.
    public var isInterrupted: Bool { signal != 0 }

    /// The signal that asked for the stop (0 when none).
    public var signal: Int32 {
        let own = flag.load(ordering: .relaxed)
        if own != 0 { return own }
        if let watched, case let number = watched(), number != 0 { return number }
        return parent?.signal ?? 0
    }
}
