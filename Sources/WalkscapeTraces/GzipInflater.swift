import CZlib

/// Streaming gzip decompression over zlib's `inflate`: compressed chunks in, decompressed chunks out.
///
/// Concatenated gzip members (as `cat a.gz b.gz` makes) are read one after the other.
final class GzipInflater {
    private var stream = z_stream()
    private var output: UnsafeMutablePointer<UInt8>
    private let outputSize: Int
    private var open = false
    /// Whether the last member ended exactly at the end of the input given so far.
    private(set) var atMemberEnd = false

    init(outputSize: Int) throws(GzipError) {
        self.outputSize = outputSize
        output = .allocate(capacity: outputSize)
        // 15 + 32: the largest window, and a gzip (or zlib) header detected automatically.
        let status = inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            output.deallocate()
            throw GzipError(message: "zlib could not start (inflateInit2 returned \(status))")
        }
        open = true
    }

    deinit {
        if open { inflateEnd(&stream) }
        output.deallocate()
    }

    /// Decompresses `input`, calling `sink` with each piece of output.
    func inflate<E: Error>(_ input: UnsafeRawBufferPointer, sink: (UnsafeRawBufferPointer) throws(E) -> Void) throws(InflateFailure<E>) {
        guard let base = input.baseAddress, input.count > 0 else { return }
        if atMemberEnd {
            // A member ended exactly at the end of the previous input: this is the next member.
            inflateReset(&stream)
            atMemberEnd = false
        }
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        while stream.avail_in > 0 {
            stream.next_out = output
            stream.avail_out = uInt(outputSize)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let produced = outputSize - Int(stream.avail_out)
            if produced > 0 {
                do throws(E) {
                    try sink(UnsafeRawBufferPointer(start: output, count: produced))
                } catch {
                    throw .sink(error)
                }
            }
            atMemberEnd = false
            switch status {
            case Z_OK, Z_BUF_ERROR:
                if status == Z_BUF_ERROR && produced == 0 && stream.avail_in > 0 {
                    throw .gzip(GzipError(message: "corrupt gzip data (zlib made no progress); expected a gzip stream"))
                }
            case Z_STREAM_END:
                atMemberEnd = true
                if stream.avail_in > 0 {
                    // Another member follows; trailing zero padding is tolerated.
                    let rest = UnsafeRawBufferPointer(start: stream.next_in, count: Int(stream.avail_in))
                    if rest.allSatisfy({ $0 == 0 }) {
                        stream.avail_in = 0
                        return
                    }
                    inflateReset(&stream)
                }
            default:
                let detail = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw .gzip(GzipError(message: "corrupt gzip data (zlib: \(detail)); expected a gzip stream"))
            }
        }
    }
}
