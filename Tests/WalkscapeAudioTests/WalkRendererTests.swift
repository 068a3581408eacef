import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeAudio

/// `simulate --render`: recordings at their start times, silence between, one 48 kHz stereo format.
@Suite struct WalkRendererTests {
    @Test func placesResampledClipsAtTheirTimes() throws {
        let path = NSTemporaryDirectory() + "walkscape-render-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).wav"
        defer { unlink(path) }
        let frames = try WalkRenderer.render(
            clips: [
                .init(start: 0.5, path: fixture("tone-440hz-1s-44k-mono.mp3")),  // 44.1 kHz mono → 48 kHz stereo
                .init(start: 2.0, path: fixture("tone-880hz-0.75s-22k-mono.wav")),
            ], totalSeconds: 3.0, to: path)
        expectEqual(frames, 144_000)
        let reader = try WAVDecoder(path: path)
        expectTrue(reader.info.sampleRate == 48000 && reader.info.channels == 2 && reader.info.frames == 144_000)
        var samples = [Float](repeating: 0, count: 144_000 * 2)
        _ = try samples.withUnsafeMutableBufferPointer { buffer throws(AudioFileError) in try reader.read(into: buffer.baseAddress!, frames: 144_000) }
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        func loudness(_ from: Double, _ to: Double) -> Float { left[Int(from * 48000)..<Int(to * 48000)].map(abs).max() ?? 0 }
        expectTrue(loudness(0, 0.49) < 0.01)
        expectTrue(loudness(0.55, 1.45) > 0.3)
        expectTrue(loudness(1.52, 1.98) < 0.01)
        expectTrue(loudness(2.05, 2.7) > 0.3)
        expectTrue(loudness(2.76, 3.0) < 0.01)
        expectTrue(abs(zeroCrossingFrequency(left[Int(0.6 * 48000)..<Int(1.4 * 48000)], sampleRate: 48000) - 440) < 3)
        expectTrue(abs(zeroCrossingFrequency(left[Int(2.1 * 48000)..<Int(2.7 * 48000)], sampleRate: 48000) - 880) < 5)
    }

    let clips: [WalkRenderer.Clip] = [
        .init(start: 0.25, path: fixture("tone-440hz-1s-44k-mono.mp3")),
        .init(start: 1.5, path: fixture("tone-880hz-0.75s-22k-mono.wav")),
    ]

    func temporaryPath(_ ext: String) -> String {
        NSTemporaryDirectory() + "walkscape-render-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(ext)"
    }

    func decode(_ path: String) throws -> [Float] {
        let reader = try WAVDecoder(path: path)  // libsndfile: reads FLAC too
        var samples = [Float](repeating: 0, count: Int(reader.info.frames) * reader.info.channels)
        let count = try samples.withUnsafeMutableBufferPointer { buffer throws(AudioFileError) in try reader.read(into: buffer.baseAddress!, frames: Int(reader.info.frames)) }
        expectEqual(count, Int(reader.info.frames))
        return samples
    }

    /// The same walk gives the same bytes, in every format, even when the renders are seconds apart
    /// (libsndfile's float WAVs carried a PEAK chunk stamped with the time of writing).
    @Test(arguments: SoundFileFormat.allCases) func rendersTheSameBytesEveryTime(format: SoundFileFormat) throws {
        let first = temporaryPath(format.rawValue), second = temporaryPath(format.rawValue)
        defer { unlink(first); unlink(second) }
        try WalkRenderer.render(clips: clips, totalSeconds: 2.5, to: first, format: format)
        // Wait for the wall clock's second to change, so that a timestamp would differ.
        let started = time(nil)
        while time(nil) == started { usleep(20_000) }
        try WalkRenderer.render(clips: clips, totalSeconds: 2.5, to: second, format: format)
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        expectEqual(a, b, "\(format): renders differ (\(a.count) and \(b.count) bytes)")
        expectTrue(!a.isEmpty)
    }

    /// A WAV's size is what was said up front (sample data plus a header under 100 bytes); FLAC is smaller.
    @Test func sizesAreWhatWasSaidUpFront() throws {
        let frames = WalkRenderer.frames(totalSeconds: 2.5)
        expectEqual(frames, 120_000)
        var sizes: [SoundFileFormat: Int64] = [:]
        for format in SoundFileFormat.allCases {
            let path = temporaryPath(format.rawValue)
            defer { unlink(path) }
            try expectEqual(WalkRenderer.render(clips: clips, totalSeconds: 2.5, to: path, format: format), frames)
            sizes[format] = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64)
        }
        let wav16 = SoundFileFormat.wav16.dataBytes(frames: frames, channels: 2), wav32f = SoundFileFormat.wav32f.dataBytes(frames: frames, channels: 2)
        expectTrue(wav16 == 480_000 && wav32f == 960_000)
        expectTrue((wav16..<(wav16 + 100)).contains(sizes[.wav16]!))
        expectTrue((wav32f..<(wav32f + 100)).contains(sizes[.wav32f]!))
        expectTrue(sizes[.flac]! < wav16 / 2)
        expectEqual(SoundFileFormat.wav16.dataBytes(frames: .max, channels: 2), .max, "saturates instead of trapping")
    }

    /// FLAC is lossless over 16-bit: it decodes to the float render's samples within 16-bit quantisation,
    /// and to the 16-bit WAV's samples within one 16-bit step (libsndfile rounds floats to 16 bits differently
    /// for its FLAC and WAV writers).
    @Test func flacDecodesToTheSameSamples() throws {
        let flac = temporaryPath("flac"), float = temporaryPath("wav"), pcm = temporaryPath("wav")
        defer { unlink(flac); unlink(float); unlink(pcm) }
        try WalkRenderer.render(clips: clips, totalSeconds: 2.5, to: flac, format: .flac)
        try WalkRenderer.render(clips: clips, totalSeconds: 2.5, to: float, format: .wav32f)
        try WalkRenderer.render(clips: clips, totalSeconds: 2.5, to: pcm, format: .wav16)
        let fromFLAC = try decode(flac), fromFloat = try decode(float), fromPCM = try decode(pcm)
        expectTrue(fromFLAC.count == 240_000 && fromFloat.count == 240_000)
        let worst = zip(fromFLAC, fromFloat).map { abs($0 - $1) }.max() ?? .infinity
        expectTrue(worst <= 1.0 / 32768 + 1e-7, "FLAC differs from the float render by \(worst)")
        let apart = zip(fromFLAC, fromPCM).map { abs($0 - $1) }.max() ?? .infinity  // one figure: printing 240k floats takes minutes
        expectTrue(apart <= 1.0 / 32768 + 1e-7, "FLAC and 16-bit WAV differ by \(apart)")
        let loudest = fromFloat.map(abs).max() ?? 0
        expectTrue(loudest > 0.3, "the render holds sound")
    }

    @Test func aFLACFileNameImpliesFLAC() {
        expectEqual(SoundFileFormat.implied(byPath: "walk.FLAC"), .flac)
        expectEqual(SoundFileFormat.implied(byPath: "walk.wav"), .wav16)
        expectEqual(SoundFileFormat.implied(byPath: "walk"), .wav16)
    }
}
