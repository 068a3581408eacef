import Foundation
import Synchronization
import WalkscapeSystem

/// A staged media file being written as its bytes arrive, hashed on the way (SHA-256 for `tour.json`,
/// MD5 when the server's ETag is an MD5 to check against), counting bytes for the progress display.
///
/// The receiving thread only writes; each digest is computed on its own serial queue from the same
/// chunks, so hashing runs beside the transfer instead of holding it up (at most `maxPending` chunks wait).
final class FileSink: HTTPBodySink, @unchecked Sendable {
    let path: String
    private let fd: Int32
    private var sha256 = MessageDigest(.sha256)
    private var md5: MessageDigest?
    /// Whether MD5 is computed: read by the receiving thread, while `md5` itself belongs to its queue.
    private var checksMD5 = false
    private let shaQueue = DispatchQueue(label: "walkscape.sink.sha256")
    private let md5Queue = DispatchQueue(label: "walkscape.sink.md5")
    private static let maxPending = 256
    private let pending = DispatchSemaphore(value: FileSink.maxPending * 2)
    /// Bytes in the file so far (the resumed prefix included).
    private(set) var size = 0
    /// Bytes written by this run, shared with the progress display.
    let received: ByteCounter
    /// The most bytes the file may have (the manifest's `fileSizeBytes`): a body that goes on past it is
    /// refused before anything past it is written, so that an answer that never ends cannot fill the disk.
    let limit: Int
    /// Whether the body went on past `limit`.
    private(set) var overflowed = false

    /// Opens (creating) `path` for writing; nothing is truncated yet.
    init(path: String, received: ByteCounter, limit: Int) throws(RemoteError) {
        self.path = path
        self.received = received
        self.limit = limit
        fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RemoteError(.local, "\(path): cannot be written: \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// Gets ready for the body: keeps the first `keep` bytes (a resumed download, hashed now) and drops
    /// anything after them; `checkMD5` also computes MD5.
    func prepare(keep: Int, checkMD5: Bool) throws(HTTPSinkError) {
        drain()
        sha256 = MessageDigest(.sha256)
        md5 = checkMD5 ? MessageDigest(.md5) : nil
        checksMD5 = checkMD5
        size = 0
        overflowed = false
        // Truncated only when there is something to drop: on ext4 a truncation to 0 marks the file for a flush
        // when it is closed (the replace-by-truncate heuristic), which would stall every new file's close.
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) == keep || ftruncate(fd, off_t(keep)) == 0,
            lseek(fd, off_t(keep), SEEK_SET) == off_t(keep)
        else {
            throw HTTPSinkError("\(path): cannot be prepared: \(String(cString: strerror(errno)))")
        }
        guard keep > 0 else { return }
        let reader = open(path, O_RDONLY | O_CLOEXEC)
        guard reader >= 0 else { throw HTTPSinkError("\(path): cannot be read back: \(String(cString: strerror(errno)))") }
        defer { close(reader) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while size < keep {
            let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, min($0.count, keep - size)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw HTTPSinkError("\(path): cannot be read back: \(String(cString: strerror(errno)))") }
            buffer.withUnsafeBytes { bytes in
                let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<n])
                sha256.update(chunk)
                md5?.update(chunk)
            }
            size += n
        }
    }

    func write(_ data: Data) throws(HTTPSinkError) {
        if data.count > limit - size {
            overflowed = true
            throw HTTPSinkError("\(path): the server sent more than \(limit) bytes")
        }
        var failure: Int32 = 0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure != 0 {
            if failure == ENOSPC || failure == EDQUOT {
                throw HTTPSinkError("disk full while writing \(path); free some space and run the same command again to resume")
            }
            throw HTTPSinkError("\(path): cannot write: \(String(cString: strerror(failure)))")
        }
        let chunk = Data(data)  // the caller's bytes are only lent for this call
        pending.wait()
        shaQueue.async {
            chunk.withUnsafeBytes { self.sha256.update($0) }
            self.pending.signal()
        }
        pending.wait()
        if checksMD5 {
            md5Queue.async {
                chunk.withUnsafeBytes { self.md5?.update($0) }
                self.pending.signal()
            }
        } else {
            pending.signal()
        }
        size += data.count
        received.add(data.count)
    }

    /// Waits until every chunk handed to the digest queues is hashed.
    private func drain() {
        shaQueue.sync {}
        md5Queue.sync {}
    }

    /// The digests once every chunk is hashed: SHA-256, and MD5 when asked for (lowercase hex). The file is
    /// flushed to disk later, with the whole tour, before it is installed.
    func finish() throws(RemoteError) -> (sha256: String, md5: String?) {
        drain()
        return (sha256.finalizeHex(), md5?.finalizeHex())
    }
}
