import Foundation
import WalkscapeCore

/// The Fraunhofer VBRI header some VBR encoders put in an MP3's first frame, which libmpg123 skips: read
/// here only for the length it promises, to tell a cut file from a whole one.
struct VBRIHeader: Equatable {
    /// MPEG frames the header announces.
    var frames: Int64
    /// Samples per MPEG frame (1152 for MPEG-1 layer III, 576 for MPEG-2/2.5).
    var samplesPerFrame: Int64

    /// The length it promises in samples, less one frame of slack: VBRI counts and encoder delays vary by
    /// encoder, so only a shortfall beyond that counts as truncation.
    var samples: Int64 { max(0, (frames - 1) * samplesPerFrame) }

    /// The VBRI header of the MP3 file at `path`, if its first frame (after any ID3v2 tag) holds one.
    static func read(path: String) -> VBRIHeader? {
        MP3FirstFrame.read(path: path).flatMap(parse)
    }

    /// Parses a VBRI header from the bytes of a first MPEG frame.
    static func parse(_ frame: [UInt8]) -> VBRIHeader? {
        guard frame.count >= 54, frame[0] == 0xFF, (frame[1] & 0xE0) == 0xE0 else { return nil }
        guard Array(frame[36..<40]) == Array("VBRI".utf8) else { return nil }
        let version = (frame[1] >> 3) & 0x03  // 3 = MPEG-1
        return VBRIHeader(frames: MP3FirstFrame.be32(frame, 50), samplesPerFrame: version == 3 ? 1152 : 576)
    }
}
