/// A strict RFC 8259 JSON parser that keeps key order and number text, and says where input goes wrong.
///
/// It reads UTF-8 bytes (a leading byte order mark is skipped), refuses duplicate keys, nesting deeper
/// than `maxDepth`, and anything after the top-level value.
public struct JSONParser {
    /// The deepest nesting accepted; deeper input is an error rather than a stack overflow.
    public var maxDepth = 512
    /// Take a key given twice as JavaScript's `JSON.parse` does (the last value, at the first one's place)
    /// instead of refusing it: what the backend (Express) reads, for `collect`.
    public var lastDuplicateWins = false

    public init() {}

    /// Parses a whole document.
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        reader.lastDuplicateWins = lastDuplicateWins
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        if reader.atEnd { throw reader.error("the file is empty, expected a JSON value") }
        let value = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        if !reader.atEnd { throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON value") }
        return value
    }

    /// Parses a whole document given as text.
    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private struct Reader {
        let bytes: [UInt8]
        let maxDepth: Int
        var lastDuplicateWins = false
        var position = 0

        var atEnd: Bool { position >= bytes.count }

        func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
            let end = min(offset ?? position, bytes.count)
            var line = 1
            var lineStart = 0
            var i = 0
            while i < end {
                if bytes[i] == 0x0A {
                    line += 1
                    lineStart = i + 1
                }
                i += 1
            }
            // Columns count characters, not bytes: skip UTF-8 continuation bytes.
            var column = 1
            var j = lineStart
            while j < end {
                if bytes[j] & 0xC0 != 0x80 { column += 1 }
                j += 1
            }
            return JSONSyntaxError(line: line, column: column, message: message)
        }

        func describeCurrent() -> String {
            guard !atEnd else { return "end of input" }
            let byte = bytes[position]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
            guard !atEnd else { throw error("unexpected end of input, expected a value (the file may be truncated)") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth)
            case UInt8(ascii: "["): return try parseArray(depth: depth)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default: throw error("unexpected \(describeCurrent()), expected a value")
            }
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
            let start = position
            let text = literal.withUTF8Buffer { Array($0) }
            guard position + text.count <= bytes.count, Array(bytes[position..<position + text.count]) == text else {
                throw error("invalid literal, expected '\(literal)'", at: start)
            }
            position += text.count
        }

        mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            position += 1
            var members: [(key: String, value: JSONValue)] = []
            var seen = Set<String>()
            skipWhitespace()
            if !atEnd && bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            var comma: Int?
            while true {
                skipWhitespace()
                guard !atEnd else { throw error("unexpected end of input inside an object, expected '}' (the file may be truncated)") }
                guard bytes[position] == UInt8(ascii: "\"") else {
                    // A comma left after the last member (deleting the last line of an object leaves one).
                    if let comma, bytes[position] == UInt8(ascii: "}") {
                        throw error("a trailing comma after the object's last member: JSON allows none before '}'; delete this ','", at: comma)
                    }
                    throw error("unexpected \(describeCurrent()), expected a member name in double quotes")
                }
                let keyStart = position
                let key = try parseString()
                let repeated = !seen.insert(key).inserted
                if repeated && !lastDuplicateWins { throw error("duplicate member \"\(key)\"", at: keyStart) }
                skipWhitespace()
                guard !atEnd else { throw error("unexpected end of input, expected ':' (the file may be truncated)") }
                guard bytes[position] == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':'") }
                position += 1
                skipWhitespace()
                let value = try parseValue(depth: depth + 1)
                if repeated, let index = members.firstIndex(where: { $0.key == key }) {
                    members[index].value = value
                } else {
                    members.append((key: key, value: value))
                }
                skipWhitespace()
                guard !atEnd else { throw error("unexpected end of input inside an object, expected ',' or '}' (the file may be truncated)") }
                if bytes[position] == UInt8(ascii: ",") {
                    comma = position
                    position += 1
                    continue
                }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .object(members)
                }
                throw error("unexpected \(describeCurrent()), expected ',' or '}'")
            }
        }

        mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            position += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if !atEnd && bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            var comma: Int?
            while true {
                skipWhitespace()
                if let comma, !atEnd, bytes[position] == UInt8(ascii: "]") {
                    throw error("a trailing comma after the array's last element: JSON allows none before ']'; delete this ','", at: comma)
                }
                elements.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard !atEnd else { throw error("unexpected end of input inside an array, expected ',' or ']' (the file may be truncated)") }
                if bytes[position] == UInt8(ascii: ",") {
                    comma = position
                    position += 1
                    continue
                }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(elements)
                }
                throw error("unexpected \(describeCurrent()), expected ',' or ']'")
            }
        }

        mutating func parseNumber() throws(JSONSyntaxError) -> String {
            let start = position
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard !atEnd, isDigit(bytes[position]) else { throw error("invalid number, expected a digit") }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if !atEnd && isDigit(bytes[position]) { throw error("invalid number, leading zeros are not allowed") }
            } else {
                while !atEnd && isDigit(bytes[position]) { position += 1 }
            }
            if !atEnd && bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard !atEnd, isDigit(bytes[position]) else { throw error("invalid number, expected a digit after '.'") }
                while !atEnd && isDigit(bytes[position]) { position += 1 }
            }
            if !atEnd && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
                position += 1
                if !atEnd && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
                guard !atEnd, isDigit(bytes[position]) else { throw error("invalid number, expected a digit in the exponent") }
                while !atEnd && isDigit(bytes[position]) { position += 1 }
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("unexpected end of input in a \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[position]
                let digit: UInt32
                switch b {
                case 0x30...0x39: digit = UInt32(b - 0x30)
                case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
                default: throw error("invalid \\u escape, expected four hex digits")
                }
                value = value * 16 + digit
                position += 1
            }
            return value
        }

        mutating func parseString() throws(JSONSyntaxError) -> String {
            let open = position
            position += 1
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flushRun(_ reader: Reader, _ scalars: inout String.UnicodeScalarView, to end: Int) throws(JSONSyntaxError) {
                guard runStart < end else { return }
                let slice = reader.bytes[runStart..<end]
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw reader.error("invalid UTF-8 in a string", at: runStart)
                }
                scalars.append(contentsOf: text.unicodeScalars)
            }
            while true {
                guard !atEnd else {
                    let start = error("", at: open)
                    throw error("unexpected end of input inside the string that starts at line \(start.line), column \(start.column) (the file may be truncated)")
                }
                let b = bytes[position]
                if b == UInt8(ascii: "\"") {
                    try flushRun(self, &scalars, to: position)
                    position += 1
                    return String(scalars)
                }
                if b < 0x20 { throw error("control character 0x\(String(b, radix: 16)) inside a string; escape it") }
                if b == UInt8(ascii: "\\") {
                    try flushRun(self, &scalars, to: position)
                    position += 1
                    guard !atEnd else { throw error("unexpected end of input in an escape") }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try parseHex4()
                        if (0xD800...0xDBFF).contains(code) {
                            guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                                bytes[position + 1] == UInt8(ascii: "u")
                            else { throw error("lone UTF-16 surrogate in a \\u escape") }
                            position += 2
                            let low = try parseHex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid UTF-16 surrogate pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(code) {
                            throw error("lone UTF-16 surrogate in a \\u escape")
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                        scalars.append(scalar)
                    default:
                        position -= 1
                        throw error("invalid escape \\\(describeCurrent())")
                    }
                    runStart = position
                    continue
                }
                position += 1
            }
        }
    }
}
