/// One timed subtitle: the text shown from `startMs` to `endMs` of the recording.
public struct SubtitleCue: Sendable, Equatable {
    /// The cue number written in the file, when there was one.
    public var index: Int?
    public var startMs: Int
    public var endMs: Int
    /// The text as written, lines joined with `\n`, tags included.
    public var text: String
    /// The line of the file (from 1) where the cue's time line is.
    public var line: Int

    public init(index: Int?, startMs: Int, endMs: Int, text: String, line: Int) {
        self.index = index
        self.startMs = startMs
        self.endMs = endMs
        self.text = text
        self.line = line
    }

    /// The text for display: HTML-like tags (`<i>`, `<font …>`) and ASS overrides (`{\an8}`) removed (with
    /// the space doubled by a removal), common entities decoded, control characters dropped.
    public var displayText: String { SubtitleCue.plainText(text) }

    /// `text` without markup.
    public static func plainText(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        // Where a removed tag stood between two spaces ("a {\an8} b"), one space is kept.
        func skipDoubledSpace(after close: String.Index) -> String.Index {
            let next = text.index(after: close)
            return out.last == " " && next < text.endIndex && text[next] == " " ? text.index(after: next) : next
        }
        while index < text.endIndex {
            let c = text[index]
            if c == "<", let close = text[index...].firstIndex(of: ">") {
                let inner = text[text.index(after: index)..<close]
                let name = inner.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter })
                if !name.isEmpty, !inner.contains("<") {
                    index = skipDoubledSpace(after: close)
                    continue
                }
            }
            if c == "{", text[index...].dropFirst().first == "\\", let close = text[index...].firstIndex(of: "}") {
                index = skipDoubledSpace(after: close)
                continue
            }
            if c == "&", let semicolon = text[index...].prefix(10).firstIndex(of: ";") {
                let entity = String(text[text.index(after: index)..<semicolon])
                if let replacement = entities[entity] {
                    out.append(replacement)
                    index = text.index(after: semicolon)
                    continue
                }
            }
            if c == "\n" || !(c.unicodeScalars.first.map { $0.properties.generalCategory == .control } ?? false) {
                out.append(c)
            }
            index = text.index(after: index)
        }
        return out
    }

    private static let entities: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]
}
