import Foundation
import WalkscapeCore

/// The Xing/Info header (LAME and most encoders) in an MP3's first frame: only whether it counts the
/// stream's frames. When it does, libmpg123's length before the scan comes from that count (gapless), and
/// is a promise a cut file breaks; without it, that length is a guess from the file size and the first
/// frame's bitrate, which says nothing about truncation.
struct XingHeader: Equatable {
    /// MPEG frames the header announces, when its "frames" flag is set.
    var frames: Int64?
    /// The encoder delay in samples from the LAME tag that follows it (LAME, FFmpeg), if there is one.
    var encoderDelay: Int64? = nil

    /// The Xing/Info header of the MP3 file at `path`, if its first frame (after any ID3v2 tag) holds one.
    static func read(path: String) -> XingHeader? {
        MP3FirstFrame.read(path: path).flatMap(parse)
    }

    /// Parses a Xing/Info header from the bytes of a first MPEG layer III frame.
    static func parse(_ frame: [UInt8]) -> XingHeader? {
        guard frame.count >= 4, frame[0] == 0xFF, (frame[1] & 0xE0) == 0xE0 else { return nil }
        let mpeg1 = (frame[1] >> 3) & 0x03 == 3
        let mono = frame[3] >> 6 == 3
        let crc = frame[1] & 0x01 == 0
        // The tag follows the header, the optional CRC and the side information.
        let offset = 4 + (crc ? 2 : 0) + (mpeg1 ? (mono ? 17 : 32) : (mono ? 9 : 17))
        guard frame.count >= offset + 12 else { return nil }
        let tag = Array(frame[offset..<offset + 4])
        guard tag == Array("Xing".utf8) || tag == Array("Info".utf8) else { return nil }
        let flags = MP3FirstFrame.be32(frame, offset + 4)
        var header = XingHeader(frames: flags & 1 != 0 ? MP3FirstFrame.be32(frame, offset + 8) : nil)
        // With all four fields present (frames, bytes, TOC, quality) the LAME tag starts 120 bytes in; its
        // bytes 21–23 hold the encoder delay and padding, 12 bits each.
        let lame = offset + 120
        if flags & 0x0F == 0x0F, frame.count >= lame + 24,
            ["LAME", "Lavc", "Lavf"].contains(where: { Array(frame[lame..<lame + 4]) == Array($0.utf8) }) {
            header.encoderDelay = Int64(frame[lame + 21]) << 4 | Int64(frame[lame + 22] >> 4)
        }
        return header
    }
}
