import Foundation

/// The connections a collector serves at once, counted as they open and close, against its cap.
final class ConnectionCount: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var open = 0
    private var refused = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place for a new connection, or returns false (and counts a refusal) when all are taken.
    func admit() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard open < limit else {
            refused += 1
            return false
        }
        open += 1
        return true
    }

    /// Gives back the place of a connection that closed.
    func release() {
        lock.lock()
        defer { lock.unlock() }
        open -= 1
    }

    /// Connections refused so far for being over the cap.
    var refusedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return refused
    }
}
