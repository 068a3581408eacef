import Foundation
import Testing
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
        #expect(frames == 144_000)
        let reader = try WAVDecoder(path: path)
        #expect(reader.info.sampleRate == 48000 && reader.info.channels == 2 && reader.info.frames == 144_000)
        var samples = [Float](repeating: 0, count: 144_000 * 2)
        _ = try samples.withUnsafeMutableBufferPointer { buffer throws(AudioFileError) in try reader.read(into: buffer.baseAddress!, frames: 144_000) }
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        func loudness(_ from: Double, _ to: Double) -> Float { left[Int(from * 48000)..<Int(to * 48000)].map(abs).max() ?? 0 }
        #expect(loudness(0, 0.49) < 0.01)
        #expect(loudness(0.55, 1.45) > 0.3)
        #expect(loudness(1.52, 1.98) < 0.01)
        #expect(loudness(2.05, 2.7) > 0.3)
        #expect(loudness(2.76, 3.0) < 0.01)
        #expect(abs(zeroCrossingFrequency(left[Int(0.6 * 48000)..<Int(1.4 * 48000)], sampleRate: 48000) - 440) < 3)
        #expect(abs(zeroCrossingFrequency(left[Int(2.1 * 48000)..<Int(2.7 * 48000)], sampleRate: 48000) - 880) < 5)
    }
}
