import Foundation

extension SplitMix64 {
    /// A uniform number in [0, 1) with 53 random bits.
    @inline(__always)
    public mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform number in `range`.
    @inline(__always)
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
    }

    /// Two independent standard normal numbers (the ziggurat method, `NormalZiggurat`: one 64-bit draw
    /// for both in the common case).
    @inline(__always)
    public mutating func normalPair() -> (Double, Double) {
        let bits = next()
        let tables = NormalZiggurat.tables
        let a = NormalZiggurat.normal(UInt32(truncatingIfNeeded: bits), &self, tables)
        let b = NormalZiggurat.normal(UInt32(truncatingIfNeeded: bits >> 32), &self, tables)
        return (a, b)
    }

    /// The waiting time to the next event of a Poisson process with `rate` events per unit of time.
    @inline(__always)
    public mutating func exponential(rate: Double) -> Double {
        -log(1 - uniform()) / rate
    }

    /// A generator for stream `index` of this seed: independent streams for traces, runs and purposes,
    /// each the same whatever order they are drawn in.
    public static func stream(seed: UInt64, _ indices: UInt64...) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed)
        var state = mixer.next()
        for index in indices {
            var step = SplitMix64(seed: state ^ (index &* 0xD1B5_4A32_D192_ED03))
            state = step.next()
        }
        return SplitMix64(seed: state)
    }
}
