/// Finds cues that read but will not play well: empty, never shown, overlapping, too fast to read, or
/// past the end of their recording. Each problem is one warning naming the cue's time line.
public struct SubtitleLinter: Sendable {
    /// The reading speed above which a cue is reported, in display characters a second.
    public var maxCharactersPerSecond: Double

    public init(maxCharactersPerSecond: Double = 20) {
        self.maxCharactersPerSecond = maxCharactersPerSecond
    }

    /// The characters of a cue counted for reading speed: its `displayText` (no tags) without line breaks.
    public static func readingLength(_ cue: SubtitleCue) -> Int {
        cue.displayText.reduce(0) { $0 + ($1.isNewline ? 0 : 1) }
    }

    /// The warnings for `cues`, one per problem, sorted by line. With `audioDurationMs` (the length of the
    /// track's recording), cues that end after it are reported too.
    public func lint(_ cues: [SubtitleCue], audioDurationMs: Int? = nil) -> [SRTWarning] {
        var warnings: [SRTWarning] = []
        for cue in cues {
            let length = SubtitleLinter.readingLength(cue)
            let isBlank = cue.displayText.allSatisfy(\.isWhitespace)
            if isBlank {
                warnings.append(SRTWarning(line: cue.line, message: "empty cue (no text to show)"))
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
        }
        warnings += overlaps(cues)
        return warnings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    /// One warning per cue that starts while an earlier-starting cue is still showing, naming that cue
    /// (the one of them that ends last). Zero-length cues overlap nothing.
    func overlaps(_ cues: [SubtitleCue]) -> [SRTWarning] {
        let sorted = cues.enumerated().sorted { ($0.element.startMs, $0.offset) < ($1.element.startMs, $1.offset) }.map(\.element)
        var warnings: [SRTWarning] = []
        var latest: SubtitleCue?  // among the cues so far, the one that ends last
        for cue in sorted where cue.endMs > cue.startMs {
            if let other = latest, other.endMs > cue.startMs {
                warnings.append(SRTWarning(line: cue.line, message:
                    "cue (\(SRTParser.formatTime(cue.startMs)) --> \(SRTParser.formatTime(cue.endMs))) overlaps the cue at line \(other.line) (\(SRTParser.formatTime(other.startMs)) --> \(SRTParser.formatTime(other.endMs))); both are shown at once"))
            }
            if latest.map({ cue.endMs > $0.endMs }) ?? true { latest = cue }
        }
        return warnings
    }
}
