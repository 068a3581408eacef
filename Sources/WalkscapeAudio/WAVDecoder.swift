import CSndfile
import Foundation

/// WAV (and RF64) decoding through libsndfile.
public enum WAVDecoder {
    /// Reads the format and exact length in frames.
    public static func probe(path: String) throws(AudioFileError) -> AudioInfo {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw AudioFileError("cannot be read as WAV: \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        guard info.samplerate > 0, info.channels > 0 else {
            throw AudioFileError("WAV header has no sample rate or no channels")
        }
        return AudioInfo(codec: .wav, sampleRate: Int(info.samplerate), channels: Int(info.channels), frames: Int64(info.frames))
    }
}
