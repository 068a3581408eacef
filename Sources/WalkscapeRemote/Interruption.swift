import Foundation
import Synchronization

/// A request to stop, shared by the downloader and whoever watches for Ctrl-C.
///
/// The CLI sets it from a SIGINT handler (only an atomic store there); the HTTP client polls it while
/// waiting and cancels the transfer in flight, so the files written so far stay on disk for a resume.
public final class Interruption: Sendable {
    private let flag = Atomic<Int32>(0)
    private let parent: Interruption?

    public init() { parent = nil }

    /// An interruption that also fires when `parent` does (a group of workers stopping together on Ctrl-C
    /// or on their own first failure).
    public init(linkedTo parent: Interruption) { self.parent = parent }

    /// Asks everything watching to stop; `signal` is kept for the exit status (128 + signal).
    public func interrupt(signal: Int32 = SIGINT) { flag.store(signal, ordering: .relaxed) }

    /// Whether a stop was asked for.
    public var isInterrupted: Bool { flag.load(ordering: .relaxed) != 0 || parent?.isInterrupted == true }

    /// The signal that asked for the stop (0 when none).
    public var signal: Int32 {
        let own = flag.load(ordering: .relaxed)
        return own != 0 ? own : parent?.signal ?? 0
    }
}
