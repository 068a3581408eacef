import WalkscapeCore
/// Fast, exact parsing of decimal numbers straight from bytes, for coordinates and measurements.
///
/// The common case (at most 19 significant digits, a value that fits in 53 bits, a power of ten within
/// ±22) is computed exactly with one multiplication or division (Clinger's fast path), so the result is
/// correctly rounded; anything else goes through the standard library's correctly rounded parser.
enum ASCIINumber {
    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    @inline(__always)
    static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: return 1
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    /// The number `p[start..<end]` spells (`-12.5`, `+3`, `.5`, `4.`, `1e-3`; white space around is
    /// ignored), or nil when it is not a finite decimal number.
    @inline(__always)
    static func parse(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        var e = end
        while i < e, isSpace(p[i]) { i += 1 }
        while e > i, isSpace(p[e - 1]) { e -= 1 }
        guard i < e else { return nil }
        let first = i
        var negative = false
        if p[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        } else if p[i] == UInt8(ascii: "+") {
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var sawDigit = false
        var exact = true
        while i < e {
            let d = p[i] &- 48
            if d > 9 { break }
            sawDigit = true
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                if mantissa != 0 { significant += 1 }
            } else {
                exponent += 1
                if d != 0 { exact = false }
            }
            i += 1
        }
        if i < e, p[i] == UInt8(ascii: ".") {
            i += 1
            while i < e {
                let d = p[i] &- 48
                if d > 9 { break }
                sawDigit = true
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    if mantissa != 0 { significant += 1 }
                    exponent -= 1
                } else if d != 0 {
                    exact = false
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if i < e, p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < e, p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            var value = 0
            var any = false
            while i < e {
                let d = p[i] &- 48
                if d > 9 { break }
                any = true
                if value < 100_000 { value = value * 10 + Int(d) }
                i += 1
            }
            guard any else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard i == e else { return nil }
        if exact && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            let m = Double(mantissa)
            let value = exponent < 0 ? m / powerOfTen(-exponent) : m * powerOfTen(exponent)
            return negative ? -value : value
        }
        // Rare: many digits or a large exponent. The syntax is checked above, so the standard library
        // only ever sees a plain decimal number here.
        let text = String(decoding: UnsafeBufferPointer(start: p + first, count: e - first), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `parse` over a byte array.
    static func parse(_ bytes: [UInt8]) -> Double? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return parse(base, 0, buffer.count)
        }
    }
}
