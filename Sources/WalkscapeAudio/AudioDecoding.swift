import Foundation
import WalkscapeCore

/// Opens audio files as decoders, after checking that their content is what their name says.
public enum AudioDecoding {
    /// The buffer size, in frames, of `decodeAll`: memory stays fixed whatever the file's length.
    public static let bufferFrames = 4096

    /// A decoder for the audio file at `path`, chosen by its content (`AudioContainerSniffer`), not its name.
    /// MP3 goes to libmpg123, WAV and RF64 to libsndfile, MP4/M4A (AAC), ADTS, Ogg (Vorbis, Opus) and FLAC
    /// to FFmpeg (`FFmpegDecoder`). Throws one clear message when the file is missing, empty, too short,
    /// another format or not decodable.
    public static func open(path: String) throws(AudioFileError) -> any AudioDecoder {
        let decoder = try openDecoder(path: path)
        try checkLength(decoder.info)
        return decoder
    }

    /// Refuses a length no recording has (a container whose edit list or header says 2^62 frames, or fewer
    /// than none), so that every later sum and conversion of frames and seconds can trust it.
    static func checkLength(_ info: AudioInfo) throws(AudioFileError) {
        let most = Int64(info.sampleRate) * Int64(ValueRanges.maxAudioSeconds)
        guard info.frames >= 0, info.frames <= most else {
            throw AudioFileError("says it holds \(info.frames) frames at \(info.sampleRate) Hz; expected 0 to \(most) (at most \(Int(ValueRanges.maxAudioSeconds / 3600)) hours); export it again")
        }
    }

    private static func openDecoder(path: String) throws(AudioFileError) -> any AudioDecoder {
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
            return try MP3Decoder(path: path)
        case .wav, .rf64:
            if expected == .mp3 { throw AudioFileError("\(kind.label), not MP3; rename it to .wav or re-encode it as MP3") }
            return try WAVDecoder(path: path)
        case .mp4, .adts, .ogg, .flac:
            // The content decides, whatever the name: the reference backend serves MP4/AAC named `.mp3`.
            do {
                return try FFmpegDecoder(path: path)
            } catch {
                throw AudioFileError("\(kind.label): \(error.message)")
            }
        case .empty:
            throw AudioFileError("empty file (0 bytes), expected \(expectedLabel(path)) audio; download or export it again")
        case .unknown where header.count < 4:
            throw AudioFileError("only \(header.count) bytes, too short to be audio; download or export it again")
        case .unknown where expected == .mp3:
            // MP3 streams may begin with junk before the first frame; let the decoder look for sync.
            return try MP3Decoder(path: path)
        default:
            throw AudioFileError("\(kind.label), not \(expectedLabel(path)) audio (first bytes \(hexPrefix(header))); \(convertAdvice)")
        }
    }

    /// What to do with a file walkscape cannot read.
    static let convertAdvice = "convert it to MP3, AAC (.m4a), Opus, Ogg Vorbis, FLAC or WAV"

    /// `"MP3"`, `"MP4/AAC"`, … as the name of `path` promises, or a list of what walkscape reads.
    static func expectedLabel(_ path: String) -> String {
        AudioFileTypes.expectedLabel(path) ?? "MP3, WAV, AAC, Opus, Vorbis or FLAC"
    }

    /// Decodes the file at `path` from start to end through a fixed buffer of `bufferFrames` frames and
    /// returns what came out: the format with `frames` set to the frames actually decoded, and the
    /// truncation message if the file is shorter than its header said.
    public static func decodeAll(path: String, bufferFrames: Int = bufferFrames) throws(AudioFileError) -> DecodedAudio {
        let decoder = try open(path: path)
        return try decodeAll(decoder, bufferFrames: bufferFrames)
    }

    /// Decodes `decoder` from its position to the end through a fixed buffer (see `decodeAll(path:)`).
    public static func decodeAll(_ decoder: any AudioDecoder, bufferFrames: Int = bufferFrames) throws(AudioFileError) -> DecodedAudio {
        let frames = max(1, bufferFrames)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: frames * max(1, decoder.info.channels))
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = try decoder.read(into: buffer, frames: frames)
            if count == 0 { break }
            total += Int64(count)
        }
        var info = decoder.info
        info.frames = total
        var truncation = decoder.truncation
        if truncation == nil && total != decoder.info.frames {
            truncation = "decoded \(total) frames, the header says \(decoder.info.frames); download or export it again"
        }
        return DecodedAudio(info: info, headerFrames: decoder.info.frames, truncation: truncation)
    }

    /// `12.345 s` or `1:02:03.450`: a position for messages.
    static func timeLabel(frames: Int64, sampleRate: Int) -> String {
        let seconds = sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0
        let millis = Int64((seconds * 1000).rounded())
        let fraction = millis % 1000
        let whole = millis / 1000
        let ms = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        if whole < 60 { return "\(whole).\(ms) s" }
        let h = whole / 3600, m = whole / 60 % 60, s = whole % 60
        let ss = s < 10 ? "0\(s)" : "\(s)"
        let mm = h > 0 && m < 10 ? "0\(m)" : "\(m)"
        return (h > 0 ? "\(h):" : "") + "\(mm):\(ss).\(ms)"
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
