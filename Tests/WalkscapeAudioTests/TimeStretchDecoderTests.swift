import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeAudio

/// `TimeStretchDecoder`: faster or slower with the pitch kept (librubberband, real-time mode).
@Suite struct TimeStretchDecoderTests {
    @Test(arguments: [("tone-440hz-1s-44k-mono.mp3", 1.5), ("tone-440hz-1s-44k-mono-aac-in-mp4.mp3", 1.5), ("tone-440hz-1s-44k-mono.mp3", 0.5), ("tone-440hz-1s-44k-mono.flac", 2.0)])
    func aToneKeepsItsPitchAndTakesOneOverSpeedOfItsLength(name: String, speed: Double) throws {
        let source = try AudioDecoding.open(path: fixture(name))
        let stretched = try TimeStretchDecoder(source: source, speed: speed)
        let expected = Int64((44100 / speed).rounded())
        expectEqual(stretched.info.frames, expected)
        let samples = try readAll(stretched, chunk: 700)
        expectEqual(samples.count, Int(expected))
        // Heard at 440 Hz (±2 %), and sound from start to end: the stretcher's delay is not left as silence.
        let middle = Array(samples[samples.count / 5 ..< samples.count * 4 / 5])
        let frequency = zeroCrossingFrequency(middle, sampleRate: 44100)
        expectTrue(abs(frequency - 440) < 440 * 0.02, "\(name) ×\(speed): \(frequency) Hz")
        expectTrue(abs(rms(middle) - toneRMS) < toneRMS * 0.25, "\(name) ×\(speed): level \(rms(middle))")
        let firstLoud = samples.firstIndex { abs($0) > 0.1 } ?? samples.count
        let lastLoud = samples.lastIndex { abs($0) > 0.1 } ?? 0
        expectTrue(firstLoud < 441, "\(name) ×\(speed): sound starts at frame \(firstLoud)")
        // The stretcher's last block may come out short; what is missing is padded with silence (≤ 3 %).
        expectTrue(lastLoud > samples.count * 97 / 100, "\(name) ×\(speed): sound ends at frame \(lastLoud) of \(samples.count)")
    }

    @Test func seekingLandsOnTheRecordingsFrameTimesSpeed() throws {
        let stretched = try TimeStretchDecoder(source: try AudioDecoding.open(path: fixture("tone-440hz-1s-44k-mono.mp3")), speed: 1.5)
        try stretched.seek(toFrame: 10000)
        expectEqual(stretched.position, 10000)
        expectEqual(stretched.sourceFrame(10000), 15000)
        try expectEqual(readAll(stretched).count, 29400 - 10000)
    }

    @Test func speedsOutsideHalfToTwiceAreRefused() throws {
        #expect(throws: AudioFileError("speed ×3.0 cannot be time-stretched; choose ×0.5 to ×2")) {
            try TimeStretchDecoder(source: try AudioDecoding.open(path: fixture("tone-440hz-1s-44k-mono.mp3")), speed: 3)
        }
    }
}
