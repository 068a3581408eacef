import Foundation
import WalkscapeCore
import WalkscapeRuntime
import WalkscapeSystem

/// Live positions wired for a walk: a `LiveFixReader` on its own thread pushing into a `FixQueue` (the
/// walk's source), through a `GPXRecorder` first when recording. `track` and `play --gps` both start one.
public final class LiveFeed: Sendable {
    public let address: GPSSourceAddress
    /// The walk's source.
    public let queue: FixQueue
    public let recorder: GPXRecorder?
    private let reader: LiveFixReader
    private let arrived = DispatchSemaphore(value: 0)
    /// Warnings from the reader not yet taken (fixes dropped for their time, positions far from the tour).
    private let warnings: Pending

    /// Connects to `address` and starts reading (a refused connection or an unwritable record file fails
    /// here, with one line); fixes are stamped on `clock`; the source ends after `idleTimeout` seconds with
    /// nothing from it (nil: never). Fixes far from `reachTargets` (the tour's points and route vertices,
    /// `ReplayTour.reachTargets`) are warned about (`LiveReach`), and fixes dated far from `systemTime` (Unix
    /// seconds) once (`LiveDateCheck`: a GPS week rollover).
    public init(
        address: GPSSourceAddress, clock: LiveClock, recordPath: String?, idleTimeout: Double? = nil, reachTargets: [LatLng] = [],
        monotonic: any MonotonicClock = SystemClock(), systemTime: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws(LiveError) {
        self.address = address
        warnings = Pending(reach: LiveReach(targets: reachTargets), systemTime: systemTime)
        let queue = FixQueue(clock: clock, monotonic: monotonic)
        let recorder = try recordPath.map { path throws(LiveError) in try GPXRecorder(path: path, name: "walkscape \(address.description)") }
        let arrived = arrived
        let warnings = warnings
        reader = LiveFixReader(
            address: address, idleTimeout: idleTimeout,
            onFix: { fix in
                recorder?.record(fix)
                warnings.check(fix)
                queue.push(fix)
                arrived.signal()
            },
            onWarning: { line in warnings.add(line) },
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

    /// Fixes the reader dropped for their time: older than the one before, far from the others' time.
    public var droppedFixes: (older: Int, far: Int) { reader.droppedFixes }

    /// What the NMEA parser counted over the stream (bad checksums, …), one line a kind, once it ended.
    public var nmeaWarnings: [String] { reader.nmeaWarnings }

    /// The warnings that came since the last call (any thread), each one line, prefixed with the source.
    public func takeWarnings() -> [String] {
        warnings.take().map { "\(address.description): \($0)" }
    }

    /// Lines added on the reader's thread, taken on the walk's, and the reach watch over the fixes.
    private final class Pending: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        private var reach: LiveReach
        private var dates = LiveDateCheck()
        private let systemTime: @Sendable () -> Double

        init(reach: LiveReach, systemTime: @escaping @Sendable () -> Double) {
            self.reach = reach
            self.systemTime = systemTime
        }

        func add(_ line: String) { lock.withLock { lines.append(line) } }

        /// Adds the date and reach warnings for `fix`, if any.
        func check(_ fix: Fix) {
            let now = systemTime()
            lock.withLock {
                if let warning = dates.check(fixTime: fix.time, systemTime: now) { lines.append(warning) }
                if let warning = reach.check(fix) { lines.append(warning) }
            }
        }

        func take() -> [String] {
            lock.withLock {
                defer { lines.removeAll() }
                return lines
            }
        }
    }

    /// Stops reading (waiting a moment for the reader's last counts) and closes the record file (complete as it is).
    public func stop() {
        reader.stop()
        reader.waitUntilEnded(seconds: 2)
        recorder?.finish()
    }
}
