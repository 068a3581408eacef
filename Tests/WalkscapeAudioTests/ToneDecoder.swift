import Foundation
import WalkscapeAudio

/// A decoder that synthesises sine tones: `segments` of (frequency, seconds) one after another, at amplitude
/// 0.5, so recordings of what was played can be checked for their frequency at each moment.
final class ToneDecoder: AudioDecoder {
    let info: AudioInfo
    private(set) var position: Int64 = 0
    let truncation: String? = nil
    private let boundaries: [(end: Int64, frequency: Double)]

    init(segments: [(frequency: Double, seconds: Double)], sampleRate: Int = 48000, channels: Int = 2) {
        var end: Int64 = 0
        var boundaries: [(Int64, Double)] = []
        for segment in segments {
            end += Int64((segment.seconds * Double(sampleRate)).rounded())
            boundaries.append((end, segment.frequency))
        }
        self.boundaries = boundaries
        info = AudioInfo(codec: .wav, sampleRate: sampleRate, channels: channels, frames: end)
    }

    func frequency(at frame: Int64) -> Double { boundaries.first { frame < $0.end }?.frequency ?? 0 }

    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        let count = Int(min(Int64(frames), info.frames - position))
        for i in 0..<count {
            let n = position + Int64(i)
            let value = Float(0.5 * sin(2 * Double.pi * frequency(at: n) * Double(n) / Double(info.sampleRate)))
            for c in 0..<info.channels { buffer[i * info.channels + c] = value }
        }
        position += Int64(count)
        return count
    }

    func seek(toFrame frame: Int64) throws(AudioFileError) { position = min(max(0, frame), info.frames) }
}

/// Frequency of a mono signal by counting zero crossings (rising edges) over `samples`.
func zeroCrossingFrequency(_ samples: ArraySlice<Float>, sampleRate: Int) -> Double {
    var rising = 0
    var previous = samples.first ?? 0
    for value in samples.dropFirst() {
        if previous < 0 && value >= 0 { rising += 1 }
        previous = value
    }
    return Double(rising) * Double(sampleRate) / Double(max(1, samples.count))
}
