import Foundation

/// Writes files so that readers see the old content or the new, never a half-written file.
public enum AtomicFileWriter {
    /// A failed write; the message says which file and why. The original file is untouched.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Writes `bytes` to a temporary file in the same directory, flushes it to disk (unless `flush` is false:
    /// a crash may then leave the previous content, but never a torn file), keeps the old file's permissions,
    /// and renames it over `path`.
    public static func write(_ bytes: [UInt8], to path: String, flush: Bool = true) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/." + base + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw WriteError(message: "\(path): cannot create a temporary file beside it: \(String(cString: strerror(errno)))")
        }
        let tempPath = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Foundation.write(fd, buffer.baseAddress! + written, bytes.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                throw WriteError(message: "\(path): cannot write: \(reason)")
            }
            written += n
        }
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        fchmod(fd, mode)
        guard !flush || fsync(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw WriteError(message: "\(path): cannot flush to disk: \(reason)")
        }
        close(fd)
        guard rename(tempPath, path) == 0 else {
            throw WriteError(message: "\(path): cannot replace the file: \(String(cString: strerror(errno)))")
        }
        ok = true
    }
}
