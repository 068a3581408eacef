import Foundation

/// What an output path names, and so how walkscape writes it: a regular file (or none yet) is replaced whole,
/// through a temporary file renamed over it; a FIFO, a character or block device, a socket or `-` (standard
/// output) is written into as a stream, never replaced (`report --output /dev/null` run as root used to replace
/// `/dev/null` with a regular file). A symbolic link is followed: the file it names is replaced, not the link.
public enum OutputTarget: Equatable, Sendable {
    /// A regular file, or nothing yet: replaced at `path` (a link's target when `path` was a link).
    case replace(path: String)
    /// Written into as it stands (a FIFO, a device, a socket, a link to one, `-`).
    case stream(path: String)

    /// Classifies `path` (`-` is standard output).
    public static func of(_ path: String) -> OutputTarget {
        if path == "-" { return .stream(path: path) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Nothing there yet (or a dangling link): a new regular file, beside the link's target if it is one.
            return .replace(path: linkTarget(of: path) ?? path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .stream(path: path) }
        return .replace(path: linkTarget(of: path) ?? path)
    }

    /// The file a symbolic link at `path` names (followed to its end), or nil when `path` is not a link.
    private static func linkTarget(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // A dangling link: the path it names, relative to the link's folder.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return (FilePathText.parent(of: path) as NSString).appendingPathComponent(target)
    }

    /// Where a file rendered whole before it is moved or poured into place is written: beside the file it will
    /// replace (the same file system, for the rename), or in the temporary folder for a stream.
    public var partialPath: String {
        switch self {
        case let .replace(path): ScratchFiles.partialPath(for: path)
        case .stream: ScratchFiles.partialPath(for: NSTemporaryDirectory() + "walkscape-output")
        }
    }

    /// Writes `bytes` into a stream target: `-` is standard output; anything else is opened for writing as it
    /// stands (a FIFO waits for its reader, as `cat > fifo` does). Returns why it failed, or nil.
    public static func writeStream(_ bytes: [UInt8], to path: String) -> String? {
        guard let descriptor = openStream(path) else { return "\(path): cannot open for writing: \(String(cString: strerror(errno)))" }
        defer { if descriptor != STDOUT_FILENO { close(descriptor) } }
        return bytes.withUnsafeBytes { writeAll($0, to: descriptor, path: path) }
    }

    private static func openStream(_ path: String) -> Int32? {
        let descriptor = path == "-" ? STDOUT_FILENO : open(path, O_WRONLY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Writes all of `buffer` to `descriptor`, again after EINTR; why it failed, or nil.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String) -> String? {
        var written = 0
        while written < buffer.count {
            let n = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return "\(path): cannot write: \(String(cString: strerror(errno)))"
            }
            written += n
        }
        return nil
    }

    /// Copies the finished file at `temporary` into the stream target `path` and removes it (a WAV or FLAC is
    /// rendered whole first: its header names its length). Returns why it failed, or nil.
    /// Copied 64 KiB at a time: a whole walk's render may be gigabytes, never held in memory.
    public static func pour(_ temporary: String, into path: String) -> String? {
        defer { unlink(temporary) }
        let source = open(temporary, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { return "\(path): cannot read back \(temporary): \(String(cString: strerror(errno)))" }
        defer { close(source) }
        guard let descriptor = openStream(path) else { return "\(path): cannot open for writing: \(String(cString: strerror(errno)))" }
        defer { if descriptor != STDOUT_FILENO { close(descriptor) } }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return "\(path): cannot read back \(temporary): \(String(cString: strerror(errno)))"
            }
            if count == 0 { return nil }
            if let problem = chunk.withUnsafeBytes({ writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: descriptor, path: path) }) {
                return problem
            }
        }
    }
}
