import CSndfile
import Foundation
import WalkscapeCore

/// A stand-in recording for a narration that does not exist yet: silence, or a soft beep every second, of
/// an exact length, written as a 16-bit mono WAV through libsndfile (byte-identical for the same request).
///
/// `walkscape import --placeholder-audio` and `walkscape new` write these so that a tour can be played,
/// queued and timed before its recordings are made; `tour.json` marks each such track `"placeholder": true`.
public enum PlaceholderRecording {
    /// What the stand-in sounds like.
    public enum Sound: String, Sendable, CaseIterable {
        /// Digital silence.
        case silence
        /// A quiet 440 Hz beep of 0.2 s at the start of every second (−20 dBFS), so it is heard to play.
        case tone
    }

    /// The sample rate of the files written: speech bandwidth, a third of a CD's data rate.
    public static let sampleRate = 16_000

    /// The longest stand-in accepted, in seconds (an hour).
    public static let maxSeconds = 3600.0

    /// Writes `seconds` of `sound` to `path` (a `.wav` name), replacing any file there.
    public static func write(to path: String, seconds: Double, sound: Sound) throws(AudioOutputError) {
        guard seconds > 0, seconds <= maxSeconds else {
            throw AudioOutputError("a placeholder recording must last more than 0 s and at most \(Int(maxSeconds)) s, not \(seconds)")
        }
        let frames = Int((seconds * Double(sampleRate)).rounded())
        let file = try SoundFileFormat.wav16.openForWriting(path, sampleRate: sampleRate, channels: 1)
        var buffer = [Float](repeating: 0, count: 4096)
        var written = 0
        var failure: String?
        while written < frames, failure == nil {
            let count = min(buffer.count, frames - written)
            for i in 0..<count { buffer[i] = sample(at: written + i, sound: sound) }
            let done = buffer.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(count)) }
            if done != sf_count_t(count) { failure = String(cString: sf_strerror(file)) }
            written += count
        }
        sf_close(file)
        if let failure {
            unlink(path)
            throw AudioOutputError("cannot write \(path): \(failure)")
        }
    }

    /// The sample at frame `index`: zero for silence; for the tone, a 440 Hz sine at −20 dBFS during the first
    /// 0.2 s of each second, with 10 ms ramps so that it does not click.
    static func sample(at index: Int, sound: Sound) -> Float {
        guard sound == .tone else { return 0 }
        let inSecond = index % sampleRate
        let beepFrames = sampleRate / 5
        guard inSecond < beepFrames else { return 0 }
        let ramp = sampleRate / 100
        let envelope = Float(min(1, Double(min(inSecond, beepFrames - 1 - inSecond)) / Double(ramp)))
        return 0.1 * envelope * Float(sin(2 * Double.pi * 440 * Double(index) / Double(sampleRate)))
    }
}
