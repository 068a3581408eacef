import Foundation
import Synchronization

/// A request to stop, shared by the downloader and whoever watches for Ctrl-C.
///
/// The CLI sets it from a SIGINT handler (only an atomic store there); the HTTP client polls it while
/// waiting and cancels the transfer in flight, so the files written so far stay on disk for a resume.
public final class Interruption: Sendable {
    private let flag = Atomic<Int32>(0)

    public init() {}

    /// Asks everything watching to stop; `signal` is kept for the exit status (128 + signal).
    public func interrupt(signal: Int32 = SIGINT) { flag.store(signal, ordering: .relaxed) }

    /// Whether a stop was asked for.
    public var isInterrupted: Bool { flag.load(ordering: .relaxed) != 0 }

    /// The signal that asked for the stop (0 when none).
    public var signal: Int32 { flag.load(ordering: .relaxed) }
}
