import Synchronization
import WalkscapeCore

/// A live fix source: fixes pushed from any thread (a socket reader, a GPS client) as they arrive, taken by
/// the walk on its own thread. `finish()` says no more will come.
public final class FixQueue: FixSource {
    private struct Buffer {
        var fixes: [Fix] = []
        var finished = false
        var lastTime = -Double.infinity
    }

    private let buffer = Mutex(Buffer())

    public init() {}

    /// Adds a fix that has just arrived. Ignored after `finish()`; a fix older than the last one pushed is
    /// dropped (the engine's clock never goes back).
    public func push(_ fix: Fix) {
        buffer.withLock { buffer in
            guard !buffer.finished else { return }
            guard fix.time >= buffer.lastTime, fix.time.isFinite else { return }
            buffer.lastTime = fix.time
            buffer.fixes.append(fix)
        }
    }

    /// No more fixes will come (the receiver closed).
    public func finish() {
        buffer.withLock { $0.finished = true }
    }

    public func take(through walkTime: Double) -> [Fix] {
        buffer.withLock { buffer in
            defer { buffer.fixes.removeAll(keepingCapacity: true) }
            return buffer.fixes
        }
    }

    public var nextFixTime: Double? { nil }

    public var isFinished: Bool { buffer.withLock { $0.finished && $0.fixes.isEmpty } }
}
