import Foundation

/// ASCII for terminals without a UTF-8 locale. Text is transliterated before it is laid out
/// (`transliterate(_:)` on strings: cœur → coeur, Straße → Strasse, “x” → "x", Москва → Moskva, through ICU's
/// Any-Latin; Latin-ASCII transforms); the terminal's last resort for a single cell keeps one cell in, one
/// cell out (`transliterate(_:)` on characters: é → e, — → -, arrows → ^ > v <, anything else `?`).
public enum ASCIIFallback {
    static let table: [Character: Character] = [
        "—": "-", "–": "-", "−": "-", "‐": "-", "·": ".", "…": ".", "×": "x", "«": "\"", "»": "\"", "“": "\"", "”": "\"",
        "„": "\"", "‘": "'", "’": "'", "‚": "'", "′": "'", "″": "\"", "←": "<", "→": ">", "↑": "^", "↓": "v", "↗": "/",
        "↘": "\\", "↙": "/", "↖": "\\", "‹": "<", "›": ">", "▶": ">", "●": "@", "•": "*", "±": "~", "¼": "~", "½": "~",
        "°": "o", "ß": "s", "æ": "a", "Æ": "A", "œ": "o", "Œ": "O", "ø": "o", "Ø": "O", "đ": "d", "ł": "l", "Ł": "L",
        "\u{A0}": " ", "€": "E", "£": "L", "🔒": "*", "├": "+", "┤": "+", "─": "-", "│": "|", "┌": "+", "┐": "+",
        "└": "+", "┘": "+",
    ]

    /// `text` in printable ASCII, as long as it needs to be: the drawing signs of `table` first (so boxes
    /// and arrows look as on the one-cell path), then ICU's transliteration (œ → oe, ß → ss, æ → ae,
    /// accents stripped, other scripts romanised, typographic quotes and dashes to ASCII), and `?` for
    /// whatever is left. ASCII text comes back unchanged.
    public static func transliterate(text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        // ICU takes about 0.3 ms a string and the same texts come back every frame: remember the last few.
        if let known = cache.value(for: text) { return known }
        let result = spell(text)
        cache.store(result, for: text)
        return result
    }

    /// What `transliterate(text:)` remembers: up to 512 texts, forgotten all at once when full.
    private static let cache = TransliterationCache()

    private static func spell(_ text: String) -> String {
        var signed = ""
        for character in text {
            if !character.isASCII, let mapped = table[character], !wordLetters.contains(character) {
                signed.append(mapped)
            } else {
                signed.append(character)
            }
        }
        let latin = signed.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? signed
        return String(latin.map { $0.isASCII ? $0 : transliterate($0) })
    }

    /// Letters the string path leaves to ICU because they become two (œ → oe), not the one of the cell path.
    static let wordLetters: Set<Character> = ["ß", "æ", "Æ", "œ", "Œ"]

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

/// A small lock-guarded memo of transliterated texts (the player draws from one thread, tests from many).
private final class TransliterationCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: String] = [:]

    func value(for text: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return entries[text]
    }

    func store(_ value: String, for text: String) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= 512 { entries.removeAll(keepingCapacity: true) }
        entries[text] = value
    }
}
