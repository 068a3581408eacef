import CSndfile
import Foundation
import WalkscapeCore

/// The sound file formats walkscape writes (`simulate --render`, `--audio wav:FILE`), all through libsndfile
/// and all byte-identical for the same samples: the WAV `PEAK` chunk, which carries the time of writing, is
/// never added.
public enum SoundFileFormat: String, Sendable, CaseIterable {
    /// WAV, 16-bit PCM (clipped, not wrapped, beyond full scale).
    case wav16
    /// WAV, 32-bit float: every decoded sample exactly, twice the size of `wav16`.
    case wav32f
    /// FLAC, 16-bit, lossless over `wav16` and typically a third to a half of its size.
    case flac

    /// The format a file name asks for when none is given: `.flac` is FLAC, anything else 16-bit WAV.
    public static func implied(byPath path: String) -> SoundFileFormat {
        (path as NSString).pathExtension.lowercased() == "flac" ? .flac : .wav16
    }

    /// A short description for messages: "16-bit WAV", "32-bit float WAV", "FLAC (16-bit)".
    public var label: String {
        switch self {
        case .wav16: "16-bit WAV"
        case .wav32f: "32-bit float WAV"
        case .flac: "FLAC (16-bit)"
        }
    }

    /// Bytes of sample data per frame: the exact data size of a WAV, an upper bound for FLAC.
    public func bytesPerFrame(channels: Int) -> Int {
        channels * (self == .wav32f ? 4 : 2)
    }

    /// The sample data size of `frames` frames: exact for WAV (the file adds a header under 100 bytes), what
    /// FLAC would be without compression. Saturates rather than overflowing.
    public func dataBytes(frames: Int64, channels: Int) -> Int64 {
        let (bytes, overflow) = max(0, frames).multipliedReportingOverflow(by: Int64(bytesPerFrame(channels: channels)))
        return overflow ? .max : bytes
    }

    /// libsndfile's format code.
    var sndfileFormat: Int32 {
        switch self {
        case .wav16: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .wav32f: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
        case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        }
    }

    /// Opens `path` for writing in this format, set up for byte-identical output: no `PEAK` chunk (libsndfile
    /// adds one to float WAVs by default, stamped with the current time), integer formats clip.
    func openForWriting(_ path: String, sampleRate: Int, channels: Int) throws(AudioOutputError) -> OpaquePointer {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = sndfileFormat
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw AudioOutputError("cannot write \(path): \(String(cString: sf_strerror(nil)))")
        }
        // Must come before the first write: the header is laid out then.
        sf_command(file, Int32(SFC_SET_ADD_PEAK_CHUNK), nil, Int32(SF_FALSE))
        if self != .wav32f { sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE)) }
        return file
    }
}
