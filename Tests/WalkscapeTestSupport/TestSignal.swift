import Foundation

/// Test sounds made in the test: tones, written as WAV files, and found again in a recording.
public enum TestSignal {
    /// `seconds` of a sine at `frequency` Hz, peak `amplitude`, at `rate` samples a second, faded in and out
    /// over 2 ms (an abrupt edge is a click, heard at every frequency for a moment).
    public static func tone(_ frequency: Double, seconds: Double, amplitude: Double, rate: Int) -> [Float] {
        let count = Int((seconds * Double(rate)).rounded())
        let fade = min(count / 2, rate / 500)
        return (0..<count).map { i in
            var gain = 1.0
            let edge = min(i, count - 1 - i)
            if edge < fade { gain = 0.5 - 0.5 * cos(Double.pi * Double(edge) / Double(fade)) }
            return Float(amplitude * gain * sin(2 * Double.pi * frequency * Double(i) / Double(rate)))
        }
    }

    /// Writes `samples` (−1…1) as a mono 16-bit PCM WAV file.
    public static func writeWAV(_ samples: [Float], rate: Int, to path: String) throws {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36) + bytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))  // PCM
        append(UInt16(1))  // mono
        append(UInt32(rate))
        append(UInt32(rate * 2))
        append(UInt16(2))
        append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(bytes)
        for sample in samples { append(Int16((max(-1, min(1, sample)) * 32767).rounded())) }
        try data.write(to: URL(fileURLWithPath: path))
    }
}

/// Where a tone sounds in a recording: the amplitude a Goertzel filter at its frequency reads over 10 ms windows,
/// one every `hop` samples. The tone's level is the median reading where it sounds at all (above `floor`), and it
/// sounds where the reading is above half that level: a window centred on an edge of the tone holds half of it,
/// so the crossings (interpolated between windows) are its edges, whatever its level — the sound server's
/// resampler takes some of the highest tones, and a time-stretched tone's level depends on the stretcher's
/// phases (a 9 kHz tone at 0.3 came out of librubberband at ×½ at 0.12 in one run, 0.3 in another). A tone
/// interrupted (an underrun, a cut) is found in pieces; `heard` adds them up.
public struct ToneFinder {
    public struct Piece: CustomStringConvertible {
        /// Sample positions of the edges on the recording's timeline, and the peak amplitude.
        public var onset: Double, end: Double, peak: Double
        public var description: String { "\(Int(onset))…\(Int(end)) (peak \(String(format: "%.3f", peak)))" }
    }

    public struct Found {
        public var pieces: [Piece]
        /// The first piece's onset and the last piece's end (sample positions), nil when nothing was found.
        public var onset: Double? { pieces.first?.onset }
        public var end: Double? { pieces.last?.end }
        /// Samples of tone heard, the pieces added up.
        public var heard: Double { pieces.reduce(0) { $0 + $1.end - $1.onset } }
        /// Samples from the first piece's onset to the last one's end.
        public var span: Double { (end ?? 0) - (onset ?? 0) }

        /// The pieces around the strongest one, joined across silences shorter than `gap` samples (one tone,
        /// wavering or interrupted); pieces farther from it are something else.
        public func joined(within gap: Double) -> Found {
            guard let strongest = pieces.indices.max(by: { pieces[$0].peak < pieces[$1].peak }) else { return self }
            var first = strongest, last = strongest
            while first > 0, pieces[first].onset - pieces[first - 1].end < gap { first -= 1 }
            while last + 1 < pieces.count, pieces[last + 1].onset - pieces[last].end < gap { last += 1 }
            return Found(pieces: Array(pieces[first...last]))
        }
    }

    public let rate: Int
    public let window: Int
    public let hop: Int
    /// Readings at or below `floor` are no tone; a run above it whose peak stays under `minimumPeak` is leakage
    /// (another tone's edge, a click), not the tone.
    public var floor: Double = 0.03
    public var minimumPeak: Double = 0.06

    public init(rate: Int, window: Double = 0.010, hop: Double = 0.002) {
        self.rate = rate
        self.window = Int((window * Double(rate)).rounded())
        self.hop = max(1, Int((hop * Double(rate)).rounded()))
    }

    /// The Goertzel filter's amplitude estimate of `frequency` over `samples[start..<start + count]`: a sine
    /// of peak A at that frequency filling the window reads A.
    public static func goertzel(_ samples: UnsafeBufferPointer<Float>, start: Int, count: Int, frequency: Double, rate: Int) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(rate))
        var s1 = 0.0, s2 = 0.0
        for i in start..<(start + count) {
            let s0 = Double(samples[i]) + coefficient * s1 - s2
            s2 = s1
            s1 = s0
        }
        let power = max(0, s1 * s1 + s2 * s2 - coefficient * s1 * s2)
        return 2 * power.squareRoot() / Double(count)
    }

    /// The Goertzel magnitude of `frequency` of every window, by its centre (sample position).
    public func magnitudes(_ frequency: Double, in samples: [Float]) -> [(centre: Double, magnitude: Double)] {
        guard samples.count >= window else { return [] }
        return samples.withUnsafeBufferPointer { buffer in
            stride(from: 0, through: samples.count - window, by: hop).map { start in
                (Double(start) + Double(window) / 2, ToneFinder.goertzel(buffer, start: start, count: window, frequency: frequency, rate: rate))
            }
        }
    }

    public func find(_ frequency: Double, in samples: [Float]) -> Found {
        let series = magnitudes(frequency, in: samples)
        /// The runs of windows reading above `threshold` whose peak reaches `minimumPeak`.
        func runs(above threshold: Double) -> [ClosedRange<Int>] {
            var runs: [ClosedRange<Int>] = []
            var index = 0
            while index < series.count {
                guard series[index].magnitude > threshold else {
                    index += 1
                    continue
                }
                var last = index
                while last + 1 < series.count, series[last + 1].magnitude > threshold { last += 1 }
                if series[index...last].contains(where: { $0.magnitude >= minimumPeak }) { runs.append(index...last) }
                index = last + 1
            }
            return runs
        }
        let sounding = runs(above: floor).flatMap { $0.map { series[$0].magnitude } }.sorted()
        guard !sounding.isEmpty else { return Found(pieces: []) }
        let threshold = max(floor, sounding[sounding.count / 2] / 2)
        /// Where the reading crosses the threshold between windows `a` and `b` (`a` may be outside).
        func crossing(_ a: Int, _ b: Int) -> Double {
            guard a >= 0, a < series.count else { return series[b].centre }
            let (ma, mb) = (series[a].magnitude, series[b].magnitude)
            let fraction = mb == ma ? 0 : (threshold - ma) / (mb - ma)
            return series[a].centre + fraction * (series[b].centre - series[a].centre)
        }
        return Found(pieces: runs(above: threshold).map { run in
            Piece(onset: crossing(run.lowerBound - 1, run.lowerBound), end: crossing(run.upperBound + 1, run.upperBound),
                peak: series[run].map(\.magnitude).max()!)
        })
    }
}
