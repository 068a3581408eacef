/// Text made safe inside the XML walkscape writes (GPX, KML, SVG, JUnit): one escaping rule for every writer.
public enum XMLText {
    /// `text` with `&`, `<`, `>` and `"` replaced by their entities: safe as element content and inside a
    /// double-quoted attribute. Every other character is kept as it is.
    public static func escaped(_ text: String) -> String { escape(text, strict: false) }

    /// `text` safe in any XML 1.0 attribute or content, whatever it holds: `escaped`'s entities and `&apos;`,
    /// and the characters XML 1.0 forbids (controls other than tab and newline, U+FFFE, U+FFFF) dropped.
    /// For text from outside (test names, messages) that a strict reader such as a CI's JUnit parser reads.
    public static func escapedDroppingForbidden(_ text: String) -> String { escape(text, strict: true) }

    /// The one loop, scalar by scalar (an `&` followed by a combining mark is still escaped).
    private static func escape(_ text: String, strict: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'" where strict: out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if !strict || (scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value)) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
