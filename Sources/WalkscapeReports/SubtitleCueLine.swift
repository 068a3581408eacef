import WalkscapeCore

/// A subtitle cue as `listen` prints it: where it is heard, then its text on one line.
public enum SubtitleCueLine {
    /// `[MM:SS.mmm] text`, lines joined with " / "; the time is where the cue is heard at `speed` (its start
    /// in the recording ÷ speed).
    public static func cueLine(_ cue: SubtitleCue, speed: Double = 1) -> String {
        let text = cue.displayText.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " / ")
        let heardMs = speed == 1 ? cue.startMs : Int((Double(cue.startMs) / speed).rounded())
        return "[\(cueTime(heardMs))] \(TerminalText.sanitize(text))"
    }

    /// `MM:SS.mmm` (minutes not wrapped at the hour).
    public static func cueTime(_ ms: Int) -> String {
        let v = max(0, ms)
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return pad(v / 60_000, 2) + ":" + pad(v / 1000 % 60, 2) + "." + pad(v % 1000, 3)
    }
}
