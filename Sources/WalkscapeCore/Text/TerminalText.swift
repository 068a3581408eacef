/// Makes text from files safe to show on a terminal.
public enum TerminalText {
    /// `text` with control characters and escape sequences removed (newlines and tabs become spaces
    /// unless `keepNewlines`), so that a tour file cannot move the cursor, change colours or retitle the
    /// terminal.
    public static func sanitize(_ text: String, keepNewlines: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            switch scalar.value {
            case 0x1B:  // ESC: drop the whole sequence (CSI … final byte, OSC … BEL/ST, or one char)
                guard let next = scalars.next() else { break }
                if next == "[" {
                    while let s = scalars.next(), !(0x40...0x7E).contains(s.value) {}
                } else if next == "]" || next == "P" || next == "_" || next == "^" {
                    var previousWasEscape = false
                    while let s = scalars.next() {
                        if s.value == 0x07 || (previousWasEscape && s == "\\") { break }
                        previousWasEscape = s.value == 0x1B
                    }
                }
            case 0x0A where keepNewlines:
                out.append(scalar)
            case 0x09, 0x0A, 0x0D:
                out.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0:
                break  // C0 and C1 controls (0x9B is the one-byte CSI)
            case 0x202A...0x202E, 0x2066...0x2069:
                break  // bidirectional overrides that can disguise text
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }
}
