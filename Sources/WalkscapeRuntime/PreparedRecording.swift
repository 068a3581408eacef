import Foundation
import WalkscapeAudio

/// A recording opened ahead of its narration (on `AudioSink`'s preparer thread), handed once to whoever
/// plays it. Knows the file it opened (size and modification time), so a file changed since (a producer's
/// edit under `play --watch`) is opened again rather than played stale.
final class PreparedRecording: @unchecked Sendable {
    let path: String
    /// The speed it is prepared for: away from ×1 the time-stretcher is built and primed ahead too.
    let speed: Double
    private let ready = NSCondition()
    private var done = false
    private var opened: (any AudioDecoder)?
    private var identity: FileIdentity?

    init(path: String, speed: Double) {
        self.path = path
        self.speed = speed
    }

    /// Opens the file, and stretches it for `speed` (the preparer thread); whoever waits in `decoder()` wakes.
    func open() {
        let identity = FileIdentity(path: path)
        let decoder = (try? AudioDecoding.open(path: path)).flatMap { AudioSink.decoder($0, speed: speed) }
        ready.withLock {
            opened = decoder
            self.identity = identity
            done = true
            ready.broadcast()
        }
    }

    /// The opened decoder, waiting for the opening to finish; nil when it failed or the file changed since.
    func decoder() -> (any AudioDecoder)? {
        let (decoder, identity) = ready.withLock {
            while !done { ready.wait() }
            defer { opened = nil }
            return (opened, self.identity)
        }
        guard let identity, identity == FileIdentity(path: path) else { return nil }
        return decoder
    }
}
