import Foundation
import WalkscapeAudio
import WalkscapeTestSupport
import Testing

/// `walkscape listen --speed X`: the narration time-stretched with its pitch kept, the cues on the stretched audio.
@Suite struct ListenSpeedCLITests {
    /// Every sample of a WAV file `listen --audio wav:FILE` wrote (channel 0), and its sample rate.
    private func samples(of path: String) throws -> (samples: [Float], sampleRate: Int) {
        let decoder = try WAVDecoder(path: path)
        return (try firstChannel(of: decoder), decoder.info.sampleRate)
    }

    private func temporaryPath(_ name: String) -> String { NSTemporaryDirectory() + "walkscape-listen-\(UUID().uuidString)-" + name }

    @Test func atOneAndAHalfTheWAVLastsTheRecordingOverOneAndAHalfAndTheCuesScale() throws {
        let wav = temporaryPath("speed.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let result = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--from", "27.5", "--speed", "1.5", "--audio", "wav:" + wav])
        expectEqual(result.status, 0)
        expectEqual(result.stderr, "")
        // The same cues as at ×1 (27.237 s and 28.805 s into the recording), at where they are heard: ÷ 1.5.
        #expect(result.stdout == """
            [00:18.158] Da qui parte Via Roma,
            [00:19.203] la strada elegante che porta / dritta a Piazza Castello.

            """)
        let recording = try AudioDecoding.open(path: repositoryRoot + "/tours/torino-portici/audio/it/p1.mp3")
        let rate = Double(recording.info.sampleRate)
        let expected = (Double(recording.info.frames) - 27.5 * rate) / 1.5
        let written = try samples(of: wav)
        expectEqual(written.sampleRate, recording.info.sampleRate)
        expectTrue(abs(Double(written.samples.count) - expected) < expected * 0.01, "\(written.samples.count) frames, expected \(expected)")
    }

    @Test func aToneKeepsItsPitchAtOneAndAHalf() throws {
        // A tour whose point 1 is a 3.000 s 440 Hz tone (MP3, made with ffmpeg; manifest refreshes tour.json).
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let tone = Process()
        tone.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        tone.arguments = ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=f=440:d=3:r=44100", "-ac", "1", "-b:a", "128k", copy.directory + "/audio/it/p1.mp3"]
        try tone.run()
        tone.waitUntilExit()
        try #require(tone.terminationStatus == 0)
        try expectEqual(CLI.run(["manifest", copy.directory]).status, 0)
        let wav = temporaryPath("tone.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let result = try CLI.run(["listen", copy.directory, "--point", "1", "--speed", "1.5", "--subs", "off", "--audio", "wav:" + wav])
        expectEqual(result.status, 0, "\(result.stderr)")
        let written = try samples(of: wav)
        expectEqual(written.sampleRate, 44100)
        expectTrue(abs(Double(written.samples.count) - 88200) < 882, "\(written.samples.count) frames for 3 s ÷ 1.5")
        let middle = Array(written.samples[written.samples.count / 5 ..< written.samples.count * 4 / 5])
        var crossings = 0
        for index in 1..<middle.count where (middle[index - 1] < 0) != (middle[index] < 0) { crossings += 1 }
        let frequency = Double(crossings) / 2 / (Double(middle.count) / 44100)
        expectTrue(abs(frequency - 440) < 440 * 0.02, "heard at \(frequency) Hz")
    }

    @Test func aSpeedOutsideHalfToTwiceIsOneClearError() throws {
        for bad in ["3", "0.25", "0", "-1", "nan"] {
            let result = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--speed=" + bad, "--audio", "none"])
            expectEqual(result.status, 2, "--speed \(bad)")
            expectTrue(result.stderr.hasPrefix("Error: --speed must be between 0.5 and 2 (the narration is time-stretched with its pitch kept), got "), "\(result.stderr)")
            expectEqual(result.stdout, "")
        }
    }
}
