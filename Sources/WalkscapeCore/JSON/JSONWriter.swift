/// Writes a `JSONValue` as text: pretty-printed with two-space indents, or compact on one line.
///
/// Strings are written as UTF-8 with only the escapes JSON requires, so non-ASCII text stays readable.
public struct JSONWriter: Sendable {
    /// Whether to break objects and arrays over lines with indentation.
    public var pretty: Bool

    public init(pretty: Bool = true) { self.pretty = pretty }

    /// The document's text; pretty output ends with a newline.
    public func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        if pretty { out += "\n" }
        return out
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += n
        case let .string(s): JSONWriter.appendQuoted(s, to: &out)
        case let .array(elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                if pretty { newline(indent + 1, &out) }
                write(element, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, &out) }
            out += "]"
        case let .object(members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { newline(indent + 1, &out) }
                JSONWriter.appendQuoted(member.key, to: &out)
                out += pretty ? ": " : ":"
                write(member.value, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, &out) }
            out += "}"
        }
    }

    private func newline(_ level: Int, _ out: inout String) {
        out += "\n"
        out += String(repeating: "  ", count: level)
    }

    /// Appends `text` as a JSON string literal.
    public static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }
}
