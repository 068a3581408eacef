import Foundation
import WalkscapeSystem

/// Writes files so that readers see the old content or the new, never a half-written file.
public enum AtomicFileWriter {
    /// A failed write; the message says which file and why. The original file is untouched.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }

        public init(message: String) { self.message = message }
    }

    /// Writes `bytes` to a temporary file in the same directory, flushes it to disk (unless `flush` is false:
    /// a crash may then leave the previous content, but never a torn file), keeps the old file's permissions,
    /// and renames it over `path`.
    ///
    /// The temporary file is `.NAME.tmp-PID-XXXXXX` (`ScratchFiles`): those left by a writer that was killed
    /// (SIGKILL, a power cut) are removed by the next write of the same file. The stop signals (SIGINT,
    /// SIGTERM, SIGHUP, SIGQUIT) are held back on the writing thread while the temporary file exists, so
    /// that one arriving then takes effect once the file is renamed or removed, never leaving it behind.
    ///
    /// Only a regular file (or none yet) is replaced; through a symbolic link, the file it names. A FIFO, a device,
    /// a socket or `-` (standard output) is written into as a stream instead (`OutputTarget`).
    public static func write(_ bytes: [UInt8], to requested: String, flush: Bool = true) throws(WriteError) {
        let path: String
        switch OutputTarget.of(requested) {
        case let .stream(target):
            if let problem = OutputTarget.writeStream(bytes, to: target) { throw WriteError(message: problem) }
            return
        case let .replace(target):
            path = target
        }
        ScratchFiles.removeStale(beside: path)
        var held = sigset_t()
        var previous = sigset_t()
        sigemptyset(&held)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var template = Array(ScratchFiles.temporaryTemplate(for: path).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            if let problem = ScratchFiles.folderProblem(for: path) { throw WriteError(message: problem) }
            throw WriteError(message: "\(path): cannot create a temporary file beside it: \(reason)")
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
