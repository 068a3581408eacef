import WalkscapeCore

/// What a decoder says about an audio file: codec, format and exact length.
public struct AudioInfo: Sendable, Equatable {
    /// The codecs walkscape plays.
    public enum Codec: String, Sendable {
        case mp3, wav, aac, vorbis, opus, flac

        /// `"AAC"`, `"Vorbis"`, …: the codec's name for messages.
        public var label: String {
            switch self {
            case .mp3: return "MP3"
            case .wav: return "WAV"
            case .aac: return "AAC"
            case .vorbis: return "Vorbis"
            case .opus: return "Opus"
            case .flac: return "FLAC"
            }
        }

        /// Which library decodes it, for `inspect` and the docs.
        public var library: String {
            switch self {
            case .mp3: return "libmpg123, gapless"
            case .wav: return "libsndfile"
            case .aac, .vorbis, .opus, .flac: return "FFmpeg: libavformat + libavcodec"
            }
        }
    }

    public var codec: Codec
    public var sampleRate: Int
    public var channels: Int
    /// The exact number of sample frames (per channel) the file decodes to; for MP3, gapless (encoder
    /// delay and padding removed); for AAC in MP4 and Opus, the edit list's or pre-skip's length.
    public var frames: Int64

    public init(codec: Codec, sampleRate: Int, channels: Int, frames: Int64) {
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
    }

    /// The length in seconds: frames ÷ sample rate.
    public var durationSeconds: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }
}
