import WalkscapeCore
import WalkscapeSystem
import WalkscapeTraces

/// A destination for positions replayed out of walkscape: other GPS software reading them as if they came
/// from a receiver (gpsd, an Android emulator, a pipe).
///
/// A sink is handed every fix in order, on the replay's clock; it writes it at once and never blocks the
/// caller for long (a slow or vanished reader is dropped, not waited for).
public protocol FixSink: AnyObject {
    /// One fix to send now.
    func send(_ fix: OutgoingFix) throws(LiveError)
    /// The replay has ended: flush and release what the sink holds.
    func close()
    /// Blocks until a reader is there to hear the first fix (gpsd has opened the pty, a client has connected),
    /// or `stop` fires; sinks that always have their reader return at once.
    func waitForReader(stop: StopToken)
    /// Fixes that could not be delivered so far (no reader yet, a reader too slow), for the closing line.
    var dropped: Int { get }
}

extension FixSink {
    public func waitForReader(stop: StopToken) {}
}
