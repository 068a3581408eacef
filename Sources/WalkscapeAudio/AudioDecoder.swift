import WalkscapeCore
/// A decoder streaming one audio file as interleaved 32-bit float frames, at the file's own sample rate and
/// channel count, with exact length and sample-accurate seeking. Never holds the whole decoded file.
///
/// Implementations: `MP3Decoder` (libmpg123, gapless) and `WAVDecoder` (libsndfile). Open one with
/// `AudioDecoding.open(path:)`, which checks the content against the name first.
public protocol AudioDecoder: AnyObject {
    /// Format and exact length in frames.
    var info: AudioInfo { get }
    /// The next frame `read` will return (0 at the start).
    var position: Int64 { get }
    /// Set once reading has found the file shorter than its header promised: what was wrong, for one
    /// warning line. Reading still returns every frame the file holds.
    var truncation: String? { get }
    /// Reads up to `frames` frames (`frames × info.channels` floats) into `buffer`; returns the number of
    /// frames read, 0 at the end.
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int
    /// Moves to frame `frame` (clamped to 0…info.frames).
    func seek(toFrame frame: Int64) throws(AudioFileError)
}
