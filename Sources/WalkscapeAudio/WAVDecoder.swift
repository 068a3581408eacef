import CSndfile
import Foundation
import WalkscapeCore

/// WAV decoding through libsndfile: PCM 8/16/24/32-bit, float 32/64, WAVE_FORMAT_EXTENSIBLE, RF64 and
/// IMA/MS ADPCM, streamed as float32 frames.
///
/// libsndfile clamps a data chunk that declares more bytes than the file holds to what is there (and notes
/// it in its log); `truncation` says so from the start, and reading returns the frames present.
public final class WAVDecoder: AudioDecoder {
    public let info: AudioInfo
    public private(set) var position: Int64 = 0
    public private(set) var truncation: String?

    private let file: OpaquePointer

    /// Opens the WAV or RF64 file at `path` (the caller has checked the content; see `AudioDecoding.open`).
    public init(path: String) throws(AudioFileError) {
        var sfInfo = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &sfInfo) else {
            throw AudioFileError("cannot be read as WAV (\(String(cString: sf_strerror(nil)))); re-export it as PCM WAV")
        }
        guard sfInfo.samplerate > 0, sfInfo.channels > 0 else {
            sf_close(file)
            throw AudioFileError("WAV header has no sample rate or no channels; re-export it as PCM WAV")
        }
        self.file = file
        info = AudioInfo(codec: .wav, sampleRate: Int(sfInfo.samplerate), channels: Int(sfInfo.channels), frames: Int64(sfInfo.frames))
        if let (declared, present) = Self.clampedDataChunk(file), declared > present, present > 0 {
            // PCM and block-coded data alike: frames scale with bytes closely enough for a message.
            let promised = Int64((Double(info.frames) * Double(declared) / Double(present)).rounded())
            truncation = "WAV data chunk declares \(declared) bytes (\(timeLabel(promised))), the file holds \(present) "
                + "(\(info.frames) frames, \(timeLabel(info.frames))); the end is missing, download or export it again"
        }
    }

    deinit { sf_close(file) }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        guard frames > 0 else { return 0 }
        let count = Int(sf_readf_float(file, buffer, sf_count_t(frames)))
        position += Int64(count)
        if count < frames && position < info.frames {
            // A short read before the header's length: the file ends (or fails) early.
            let reason = sf_error(file) != 0 ? " (\(String(cString: sf_strerror(file))))" : ""
            if position == 0 && count == 0 && !reason.isEmpty {
                throw AudioFileError("WAV data cannot be decoded\(reason); re-export it as PCM WAV")
            }
            truncation = truncation
                ?? "WAV data ends at \(timeLabel(position)) of \(timeLabel(info.frames))\(reason); the end is missing, download or export it again"
        }
        return count
    }

    public func seek(toFrame frame: Int64) throws(AudioFileError) {
        let target = min(max(frame, 0), info.frames)
        let result = sf_seek(file, sf_count_t(target), SEEK_SET)
        guard result >= 0 else { throw AudioFileError("cannot seek to frame \(target) (\(String(cString: sf_strerror(file))))") }
        position = Int64(result)
    }

    /// The data chunk's declared and present byte counts, when libsndfile's log says it clamped one
    /// (`data : 17640 (should be 944)`).
    private static func clampedDataChunk(_ file: OpaquePointer) -> (declared: Int64, present: Int64)? {
        var log = [CChar](repeating: 0, count: 8192)
        let length = log.withUnsafeMutableBytes { sf_command(file, Int32(SFC_GET_LOG_INFO), $0.baseAddress, Int32($0.count)) }
        guard length > 0 else { return nil }
        let text = log.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        for line in text.split(separator: "\n") where line.hasPrefix("data : ") {
            let words = line.split(whereSeparator: { " ():".contains($0) })
            // ["data", "17640", "should", "be", "944"]
            guard words.count >= 5, words[2] == "should", let declared = Int64(words[1]), let present = Int64(words[4]) else { continue }
            return (declared, present)
        }
        return nil
    }

    private func timeLabel(_ frames: Int64) -> String { AudioDecoding.timeLabel(frames: frames, sampleRate: info.sampleRate) }
}
