import Foundation

/// Notices from the audio side (any thread), handed to the player's log on its own thread.
public final class NoticeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []

    public init() {}

    /// Adds a notice (any thread).
    public func add(_ text: String) {
        lock.withLock { pending.append(text) }
    }

    /// The notices added since the last call.
    public func take() -> [String] {
        lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }
}
