/// Replaces chosen values in JSON text where they stand, keeping every other byte: spacing, key order,
/// number spellings, escapes and unknown fields stay exactly as the author wrote them.
///
/// For rewriting one field of a hand-edited file (`radii --apply` writes `triggerRadiusMeters`) without
/// reformatting the rest. The text is scanned once; the values are found by their path.
public struct JSONTextSplicer: Sendable {
    /// Why a splice could not be made.
    public struct SpliceError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The new text of each value, by path.
    public var replacements: [JSONPath: String]
    /// The deepest nesting scanned.
    public var maxDepth = 512

    public init(replacements: [JSONPath: String]) { self.replacements = replacements }

    /// `bytes` with every value at a path of `replacements` replaced by its new text (every occurrence, should
    /// an object repeat a key). Throws when the text is not JSON or a path names no value in it.
    public func apply(to bytes: [UInt8]) throws(SpliceError) -> [UInt8] {
        var scanner = Scanner(bytes: bytes, targets: Set(replacements.keys), maxDepth: maxDepth)
        try scanner.scanDocument()
        let missing = replacements.keys.filter { path in !scanner.found.contains { $0.path == path } }
        if let first = missing.map(\.description).sorted().first {
            throw SpliceError(message: "\(first): no such value in the JSON text")
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var cursor = 0
        for span in scanner.found.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            out += bytes[cursor..<span.range.lowerBound]
            out += Array(replacements[span.path, default: ""].utf8)
            cursor = span.range.upperBound
        }
        out += bytes[cursor...]
        return out
    }

    /// A strict scanner: it accepts JSON text (as `JSONParser` does) and notes where the
    /// target values start and end.
    struct Scanner {
        let bytes: [UInt8]
        let targets: Set<JSONPath>
        let maxDepth: Int
        var position = 0
        var path: [JSONPathComponent] = []
        var found: [(path: JSONPath, range: Range<Int>)] = []

        init(bytes: [UInt8], targets: Set<JSONPath>, maxDepth: Int) {
            self.bytes = bytes
            self.targets = targets
            self.maxDepth = maxDepth
        }

        func fail(_ message: String) -> SpliceError { SpliceError(message: "byte \(position): \(message)") }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func scanDocument() throws(SpliceError) {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
            skipSpace()
            try scanValue()
            skipSpace()
            guard position == bytes.count else { throw fail("text after the JSON value") }
        }

        mutating func scanValue() throws(SpliceError) {
            guard path.count <= maxDepth else { throw fail("nested deeper than \(maxDepth)") }
            guard position < bytes.count else { throw fail("unexpected end of the text") }
            let start = position
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                } else {
                    while true {
                        skipSpace()
                        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                        let key = try scanString()
                        skipSpace()
                        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                        position += 1
                        skipSpace()
                        path.append(.key(key))
                        try scanValue()
                        path.removeLast()
                        skipSpace()
                        guard position < bytes.count else { throw fail("unexpected end of the text in an object") }
                        if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                        guard bytes[position] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                        position += 1
                        break
                    }
                }
            case UInt8(ascii: "["):
                position += 1
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                } else {
                    var index = 0
                    while true {
                        skipSpace()
                        path.append(.index(index))
                        try scanValue()
                        path.removeLast()
                        index += 1
                        skipSpace()
                        guard position < bytes.count else { throw fail("unexpected end of the text in an array") }
                        if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                        guard bytes[position] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                        position += 1
                        break
                    }
                }
            case UInt8(ascii: "\""):
                _ = try scanString()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while position < bytes.count, "+-.eE0123456789".utf8.contains(bytes[position]) { position += 1 }
            default:
                throw fail("expected a JSON value")
            }
            let here = JSONPath(path)
            if targets.contains(here) { found.append((here, start..<position)) }
        }

        mutating func literal(_ word: String) throws(SpliceError) {
            let expected = Array(word.utf8)
            guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
                throw fail("expected \(word)")
            }
            position += expected.count
        }

        /// Scans a string starting at its opening quote; returns its decoded text (for member names).
        mutating func scanString() throws(SpliceError) -> String {
            position += 1
            var raw: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return Scanner.unescape(raw)
                }
                if byte == UInt8(ascii: "\\") {
                    guard position + 1 < bytes.count else { break }
                    raw.append(byte)
                    raw.append(bytes[position + 1])
                    position += 2
                    continue
                }
                raw.append(byte)
                position += 1
            }
            throw fail("unterminated string")
        }

        /// The text of a string's escaped bytes (enough for member names: the common escapes and \uXXXX).
        static func unescape(_ raw: [UInt8]) -> String {
            guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
            var scalars = String.UnicodeScalarView()
            let text = Array(String(decoding: raw, as: UTF8.self).unicodeScalars)
            var i = 0
            var pendingHigh: UInt32?
            while i < text.count {
                let scalar = text[i]
                guard scalar == "\\", i + 1 < text.count else {
                    scalars.append(scalar)
                    i += 1
                    continue
                }
                let code = text[i + 1]
                i += 2
                switch code {
                case "n": scalars.append("\n")
                case "t": scalars.append("\t")
                case "r": scalars.append("\r")
                case "b": scalars.append("\u{08}")
                case "f": scalars.append("\u{0C}")
                case "u" where i + 4 <= text.count:
                    let hex = String(String.UnicodeScalarView(text[i..<i + 4]))
                    i += 4
                    guard let value = UInt32(hex, radix: 16) else { continue }
                    if (0xD800..<0xDC00).contains(value) {
                        pendingHigh = value
                    } else if (0xDC00..<0xE000).contains(value), let high = pendingHigh {
                        pendingHigh = nil
                        if let combined = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)) { scalars.append(combined) }
                    } else if let plain = Unicode.Scalar(value) {
                        scalars.append(plain)
                    }
                default: scalars.append(code)
                }
            }
            return String(scalars)
        }
    }
}
