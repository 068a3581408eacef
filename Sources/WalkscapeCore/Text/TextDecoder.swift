/// Decodes the bytes of a text file whose encoding is not declared (subtitles, logs).
///
/// A byte order mark decides (UTF-8, UTF-16 LE/BE); without one, UTF-16 is recognised by its NUL bytes,
/// valid UTF-8 is taken as UTF-8, and anything else is read as Windows-1252 (a superset of Latin-1 used
/// by most legacy 8-bit subtitle files), which the result says so callers can warn.
public enum TextDecoder {
    /// The encodings `decode` can report.
    public enum Encoding: String, Sendable {
        case utf8 = "utf-8"
        case utf8BOM = "utf-8-bom"
        case utf16LE = "utf-16le"
        case utf16BE = "utf-16be"
        case windows1252 = "windows-1252"
    }

    /// Decoded text and the encoding it was read as.
    public struct Result: Sendable {
        public var text: String
        public var encoding: Encoding
        /// Whether the encoding was guessed because the bytes were not valid UTF-8.
        public var isLegacyGuess: Bool { encoding == .windows1252 }
    }

    /// Decodes `bytes`.
    public static func decode(_ bytes: [UInt8]) -> Result {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return Result(text: String(decoding: bytes[3...], as: UTF8.self), encoding: .utf8BOM)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return Result(text: decodeUTF16(bytes[2...], littleEndian: true), encoding: .utf16LE)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return Result(text: decodeUTF16(bytes[2...], littleEndian: false), encoding: .utf16BE)
        }
        if let endian = guessUTF16(bytes) {
            return Result(text: decodeUTF16(bytes[...], littleEndian: endian), encoding: endian ? .utf16LE : .utf16BE)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return Result(text: text, encoding: .utf8)
        }
        return Result(text: decodeWindows1252(bytes), encoding: .windows1252)
    }

    /// Little-endian (true) or big-endian (false) when the bytes look like BOM-less UTF-16 text.
    static func guessUTF16(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(4096)
        guard sample.count >= 4, sample.count % 2 == 0 else { return nil }
        var evenZeros = 0
        var oddZeros = 0
        for (i, b) in sample.enumerated() where b == 0 {
            if i % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        let half = sample.count / 2
        if oddZeros * 10 >= half * 3 && evenZeros * 10 < half { return true }
        if evenZeros * 10 >= half * 3 && oddZeros * 10 < half { return false }
        return nil
    }

    static func decodeUTF16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i])
            let b = UInt16(bytes[i + 1])
            units.append(littleEndian ? (b << 8 | a) : (a << 8 | b))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Windows-1252's characters for bytes 0x80–0x9F (the rest of the code page equals Latin-1).
    static let windows1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
        0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    static func decodeWindows1252(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes {
            let code = (0x80...0x9F).contains(b) ? windows1252High[Int(b - 0x80)] : UInt32(b)
            scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        }
        return String(scalars)
    }
}
