import CMpg123
import Foundation

/// MP3 decoding through libmpg123: gapless, quiet, exact length.
public enum MP3Decoder {
    /// Creates a libmpg123 handle with walkscape's flags: quiet (no chatter on stderr) and gapless.
    static func makeHandle() throws(AudioFileError) -> OpaquePointer {
        var error: Int32 = 0
        guard let handle = mpg123_new(nil, &error) else {
            throw AudioFileError("libmpg123 could not start: \(String(cString: mpg123_plain_strerror(error)))")
        }
        // MPG123_ADD_FLAGS keeps the library's defaults (gapless among them); plain MPG123_FLAGS would replace them.
        let flags = Int(MPG123_QUIET.rawValue | MPG123_GAPLESS.rawValue)
        mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), flags, 0)
        mpg123_param2(handle, Int32(MPG123_REMOVE_FLAGS.rawValue), Int(MPG123_IGNORE_INFOFRAME.rawValue), 0)
        return handle
    }

    /// Reads the stream's format and exact gapless length in samples (scanning every frame when the
    /// file has no Info/Xing frame to say it).
    public static func probe(path: String) throws(AudioFileError) -> AudioInfo {
        let handle = try makeHandle()
        defer { mpg123_delete(handle) }
        guard mpg123_open(handle, path) == MPG123_OK.rawValue else {
            throw AudioFileError("cannot be opened as MP3: \(String(cString: mpg123_strerror(handle)))")
        }
        defer { mpg123_close(handle) }
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        let formatResult = mpg123_getformat(handle, &rate, &channels, &encoding)
        guard formatResult == MPG123_OK.rawValue || formatResult == MPG123_NEW_FORMAT.rawValue else {
            throw AudioFileError("no MP3 frames found (\(String(cString: mpg123_strerror(handle)))); is it really MP3?")
        }
        guard mpg123_scan(handle) == MPG123_OK.rawValue else {
            throw AudioFileError("cannot be scanned as MP3: \(String(cString: mpg123_strerror(handle)))")
        }
        let length = mpg123_length(handle)
        guard length > 0 else { throw AudioFileError("MP3 stream with no audio frames") }
        return AudioInfo(codec: .mp3, sampleRate: rate, channels: Int(channels), frames: Int64(length))
    }
}
