@preconcurrency import CZlib

/// Inflates a gzip- or zlib-compressed tile in one go (zlib's automatic header detection), with a cap on the
/// inflated size.
enum TileInflater {
    /// Why inflating failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// True when `bytes` start like a gzip member (1f 8b) or a zlib stream (78 01/5e/9c/da).
    static func isCompressed(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        if bytes[0] == 0x1f && bytes[1] == 0x8b { return true }
        return bytes[0] == 0x78 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
    }

    static func inflate(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // 15 + 32: a 32 KB window, gzip or zlib header detected automatically.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(4096, input.count * 4)))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        var copy = input
        let result: Result<Void, Failure> = copy.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            while true {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                if status != Z_OK && status != Z_STREAM_END {
                    let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    return .failure(Failure(description: status == Z_BUF_ERROR ? "the data end before the stream does" : message))
                }
                guard output.count + produced <= limit else {
                    return .failure(Failure(description: "it inflates to more than \(limit / (1 << 20)) MB"))
                }
                output.append(contentsOf: chunk[0..<produced])
                if status == Z_STREAM_END { return .success(()) }
                if produced == 0 && stream.avail_in == 0 {
                    return .failure(Failure(description: "the data end before the stream does"))
                }
            }
        }
        if case .failure(let failure) = result { throw failure }
        return output
    }
}
