import WalkscapeCore
/// Tells what an audio file really holds from its first bytes, whatever its name says.
///
/// The reference backend has served MP4/AAC data named `.mp3`; walkscape names such files for what they
/// are instead of feeding them to the wrong decoder.
public enum AudioContainerSniffer {
    /// What the leading bytes look like.
    public enum Kind: Equatable, Sendable {
        case mp3
        case wav
        case rf64
        case mp4
        case adts
        case ogg
        case flac
        case aiff
        case empty
        case unknown

        /// A name for messages ("MP4/AAC data", …).
        public var label: String {
            switch self {
            case .mp3: return "MP3 data"
            case .wav: return "WAV data"
            case .rf64: return "RF64 WAV data"
            case .mp4: return "MP4/AAC data"
            case .adts: return "ADTS AAC data"
            case .ogg: return "Ogg data"
            case .flac: return "FLAC data"
            case .aiff: return "AIFF data"
            case .empty: return "an empty file"
            case .unknown: return "unrecognised data"
            }
        }
    }

    /// How many leading bytes `sniff` looks at, at most.
    public static let headerLength = 16

    /// The kind of data that starts with `bytes`.
    public static func sniff(_ bytes: [UInt8]) -> Kind {
        if bytes.isEmpty { return .empty }
        func at(_ offset: Int, _ text: String) -> Bool {
            let pattern = Array(text.utf8)
            return bytes.count >= offset + pattern.count && Array(bytes[offset..<offset + pattern.count]) == pattern
        }
        if at(0, "RIFF") && at(8, "WAVE") { return .wav }
        if at(0, "RF64") && at(8, "WAVE") { return .rf64 }
        if at(4, "ftyp") { return .mp4 }
        if at(0, "OggS") { return .ogg }
        if at(0, "fLaC") { return .flac }
        if at(0, "FORM") && (at(8, "AIFF") || at(8, "AIFC")) { return .aiff }
        if at(0, "ID3") { return .mp3 }
        if bytes.count >= 4 && bytes[0] == 0xFF && (bytes[1] & 0xE0) == 0xE0 {
            let layer = (bytes[1] >> 1) & 0x03
            let version = (bytes[1] >> 3) & 0x03
            let bitrate = bytes[2] >> 4
            let rate = (bytes[2] >> 2) & 0x03
            // Layer III (01) of MPEG 1, 2 or 2.5, a valid bitrate and sample-rate index.
            if layer == 0x01 && version != 0x01 && bitrate != 0x0F && rate != 0x03 { return .mp3 }
            if (bytes[1] & 0xF6) == 0xF0 { return .adts }  // ADTS AAC: sync, layer 00
        }
        return .unknown
    }
}
