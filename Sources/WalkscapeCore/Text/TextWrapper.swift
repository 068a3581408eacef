/// Wraps text to a number of terminal columns on spaces, measuring with `DisplayWidth` (wide characters
/// count two). Used for descriptions in the CLI and subtitles, descriptions and messages on screen.
public enum TextWrapper {
    /// The lines of `text` at most `width` columns wide (except, with `cutLongWords` off, a word longer than
    /// the width, which stays whole on its own line). Each `\n` starts a new paragraph; with
    /// `keepEmptyLines` an empty paragraph gives an empty line, otherwise it is dropped.
    public static func wrap(_ text: String, width: Int, cutLongWords: Bool = true, keepEmptyLines: Bool = false) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: !keepEmptyLines) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var piece = String(word)
                while cutLongWords && DisplayWidth.of(piece) > width {  // a word longer than the line: cut it
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                    }
                    var head = ""
                    for c in piece where DisplayWidth.of(head) + DisplayWidth.of(c) <= width { head.append(c) }
                    lines.append(head)
                    piece = String(piece.dropFirst(head.count))
                }
                let candidate = line.isEmpty ? piece : line + " " + piece
                if DisplayWidth.of(candidate) > width && !line.isEmpty {
                    lines.append(line)
                    line = piece
                } else {
                    line = candidate
                }
            }
            if keepEmptyLines || !line.isEmpty { lines.append(line) }
        }
        return lines
    }
}
