/// How many terminal columns text takes: 0 for combining marks and controls, 2 for East Asian wide and
/// fullwidth characters and emoji, 1 for the rest.
public enum DisplayWidth {
    /// The columns one character (grapheme cluster) takes.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
        return of(first)
    }

    /// The columns one scalar takes when it starts a character.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        // Printable ASCII, Latin-1, and the braille and box-drawing blocks the map and the panes are made of:
        // one column each, without a look-up of the scalar's properties (the player measures every cell it
        // draws).
        if v < 0x300 || (0x2500...0x259F).contains(v) || (0x2800...0x28FF).contains(v) { return v == 0xAD ? 0 : 1 }  // U+00AD: a format character
        return looked(up: scalar)
    }

    /// The columns a scalar takes, from its Unicode properties (what `of(_:)` answers without a look-up for
    /// the blocks it knows; `DisplayWidthTests` holds the two equal there).
    static func looked(up scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
        {
            return 2
        }
        return 1
    }

    /// The columns a string takes.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// `text` cut to at most `width` columns, with `…` at the end when it was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` padded with spaces to `width` columns (left-aligned, or right-aligned with `right`).
    public static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - of(text)))
        return right ? fill + text : text + fill
    }
}
