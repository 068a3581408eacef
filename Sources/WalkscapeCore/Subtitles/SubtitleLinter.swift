/// Finds cues that read but will not play well: empty, never shown, overlapping, too fast to read, or
/// past the end of their recording. Each problem is one warning naming the cue's time line.
public struct SubtitleLinter: Sendable {
    /// The reading speed above which a cue is reported, in display characters a second.
    public var maxCharactersPerSecond: Double

    public init(maxCharactersPerSecond: Double = 20) {
        self.maxCharactersPerSecond = maxCharactersPerSecond
    }

    /// The terminal width a cue is judged at (the common smallest), and the lines the player's subtitle box has
    /// for the current cue there (`SubtitleBox`: 4 rows less the previous cue's line, 2 columns of margin).
    public static let screenColumns = 80
    public static let boxLines = 3

    /// The lines `cue` needs in the player's subtitle box at `screenColumns` when more than `boxLines` (`more`:
    /// at least that many; the wrapping stops counting a few lines past the box, so a cue of a million characters
    /// costs no more than a short one); nil when it fits.
    public static func linesPastTheBox(_ cue: SubtitleCue) -> (lines: Int, more: Bool)? {
        let text = cue.displayText
        let width = screenColumns - 2
        let counted = width * 2 * (boxLines + 1)
        // Fewer characters than the box's lines cannot overflow it (each line holds at least one).
        guard text.count > boxLines else { return nil }
        let lines = TextWrapper.wrap(String(text.prefix(counted)), width: width).count
        guard lines > boxLines else { return nil }
        return (lines, text.count > counted)
    }

    /// The characters of a cue counted for reading speed: its `displayText` (no tags) without line breaks.
    public static func readingLength(_ cue: SubtitleCue) -> Int {
        cue.displayText.reduce(0) { $0 + ($1.isNewline ? 0 : 1) }
    }

    /// The warnings for `cues`, one per problem, sorted by line. With `audioDurationMs` (the length of the
    /// track's recording), cues that end after it are reported too.
    public func lint(_ cues: [SubtitleCue], audioDurationMs: Int? = nil) -> [SRTWarning] {
        lint(cues, audioDurationMs: audioDurationMs, limit: Int.max).items
    }

    /// The first `limit` warnings by line, and how many there are in all; messages are only written for the
    /// warnings kept, so a file of a million bad cues costs a counter.
    public func lint(_ cues: [SubtitleCue], audioDurationMs: Int? = nil, limit: Int) -> CappedList<SRTWarning> {
        var warnings = CappedList<SRTWarning>(limit: limit)
        let partners = overlapPartners(cues)
        // By line (cues come in file order; the sort only matters for cues built by hand), the cue's own
        // problems first, then its overlap.
        let order = cues.indices.sorted { (cues[$0].line, $0) < (cues[$1].line, $1) }
        for index in order {
            let cue = cues[index]
            let length = SubtitleLinter.readingLength(cue)
            let isBlank = cue.displayText.allSatisfy(\.isWhitespace)
            if isBlank {
                warnings.append(SRTWarning(line: cue.line, message: "empty cue (no text to show)"))
            }
            if !isBlank, let over = SubtitleLinter.linesPastTheBox(cue) {
                warnings.append(SRTWarning(line: cue.line, message:
                    "cue needs \(over.more ? "more than " : "")\(over.lines) lines on an \(SubtitleLinter.screenColumns)-column terminal; the player shows \(SubtitleLinter.boxLines) (its start is cut): split it into shorter cues"))
            }
            let duration = cue.endMs - cue.startMs
            if duration == 0 {
                warnings.append(SRTWarning(line: cue.line, message: "cue lasts 0 ms (starts and ends at \(SRTParser.formatTime(cue.startMs))), so it is never shown"))
            } else if !isBlank {
                let speed = Double(length) * 1000 / Double(duration)
                if speed > maxCharactersPerSecond {
                    warnings.append(SRTWarning(line: cue.line, message:
                        "reading speed \(formatFixed(speed, 1)) characters a second (\(length) in \(formatFixed(Double(duration) / 1000, 3)) s), over \(formatFixed(maxCharactersPerSecond, 0)); show it longer or shorten it"))
                }
            }
            if let audioDurationMs {
                if cue.startMs >= audioDurationMs {
                    warnings.append(SRTWarning(line: cue.line, message:
                        "cue starts at \(SRTParser.formatTime(cue.startMs)), after its audio ends (\(SRTParser.formatTime(audioDurationMs))), so it is never shown"))
                } else if cue.endMs > audioDurationMs {
                    warnings.append(SRTWarning(line: cue.line, message:
                        "cue ends at \(SRTParser.formatTime(cue.endMs)), after its audio ends (\(SRTParser.formatTime(audioDurationMs))); it is cut short"))
                }
            }
            let partner = partners[index]
            if partner >= 0 {
                let other = cues[partner]
                warnings.append(SRTWarning(line: cue.line, message:
                    "cue (\(SRTParser.formatTime(cue.startMs)) --> \(SRTParser.formatTime(cue.endMs))) overlaps the cue at line \(other.line) (\(SRTParser.formatTime(other.startMs)) --> \(SRTParser.formatTime(other.endMs))); both are shown at once"))
            }
        }
        return warnings
    }

    /// The parser's and the linter's warnings for `document` merged by line: the first `limit`, and the count
    /// of all (what `inspect`, `validate` and `listen` report for a subtitle file).
    public func warnings(for document: SubtitleDocument, audioDurationMs: Int? = nil, limit: Int = CappedList<SRTWarning>.defaultLimit) -> CappedList<SRTWarning> {
        let linted = lint(document.cues, audioDurationMs: audioDurationMs, limit: limit)
        let merged = (document.warnings + linted.items).enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        var result = CappedList<SRTWarning>(limit: limit)
        for warning in merged { result.append(warning) }
        result.countOmitted(document.omittedWarnings + linted.omitted)
        return result
    }

    /// For each cue, the index of the cue it overlaps, or -1: a cue overlaps when it starts while an
    /// earlier-starting cue is still showing, and names that cue (the one of them that ends last). Zero-length
    /// cues overlap nothing.
    func overlapPartners(_ cues: [SubtitleCue]) -> [Int] {
        let sorted = cues.indices.sorted { (cues[$0].startMs, $0) < (cues[$1].startMs, $1) }
        var partners = [Int](repeating: -1, count: cues.count)
        var latest = -1  // among the cues so far, the one that ends last
        for index in sorted where cues[index].endMs > cues[index].startMs {
            let cue = cues[index]
            if latest >= 0, cues[latest].endMs > cue.startMs { partners[index] = latest }
            if latest < 0 || cue.endMs > cues[latest].endMs { latest = index }
        }
        return partners
    }
}
