import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
@testable import WalkscapeAudio

/// `FFmpegDecoder`: AAC (MP4 and ADTS), Ogg Vorbis, Opus and FLAC, with the lengths a listener hears.
@Suite struct FFmpegDecoderTests {
    /// Our fixtures (tools/make_audio_fixtures.sh): 440 Hz tones of exactly 1.000 s, so the heard length is
    /// the tone's, priming and padding removed, except ADTS, which cannot say what it pads (44 AAC frames).
    static let whole: [(String, AudioInfo)] = [
        ("tone-440hz-1s-44k-mono-aac-in-mp4.mp3", AudioInfo(codec: .aac, sampleRate: 44100, channels: 1, frames: 44100)),
        ("tone-440-880hz-1s-48k-stereo.m4a", AudioInfo(codec: .aac, sampleRate: 48000, channels: 2, frames: 48000)),
        ("tone-440hz-1s-44k-mono.aac", AudioInfo(codec: .aac, sampleRate: 44100, channels: 1, frames: 45 * 1024)),
        ("tone-440hz-1s-48k-mono.opus", AudioInfo(codec: .opus, sampleRate: 48000, channels: 1, frames: 48000)),
        ("tone-440hz-1s-44k-mono.ogg", AudioInfo(codec: .vorbis, sampleRate: 44100, channels: 1, frames: 44100)),
        ("tone-440hz-1s-44k-mono.flac", AudioInfo(codec: .flac, sampleRate: 44100, channels: 1, frames: 44100)),
    ]

    @Test(arguments: whole)
    func lengthsAreExactAndEveryFrameIsRead(name: String, expected: AudioInfo) throws {
        let decoder = try AudioDecoding.open(path: fixture(name))
        expectTrue(decoder is FFmpegDecoder)
        expectEqual(decoder.info, expected)
        let samples = try readAll(decoder, chunk: 777)
        expectEqual(samples.count, Int(expected.frames) * expected.channels)
        expectTrue(decoder.truncation == nil)
        try expectEqual(AudioDecoding.decodeAll(path: fixture(name)).info, expected)
        // The tone is there at its frequency, at the fixture's level (-6 dBFS), in the middle of the file.
        let middle = Array(channel(samples, 0, of: expected.channels)[expected.sampleRate / 4 ..< expected.sampleRate * 3 / 4])
        expectTrue(abs(zeroCrossingFrequency(middle, sampleRate: expected.sampleRate) - 440) < 440 * 0.01, "\(name)")
        expectTrue(abs(rms(middle) - toneRMS) < toneRMS * 0.1, "\(name)")
    }

    @Test(arguments: whole.map(\.0))
    func seekingIsSampleExact(name: String) throws {
        let decoder = try AudioDecoding.open(path: fixture(name))
        let full = try readAll(decoder)
        let channels = decoder.info.channels
        for target in [0, 100, 20000, Int(decoder.info.frames) - 300] {
            try decoder.seek(toFrame: Int64(target))
            expectEqual(decoder.position, Int64(target))
            let tail = try readAll(decoder)
            expectEqual(tail.count, full.count - target * channels, "\(name) from \(target)")
            let worst = zip(tail, full[(target * channels)...]).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
            // AAC's perceptual noise substitution draws from a random generator the decoder does not restore
            // on a seek, so a seek into noise-coded bands is not bit-exact; 0.01 still catches a shift by one
            // sample (0.057 for the 880 Hz channel at −6 dBFS).
            expectTrue(worst <= (decoder.info.codec == .aac ? 0.01 : 1e-4), "\(name) from \(target): differs by \(worst)")
        }
        // Past the end: clamped, nothing to read.
        try decoder.seek(toFrame: decoder.info.frames + 10)
        expectEqual(decoder.position, decoder.info.frames)
        try expectTrue(readAll(decoder).isEmpty)
    }

    /// Ogg has no length field: its length is the last page's granule, so a cut file is as long as what is
    /// left, and decodes to exactly that with no false warning.
    @Test func aCutOggFileDecodesWhatItHolds() throws {
        let decoded = try AudioDecoding.decodeAll(path: fixture("truncated.ogg"))
        expectTrue(decoded.info.frames > 10000 && decoded.info.frames < 44100)
        expectEqual(decoded.headerFrames, decoded.info.frames)
        expectTrue(decoded.truncation == nil)
    }

    @Test func anMP4WithoutItsIndexGivesOneLine() {
        #expect(throws: AudioFileError("MP4/AAC data: cannot be opened as audio (Invalid data found when processing input); download or export it again")) {
            try AudioDecoding.decodeAll(path: fixture("mp4-named.mp3"))
        }
    }

    /// Tones of exactly 5.000 s encoded now by the installed ffmpeg: the lengths must be 5.000 s exactly
    /// (ADTS aside), whatever priming and padding this ffmpeg's encoders add.
    @Test func fiveSecondTonesFromThisFFmpegHaveExactLengths() throws {
        guard let ffmpeg = Self.program("ffmpeg") else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [(String, [String], AudioInfo.Codec, Int)] = [
            ("t.m4a", ["-c:a", "aac", "-b:a", "64k"], .aac, 44100),
            ("named-like-the-backend.mp3", ["-c:a", "aac", "-b:a", "64k", "-f", "mp4"], .aac, 44100),
            ("t.opus", ["-c:a", "libopus", "-b:a", "32k"], .opus, 48000),
            ("t.ogg", ["-c:a", "libvorbis"], .vorbis, 44100),
            ("t.flac", ["-c:a", "flac"], .flac, 44100),
        ]
        for (name, options, codec, rate) in cases {
            let out = dir + "/" + name
            let status = try ChildProcess.run(
                [ffmpeg, "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=5"] + options + [out],
                capture: false).status
            try #require(status == 0, "ffmpeg could not make \(name)")
            let decoded = try AudioDecoding.decodeAll(path: out)
            expectTrue(decoded.info.codec == codec && decoded.info.sampleRate == rate, "\(name)")
            expectEqual(decoded.info.frames, Int64(rate) * 5, "\(name)")
            expectTrue(decoded.headerFrames == decoded.info.frames && decoded.truncation == nil, "\(name)")
        }
    }

    /// The reference backend's own narrations (MP4/AAC named `.mp3`): every sample ffprobe counts in the edit
    /// list, and no more.
    @Test func theReferenceBackendsFilesMatchFFprobe() throws {
        let directory = RealAudioOracleTests.realDirectory + "/walkspace-app"
        guard FileManager.default.fileExists(atPath: directory), let ffprobe = Self.program("ffprobe") else { return }
        for name in ["intro.mp3", "point1.mp3"] {
            let path = directory + "/" + name
            let output = try ChildProcess.run([
                ffprobe, "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name,sample_rate,channels,duration_ts,time_base",
                "-of", "default=noprint_wrappers=1", path,
            ]).output
            var fields: [String: String] = [:]
            for line in output.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            expectEqual(fields["time_base"], "1/" + (fields["sample_rate"] ?? ""), "\(name): the stream counts in samples")
            let decoded = try AudioDecoding.decodeAll(path: path)
            expectEqual(decoded.info.codec.rawValue, fields["codec_name"])
            expectEqual(String(decoded.info.sampleRate), fields["sample_rate"])
            expectEqual(String(decoded.info.channels), fields["channels"])
            expectEqual(String(decoded.info.frames), fields["duration_ts"], "\(name)")
            expectTrue(decoded.truncation == nil)
        }
    }

    /// The path of `name` on PATH, or nil (the test then has nothing to compare with).
    static func program(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
