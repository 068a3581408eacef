import Foundation
import WalkscapeCore

/// Opens an audio file, checks that it holds what its name says, and measures its exact length.
public enum AudioProbe {
    /// The codec, format and exact length of the audio file at `path`.
    public static func probe(path: String) throws(AudioFileError) -> AudioInfo {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AudioFileError(FileManager.default.fileExists(atPath: path) ? "cannot be read (permissions?)" : "no such file")
        }
        let header = (try? handle.read(upToCount: AudioContainerSniffer.headerLength)) ?? Data()
        try? handle.close()
        let kind = AudioContainerSniffer.sniff(Array(header))
        let expected = expectedCodec(path)
        switch kind {
        case .mp3:
            if expected == .wav { throw AudioFileError("MP3 data, not WAV; rename it to .mp3 or re-export it as WAV") }
            return try MP3Decoder.probe(path: path)
        case .wav, .rf64:
            if expected == .mp3 { throw AudioFileError("\(kind.label), not MP3; rename it to .wav or re-encode it as MP3") }
            return try WAVDecoder.probe(path: path)
        case .empty:
            throw AudioFileError("empty file (0 bytes), expected \(expected?.rawValue.uppercased() ?? "MP3 or WAV") audio; download or export it again")
        case .unknown where header.count < 4:
            throw AudioFileError("only \(header.count) bytes, too short to be audio; download or export it again")
        case .unknown where expected == .mp3:
            // MP3 streams may begin with junk before the first frame; let the decoder look for sync.
            return try MP3Decoder.probe(path: path)
        default:
            throw AudioFileError("\(kind.label), not \(expected?.rawValue.uppercased() ?? "MP3 or WAV") (first bytes \(hexPrefix(header))); convert it to MP3 or WAV")
        }
    }

    static func expectedCodec(_ path: String) -> AudioInfo.Codec? {
        let lower = path.lowercased()
        if lower.hasSuffix(".mp3") { return .mp3 }
        if lower.hasSuffix(".wav") { return .wav }
        return nil
    }

    static func hexPrefix(_ data: Data) -> String {
        data.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: " ")
    }
}
