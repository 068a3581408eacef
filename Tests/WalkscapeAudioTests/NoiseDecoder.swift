import Foundation
import WalkscapeAudio

/// A decoder of deterministic white noise: frame n's value is a hash of n, so any stretch of a recording can be
/// located in the source by cross-correlation (`NoiseDecoder.locate`), which tells exactly which frame was
/// heard at a given moment.
final class NoiseDecoder: AudioDecoder {
    let info: AudioInfo
    private(set) var position: Int64 = 0
    let truncation: String? = nil

    init(seconds: Double, sampleRate: Int = 48000, channels: Int = 2) {
        info = AudioInfo(codec: .wav, sampleRate: sampleRate, channels: channels, frames: Int64((seconds * Double(sampleRate)).rounded()))
    }

    /// Frame `n`'s value, in −0.3…0.3 (SplitMix64's finaliser over n).
    static func value(at n: Int64) -> Float {
        var z = UInt64(bitPattern: n) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Float(Double(z >> 11) / Double(1 << 53) - 0.5) * 0.6
    }

    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        let count = Int(min(Int64(frames), info.frames - position))
        for i in 0..<count {
            let value = Self.value(at: position + Int64(i))
            for c in 0..<info.channels { buffer[i * info.channels + c] = value }
        }
        position += Int64(count)
        return count
    }

    func seek(toFrame frame: Int64) throws(AudioFileError) { position = min(max(0, frame), info.frames) }

    /// Where `window` (a recording at the source's rate) sits in the source: the frame, within `range`, at which
    /// the normalised cross-correlation peaks, and that peak (near 1 for a clean match, near 0 for none).
    static func locate(_ window: ArraySlice<Float>, in range: ClosedRange<Int64>) -> (frame: Int64, score: Double) {
        let w = Array(window)
        let energy = w.reduce(0) { $0 + Double($1) * Double($1) }
        guard energy > 0 else { return (range.lowerBound, 0) }
        let first = max(0, range.lowerBound)
        let span = Int(range.upperBound - first) + w.count
        let source = (0..<span).map { value(at: first + Int64($0)) }
        var sourceEnergy = source.prefix(w.count).reduce(0) { $0 + Double($1) * Double($1) }
        var best: (Int64, Double) = (first, -1)
        w.withUnsafeBufferPointer { wp in
            source.withUnsafeBufferPointer { sp in
                for lag in 0...Int(range.upperBound - first) {
                    var dot: Float = 0
                    for i in 0..<wp.count { dot += wp[i] * sp[lag + i] }
                    let score = Double(dot) / (energy * sourceEnergy).squareRoot()
                    if score > best.1 { best = (first + Int64(lag), score) }
                    if lag + wp.count < sp.count {
                        let out = Double(sp[lag]), inn = Double(sp[lag + wp.count])
                        sourceEnergy += inn * inn - out * out
                    }
                }
            }
        }
        return best
    }
}
