/// One ASCII character for any character, for terminals without a UTF-8 locale: letters lose their accents
/// (é → e), common typographic signs get their nearest ASCII look-alike (— → -, · → ., … → ., × → x,
/// arrows → ^ > v <), and anything else becomes `?`. One cell in, one cell out, so layouts do not move.
public enum ASCIIFallback {
    static let table: [Character: Character] = [
        "—": "-", "–": "-", "−": "-", "‐": "-", "·": ".", "…": ".", "×": "x", "«": "\"", "»": "\"", "“": "\"", "”": "\"",
        "„": "\"", "‘": "'", "’": "'", "‚": "'", "′": "'", "″": "\"", "←": "<", "→": ">", "↑": "^", "↓": "v", "↗": "/",
        "↘": "\\", "↙": "/", "↖": "\\", "‹": "<", "›": ">", "▶": ">", "●": "@", "•": "*", "±": "~", "¼": "~", "½": "~",
        "°": "o", "ß": "s", "æ": "a", "Æ": "A", "œ": "o", "Œ": "O", "ø": "o", "Ø": "O", "đ": "d", "ł": "l", "Ł": "L",
        "\u{A0}": " ", "€": "E", "£": "L", "🔒": "*", "├": "+", "┤": "+", "─": "-", "│": "|", "┌": "+", "┐": "+",
        "└": "+", "┘": "+",
    ]

    /// `character` as one printable ASCII character.
    public static func transliterate(_ character: Character) -> Character {
        if character.isASCII { return character }
        if let mapped = table[character] { return mapped }
        // A Latin letter with accents: its base letter, from its Unicode name ("LATIN SMALL LETTER E WITH ACUTE").
        if let scalar = character.unicodeScalars.first, let base = baseLetter(scalar) { return Character(base) }
        return "?"
    }

    static func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let name = scalar.properties.name, name.hasPrefix("LATIN "), let range = name.range(of: " LETTER ") else { return nil }
        guard let letter = name[range.upperBound...].split(separator: " ").first, letter.count == 1,
            let base = letter.unicodeScalars.first, base.isASCII, base.properties.isAlphabetic
        else { return nil }
        return Unicode.Scalar(name.hasPrefix("LATIN SMALL") ? base.value + 32 : base.value)
    }
}

