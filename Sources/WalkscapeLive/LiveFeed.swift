import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeRuntime

/// Live positions wired for a walk: a `LiveFixReader` on its own thread pushing into a `FixQueue` (the
/// walk's source), through a `GPXRecorder` first when recording. `track` and `play --gps` both start one.
public final class LiveFeed: Sendable {
    public let address: GPSSourceAddress
    /// The walk's source.
    public let queue: FixQueue
    public let recorder: GPXRecorder?
    private let reader: LiveFixReader
    private let arrived = DispatchSemaphore(value: 0)

    /// Connects to `address` and starts reading (a refused connection or an unwritable record file fails
    /// here, with one line); fixes are stamped on `clock`.
    public init(address: GPSSourceAddress, clock: LiveClock, recordPath: String?, monotonic: any AudioClock = MonotonicAudioClock()) throws(LiveError) {
        self.address = address
        let queue = FixQueue(clock: clock, monotonic: monotonic)
        let recorder = try recordPath.map { path throws(LiveError) in try GPXRecorder(path: path, name: "walkscape \(address.description)") }
        let arrived = arrived
        reader = LiveFixReader(
            address: address,
            onFix: { fix in
                recorder?.record(fix)
                queue.push(fix)
                arrived.signal()
            },
            onEnd: { reason in
                queue.finish(reason: reason)
                arrived.signal()
            })
        self.queue = queue
        self.recorder = recorder
        do {
            try reader.start()
        } catch {
            recorder?.finish()
            throw error
        }
    }

    /// Waits up to `seconds` for a fix or the end of the source (returns at once when one came meanwhile).
    public func waitForFix(seconds: Double) {
        _ = arrived.wait(timeout: .now() + seconds)
    }

    /// Lines the reader could not use, and the first one's reason.
    public var problems: (count: Int, first: String?) { reader.problems }

    /// Stops reading and closes the record file (complete as it is).
    public func stop() {
        reader.stop()
        recorder?.finish()
    }
}
