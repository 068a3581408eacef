/// Wraps text to a number of terminal columns on spaces, measuring with `DisplayWidth` (wide characters
/// count two). Used for descriptions in the CLI and subtitles, descriptions and messages on screen.
///
/// Linear in the text's length: each character is measured once. (It used to measure a long word's remainder
/// again for every line cut from it, and every head again for every character: a 50,000-character word in a
/// subtitle cue kept the player from drawing its first frame for minutes.)
public enum TextWrapper {
    /// The lines of `text` at most `width` columns wide (except, with `cutLongWords` off, a word longer than
    /// the width, which stays whole on its own line, and a single character wider than the width). Each `\n`
    /// starts a new paragraph; with `keepEmptyLines` an empty paragraph gives an empty line, otherwise it is
    /// dropped.
    public static func wrap(_ text: String, width: Int, cutLongWords: Bool = true, keepEmptyLines: Bool = false) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: !keepEmptyLines) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var piece = String(word)
                var pieceWidth = DisplayWidth.of(word)
                if cutLongWords && pieceWidth > width {
                    // A word longer than the line: cut into lines of at most `width` columns, the last piece
                    // left to join what follows.
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    var head = ""
                    var headWidth = 0
                    for character in word {
                        let characterWidth = DisplayWidth.of(character)
                        if headWidth + characterWidth > width && !head.isEmpty {
                            lines.append(head)
                            head = ""
                            headWidth = 0
                        }
                        head.append(character)
                        headWidth += characterWidth
                    }
                    piece = head
                    pieceWidth = headWidth
                }
                if line.isEmpty {
                    line = piece
                    lineWidth = pieceWidth
                } else if lineWidth + 1 + pieceWidth > width {
                    lines.append(line)
                    line = piece
                    lineWidth = pieceWidth
                } else {
                    line += " " + piece
                    lineWidth += 1 + pieceWidth
                }
            }
            if keepEmptyLines || !line.isEmpty { lines.append(line) }
        }
        return lines
    }
}
