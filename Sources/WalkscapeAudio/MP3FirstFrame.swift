import Foundation
import WalkscapeCore

/// The first bytes of an MP3 file's first frame, after any ID3v2 tag.
enum MP3FirstFrame {
    static func read(path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 10), head.count == 10 else { return nil }
        var offset: UInt64 = 0
        let bytes = Array(head)
        if bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {  // "ID3": skip the tag (syncsafe size)
            let size = bytes[6...9].reduce(UInt64(0)) { $0 << 7 | UInt64($1 & 0x7F) }
            offset = 10 + size + ((bytes[5] & 0x10) != 0 ? 10 : 0)
        }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: 256), data.count >= 16 else {
            return nil
        }
        return Array(data)
    }

    /// The big-endian 32-bit number at `at`.
    static func be32(_ bytes: [UInt8], _ at: Int) -> Int64 { bytes[at..<at + 4].reduce(Int64(0)) { $0 << 8 | Int64($1) } }
}
