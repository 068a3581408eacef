import Synchronization
import WalkscapeCore
import WalkscapeSystem

/// A live fix source: fixes pushed from any thread (a gpsd client, an NMEA socket reader) as they arrive,
/// taken by the walk on its own thread. `finish(reason:)` says no more will come, and why.
///
/// On the GPS clock (`LiveClock.gps`) a fix is due at its time since the first fix pushed, and the walk's
/// clock follows the fixes (`clockFollowsFixes`). On the wall clock each fix is stamped with the monotonic
/// time since the first one arrived, and the walk's clock runs on wall time. Either way a fix older than the
/// last one pushed is dropped (the engine's clock never goes back), as is a fix with a time that is not finite.
public final class FixQueue: FixSource {
    private struct Buffer {
        var fixes: [Fix] = []
        var finished = false
        var endReason: String?
        var lastTime = -Double.infinity
        /// The first fix's time (GPS) and its arrival (monotonic).
        var origin: (time: Double, arrival: Double)?
        var lastArrival: Double?
        var pushed = 0
        var dropped = 0
    }

    private let buffer = Mutex(Buffer())
    public let clock: LiveClock
    private let monotonic: any MonotonicClock

    /// A queue on `clock`; `monotonic` times arrivals (fix age on the screen, wall stamps, the GPS clock's hold-over).
    public init(clock: LiveClock = .gps, monotonic: any MonotonicClock = SystemClock()) {
        self.clock = clock
        self.monotonic = monotonic
    }

    /// Adds a fix that has just arrived. Ignored after `finish`.
    public func push(_ fix: Fix) {
        let now = monotonic.now()
        buffer.withLock { buffer in
            guard !buffer.finished else { return }
            var fix = fix
            guard fix.time.isFinite else {
                buffer.dropped += 1
                return
            }
            if clock == .wall {
                let origin = buffer.origin ?? (fix.time, now)
                fix.time = origin.time + (now - origin.arrival)
            }
            guard fix.time >= buffer.lastTime else {
                buffer.dropped += 1
                return
            }
            if buffer.origin == nil { buffer.origin = (fix.time, now) }
            buffer.lastTime = fix.time
            buffer.lastArrival = now
            buffer.pushed += 1
            buffer.fixes.append(fix)
        }
    }

    /// No more fixes will come (the receiver closed, the device went away); `reason` says so on the screen.
    public func finish(reason: String? = nil) {
        buffer.withLock {
            if !$0.finished { $0.endReason = reason }
            $0.finished = true
        }
    }

    public func take(through walkTime: Double) -> [Fix] {
        buffer.withLock { buffer in
            guard clock == .gps, let origin = buffer.origin?.time else {
                defer { buffer.fixes.removeAll(keepingCapacity: true) }
                return buffer.fixes
            }
            let due = buffer.fixes.prefix { $0.time - origin <= walkTime }.count
            defer { buffer.fixes.removeFirst(due) }
            return Array(buffer.fixes.prefix(due))
        }
    }

    /// On the GPS clock, the walk time of the first fix waiting; nil on the wall clock or when none waits.
    public var nextFixTime: Double? {
        buffer.withLock { buffer in
            guard clock == .gps, let first = buffer.fixes.first, let origin = buffer.origin?.time else { return nil }
            return first.time - origin
        }
    }

    public var isFinished: Bool { buffer.withLock { $0.finished && $0.fixes.isEmpty } }

    public var clockFollowsFixes: Bool { clock == .gps }

    public var secondsSinceLastFix: Double? {
        let now = monotonic.now()
        return buffer.withLock { $0.lastArrival.map { max(0, now - $0) } }
    }

    public var endReason: String? { buffer.withLock { $0.finished ? $0.endReason : nil } }

    /// Fixes accepted and fixes dropped (going back in time, or without a finite time) so far.
    public var counts: (pushed: Int, dropped: Int) { buffer.withLock { ($0.pushed, $0.dropped) } }
}
