import WalkscapeCore
/// A decoder of silence: `seconds` of zero frames, standing in for a recording that is missing when a
/// tour is previewed with `--allow-missing`, so the clock, the queue and the subtitles behave as with it.
public final class SilenceDecoder: AudioDecoder {
    public let info: AudioInfo
    public private(set) var position: Int64 = 0
    public let truncation: String? = nil

    /// `seconds` (clamped to 0…86400) of silence at `sampleRate`, `channels` channels.
    public init(seconds: Double, sampleRate: Int = 48000, channels: Int = 2) {
        let clamped = seconds.isFinite ? min(max(0, seconds), 86_400) : 0
        info = AudioInfo(codec: .wav, sampleRate: sampleRate, channels: channels, frames: Int64((clamped * Double(sampleRate)).rounded()))
    }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        let count = Int(min(Int64(max(0, frames)), info.frames - position))
        buffer.update(repeating: 0, count: count * info.channels)
        position += Int64(count)
        return count
    }

    public func seek(toFrame frame: Int64) throws(AudioFileError) { position = min(max(0, frame), info.frames) }
}
