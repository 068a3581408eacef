import Foundation
import WalkscapeCore

/// Opens an audio file, checks that it holds what its name says, and measures its exact length without
/// decoding it (MP3: a scan of frame headers; WAV: the header).
public enum AudioProbe {
    /// The codec, format and exact length of the audio file at `path`: `AudioDecoding.open` + `info`.
    public static func probe(path: String) throws(AudioFileError) -> AudioInfo {
        try AudioDecoding.open(path: path).info
    }
}
