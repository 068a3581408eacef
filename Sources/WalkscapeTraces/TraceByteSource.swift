import WalkscapeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes in fixed-size chunks, decompressed on the fly when the file is gzip (by its magic bytes).
final class TraceByteSource {
    /// Why the bytes could not be had.
    enum Failure: Error {
        case unreadable(String)
        case gzip(String)
    }

    let path: String
    let chunkSize: Int
    private var descriptor: Int32
    private let buffer: UnsafeMutableRawPointer
    private var inflater: GzipInflater?
    private var first = true
    private(set) var isGzip = false
    private(set) var atEnd = false
    /// The file's size in bytes (0 when unknown) and how many of them have been read: progress for a long read.
    private(set) var fileSize = 0
    private(set) var consumed = 0

    init(path: String, chunkSize: Int) throws(Failure) {
        self.path = path
        self.chunkSize = chunkSize
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(Self.systemMessage(errno)) }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .unreadable("is a directory; expected a trace file")
        }
        fileSize = (info.st_mode & S_IFMT) == S_IFREG ? max(0, Int(info.st_size)) : 0
        buffer = .allocate(byteCount: chunkSize, alignment: 16)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    static func systemMessage(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }

    /// Reads the next chunk and passes its (decompressed) bytes to `sink`, possibly in several pieces;
    /// returns false at the end of the file.
    func next(_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        guard !atEnd else { return false }
        var count: Int
        repeat {
            count = read(descriptor, buffer, chunkSize)
        } while count < 0 && errno == EINTR
        if count < 0 { throw Failure.unreadable("read error: \(Self.systemMessage(errno))") }
        consumed += count
        if first {
            first = false
            if count >= 2 && TraceFormat.isGzip(UnsafeRawBufferPointer(start: buffer, count: 2)) {
                isGzip = true
                do {
                    inflater = try GzipInflater(outputSize: chunkSize)
                } catch {
                    throw Failure.gzip(error.message)
                }
            }
        }
        if count == 0 {
            atEnd = true
            if let inflater, !inflater.atMemberEnd {
                throw Failure.gzip("the gzip data ends early; expected the rest of the compressed stream (is the file truncated?)")
            }
            return false
        }
        let chunk = UnsafeRawBufferPointer(start: buffer, count: count)
        if let inflater {
            do {
                try inflater.inflate(chunk) { (piece: UnsafeRawBufferPointer) throws(AnyError) in
                    do { try sink(piece) } catch { throw AnyError(error) }
                }
            } catch {
                switch error {
                case let .gzip(problem): throw Failure.gzip(problem.message)
                case let .sink(wrapped): throw wrapped.error
                }
            }
        } else {
            try sink(chunk)
        }
        return true
    }
}
