import Foundation
import WalkscapeAudio

/// A decoder whose every sample says which frame it is: frame n sounds (n mod 16384 + 1) / 32768 (negated with
/// `negative`), the same on every channel, so a recording of what was played tells, sample by sample, which
/// frames were heard, and so which were lost or heard twice. The values are exact in 16-bit and float sinks
/// alike; frames 16,384 (341 ms) apart share a value, far more than any loss or repeat told apart.
final class RampDecoder: AudioDecoder {
    static let period: Int64 = 16384
    let info: AudioInfo
    private(set) var position: Int64 = 0
    let truncation: String? = nil
    let negative: Bool

    init(seconds: Double, negative: Bool = false, sampleRate: Int = 48000, channels: Int = 2) {
        info = AudioInfo(codec: .wav, sampleRate: sampleRate, channels: channels, frames: Int64((seconds * Double(sampleRate)).rounded()))
        self.negative = negative
    }

    static func value(of frame: Int64, negative: Bool) -> Float {
        let value = Float(frame % period + 1) / 32768
        return negative ? -value : value
    }

    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        let count = Int(min(Int64(frames), info.frames - position))
        for i in 0..<count {
            let value = RampDecoder.value(of: position + Int64(i), negative: negative)
            for c in 0..<info.channels { buffer[i * info.channels + c] = value }
        }
        position += Int64(count)
        return count
    }

    func seek(toFrame frame: Int64) throws(AudioFileError) { position = min(max(0, frame), info.frames) }

    /// What a recording of ramps says: the stretches where frames follow one another (runs of the same ramp, each
    /// sample one frame after the last), with the frame each began at, in recording order. Silence (0) between.
    struct Heard: CustomStringConvertible {
        struct Stretch { var negative: Bool, firstFrame: Int64, frames: Int64, at: Int }
        var stretches: [Stretch] = []

        /// The recording's gain against the ramp: a server that mixes the stereo ramp down to the recorder's
        /// mono may scale it (pipewire-pulse by √2), which the median step between neighbouring samples tells.
        let gain: Double

        init(_ samples: [Float]) {
            var steps: [Double] = []
            for (a, b) in zip(samples, samples.dropFirst()) where a != 0 && b != 0 && (a < 0) == (b < 0) && steps.count < 4000 {
                steps.append(abs(Double(b) - Double(a)) * 32768)
            }
            gain = steps.isEmpty ? 1 : steps.sorted()[steps.count / 2]
            var previous: (negative: Bool, step: Int64)?
            for (index, sample) in samples.enumerated() {
                guard sample != 0 else {
                    previous = nil
                    continue
                }
                let negative = sample < 0
                let step = Int64((Double(abs(sample)) * 32768 / gain).rounded()) - 1
                if let last = previous, last.negative == negative, (last.step + 1) % RampDecoder.period == step, !stretches.isEmpty {
                    stretches[stretches.count - 1].frames += 1
                } else {
                    // Unwrapped against the stretch before of the same ramp: the frame nearest after its end.
                    var frame = step
                    if let before = stretches.last(where: { $0.negative == negative }) {
                        let end = before.firstFrame + before.frames
                        frame = step + (end - step + RampDecoder.period / 2) / RampDecoder.period * RampDecoder.period
                        if frame < 0 { frame = step }
                    }
                    stretches.append(Stretch(negative: negative, firstFrame: frame, frames: 1, at: index))
                }
                previous = (negative, step)
            }
        }

        var description: String {
            stretches.map { "\($0.negative ? "B" : "A")[\($0.firstFrame)..<\($0.firstFrame + $0.frames)] at \($0.at)" }.joined(separator: ", ")
        }
    }
}
