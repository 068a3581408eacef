import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import WalkscapeCore

/// The JSON Lines file: opened for appending, one `write` per batch so a batch is never interleaved or half
/// written (a failed write is cut back to the previous end), one event per line.
final class EventLog: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var fd: Int32
    private(set) var count = 0

    init(path: String) throws(CollectorError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CollectorError("\(path): cannot open for appending: \(String(cString: strerror(errno)))") }
    }

    /// Appends the events, or says why not.
    func append(_ events: [JSONValue]) -> String? {
        var text = ""
        let writer = JSONWriter(pretty: false)
        for event in events { text += writer.write(event) + "\n" }
        let bytes = Array(text.utf8)
        lock.lock()
        defer { lock.unlock() }
        guard fd >= 0 else { return "the collector is stopping" }
        let start = lseek(fd, 0, SEEK_END)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                if start >= 0 { _ = ftruncate(fd, start) }
                return "\(path): \(reason)"
            }
            offset += n
        }
        count += events.count
        return nil
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        if fd >= 0 {
            fsync(fd)
            Foundation.close(fd)
            fd = -1
        }
    }
}
