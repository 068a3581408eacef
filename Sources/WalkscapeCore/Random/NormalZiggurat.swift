import Foundation

/// Marsaglia and Tsang's ziggurat for standard normal numbers (J. Stat. Software 5(8), 2000), 128 layers:
/// almost always one table look-up and one multiplication a number, against a logarithm and a square
/// root for two in the polar method. Noise trials draw tens of millions of them.
///
/// Each number takes 32 random bits (layer index from the low 7, the signed value from all 32), so one
/// `SplitMix64` output gives two numbers in the common case.
enum NormalZiggurat {
    /// The layers: k (acceptance bounds), w (scales), f (density at each layer's edge). Built once, never
    /// freed or written again, read through raw pointers (no reference counting in the hot loop).
    struct Tables: @unchecked Sendable {
        let k: UnsafeMutablePointer<UInt32>
        let w: UnsafeMutablePointer<Double>
        let f: UnsafeMutablePointer<Double>

        init() {
            k = .allocate(capacity: 128)
            k.initialize(repeating: 0, count: 128)
            w = .allocate(capacity: 128)
            w.initialize(repeating: 0, count: 128)
            f = .allocate(capacity: 128)
            f.initialize(repeating: 0, count: 128)
        }
    }

    /// The rightmost layer's start and the layers' common area.
    static let r = 3.442619855899
    static let area = 9.91256303526217e-3

    static let tables: Tables = {
        let t = Tables()
        let m1 = 2_147_483_648.0
        var dn = r
        var tn = dn
        let q = area / exp(-0.5 * dn * dn)
        t.k[0] = UInt32(dn / q * m1)
        t.k[1] = 0
        t.w[0] = q / m1
        t.w[127] = dn / m1
        t.f[0] = 1
        t.f[127] = exp(-0.5 * dn * dn)
        for i in stride(from: 126, through: 1, by: -1) {
            dn = (-2 * log(area / dn + exp(-0.5 * dn * dn))).squareRoot()
            t.k[i + 1] = UInt32(dn / tn * m1)
            tn = dn
            t.f[i] = exp(-0.5 * dn * dn)
            t.w[i] = dn / m1
        }
        return t
    }()

    /// One standard normal number from the 32 bits `bits`, drawing more from `rng` only in the rare slow
    /// cases (the wedges and the tail).
    @inline(__always)
    static func normal(_ bits: UInt32, _ rng: inout SplitMix64, _ t: Tables) -> Double {
        let hz = Int32(bitPattern: bits)
        let iz = Int(bits & 127)
        if UInt32(hz.magnitude) < t.k[iz] { return Double(hz) * t.w[iz] }
        return slow(hz, iz, &rng, t)
    }

    static func slow(_ start: Int32, _ layer: Int, _ rng: inout SplitMix64, _ t: Tables) -> Double {
        var hz = start
        var iz = layer
        while true {
            let x = Double(hz) * t.w[iz]
            if iz == 0 {
                var tail: Double
                var y: Double
                repeat {
                    tail = -log(1 - rng.uniform()) / r
                    y = -log(1 - rng.uniform())
                } while y + y < tail * tail
                return hz > 0 ? r + tail : -r - tail
            }
            if t.f[iz] + rng.uniform() * (t.f[iz - 1] - t.f[iz]) < exp(-0.5 * x * x) { return x }
            let bits = UInt32(truncatingIfNeeded: rng.next())
            hz = Int32(bitPattern: bits)
            iz = Int(bits & 127)
            if UInt32(hz.magnitude) < t.k[iz] { return Double(hz) * t.w[iz] }
        }
    }
}
