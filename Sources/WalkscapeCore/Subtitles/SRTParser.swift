import Foundation

/// Reads SubRip subtitles as real files have them.
///
/// Survives: UTF-8 with or without BOM, UTF-16 LE/BE, legacy 8-bit files (Windows-1252, reported),
/// CRLF/CR line ends, missing blank lines between cues, missing or non-numeric indices, `.` instead of `,`
/// before the milliseconds, short times (`MM:SS,mmm`, `HH:MM:SS`), and text after the times (positions).
/// Malformed cues (no time line, a missing, negative or unreadable time, an end before the start) are
/// skipped with a warning naming their line; the rest of the file is kept. Overlapping and zero-length
/// cues are kept as they are. See docs/subtitles.md.
public struct SRTParser {
    /// The largest subtitle file any command reads: 16 MiB (a two-hour film's subtitles are ~100 kB). Parsing
    /// costs about 9 bytes of memory per byte read (the text, its lines), so this bounds it near 150 MB.
    public static let maxFileBytes = 16 * 1024 * 1024

    /// The most warnings kept per file (the rest are counted in `SubtitleDocument.omittedWarnings`).
    public var warningLimit: Int

    public init(warningLimit: Int = CappedList<SRTWarning>.defaultLimit) {
        self.warningLimit = warningLimit
    }

    /// Parses a file's bytes.
    public func parse(_ bytes: [UInt8]) -> SubtitleDocument {
        let decoded = TextDecoder.decode(bytes)
        var document = parse(text: decoded.text)
        document.encoding = decoded.encoding
        if decoded.isLegacyGuess {
            document.warnings.insert(
                SRTWarning(line: 0, message: "not valid UTF-8, read as Windows-1252; save the file as UTF-8 to be sure"),
                at: 0)
            if document.warnings.count > warningLimit {
                document.warnings.removeLast()
                document.omittedWarnings += 1
            }
        }
        return document
    }

    /// Whether `bytes` (the start of a file is enough) look like SubRip: the first line that is not blank
    /// is a time line (`… --> …`), or a cue number followed by one.
    public static func looksLikeSubRip(_ bytes: [UInt8]) -> Bool {
        let head = TextDecoder.decode(Array(bytes.prefix(4096))).text
        let lines = splitLines(head).drop { $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" } }
        guard let first = lines.first else { return false }
        if first.contains("-->") { return parseTimes(first).isSuccess }
        let number = first.trimmingSpaces()
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }), let second = lines.dropFirst().first else { return false }
        return parseTimes(second).isSuccess
    }

    /// Parses decoded text.
    public func parse(text: String) -> SubtitleDocument {
        let lines = SRTParser.splitLines(text)
        var cues: [SubtitleCue] = []
        var warnings = CappedList<SRTWarning>(limit: warningLimit)
        var i = 0
        func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" } }
        func isIndex(_ line: Substring) -> Bool {
            let t = line.trimmingSpaces()
            return !t.isEmpty && t.count < 10 && t.allSatisfy { $0.isASCII && $0.isNumber }
        }
        func looksLikeTime(_ line: Substring) -> Bool { line.contains("-->") }
        func startsCue(at k: Int) -> Bool {
            guard k < lines.count else { return false }
            if looksLikeTime(lines[k]) { return true }
            return isIndex(lines[k]) && k + 1 < lines.count && looksLikeTime(lines[k + 1])
        }

        while i < lines.count {
            if isBlank(lines[i]) {
                i += 1
                continue
            }
            var index: Int?
            if !looksLikeTime(lines[i]) {
                if i + 1 < lines.count, looksLikeTime(lines[i + 1]) {
                    let label = lines[i].trimmingSpaces()
                    index = Int(label)
                    if index == nil {
                        warnings.append(SRTWarning(line: i + 1, message: "cue number \"\(label)\" is not a number (kept the cue)"))
                    }
                    i += 1
                } else {
                    warnings.append(
                        SRTWarning(line: i + 1, message: "expected a cue number or a time line like \"00:00:01,000 --> 00:00:02,500\", got \"\(SRTParser.excerpt(lines[i]))\"; skipped up to the next blank line"))
                    while i < lines.count && !isBlank(lines[i]) && !startsCue(at: i) { i += 1 }
                    continue
                }
            }
            let timeLine = i
            let times = SRTParser.parseTimes(lines[i])
            i += 1
            var textLines: [Substring] = []
            while i < lines.count && !isBlank(lines[i]) && !startsCue(at: i) {
                textLines.append(lines[i])
                i += 1
            }
            switch times {
            case let .failure(problem):
                warnings.append(SRTWarning(line: timeLine + 1, message: problem.message + "; cue skipped"))
            case let .success((start, end)):
                if end < start {
                    warnings.append(
                        SRTWarning(line: timeLine + 1, message: "cue ends (\(SRTParser.formatTime(end))) before it starts (\(SRTParser.formatTime(start))); cue skipped"))
                } else {
                    cues.append(SubtitleCue(index: index, startMs: start, endMs: end, text: textLines.joined(separator: "\n"), line: timeLine + 1))
                }
            }
        }
        return SubtitleDocument(cues: cues, encoding: .utf8, warnings: warnings.items, omittedWarnings: warnings.omitted)
    }

    struct TimeProblem: Error { var message: String }

    /// Parses `00:00:01,000 --> 00:00:02,500` (with tolerance), returning milliseconds.
    static func parseTimes(_ line: Substring) -> Result<(Int, Int), TimeProblem> {
        let parts = line.components(separatedBy: "-->")
        guard parts.count == 2 else {
            return .failure(TimeProblem(message: "expected one \"-->\" in the time line \"\(excerpt(line))\""))
        }
        let startText = Substring(parts[0]).trimmingSpaces()
        let endField = Substring(parts[1]).trimmingSpaces()
        // Anything after the end time (SubRip position coordinates "X1:…") is ignored.
        let endText = endField.prefix(while: { $0 != " " && $0 != "\t" })
        func problem(_ which: String, _ text: Substring) -> TimeProblem {
            if text.isEmpty { return TimeProblem(message: "the \(which) time is missing in \"\(excerpt(line))\"") }
            if text.hasPrefix("-") { return TimeProblem(message: "\(which) time \"\(excerpt(text))\" is negative") }
            return TimeProblem(message: "\(which) time \"\(excerpt(text))\" is not HH:MM:SS,mmm")
        }
        guard let start = parseTime(startText) else { return .failure(problem("start", startText)) }
        guard let end = parseTime(endText) else { return .failure(problem("end", endText)) }
        return .success((start, end))
    }

    /// Parses `HH:MM:SS,mmm` into milliseconds, with the tolerance real files need: `.` for `,`, one or more
    /// hour digits, 1–3 fraction digits read as a decimal fraction of a second (`,5` = 500 ms, `,04` = 40 ms),
    /// minutes and seconds of 1–3 digits (below 60), and the short forms `MM:SS,mmm` (no hours) and `HH:MM:SS` (no fraction). Negative times are nil.
    public static func parseTime(_ text: Substring) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        func digits(_ field: Substring, maxCount: Int) -> Int? {
            guard !field.isEmpty, field.count <= maxCount, field.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(field)
        }
        let secondField = fields[fields.count - 1]
        let separator = secondField.firstIndex(where: { $0 == "," || $0 == "." })
        let secondsText = separator.map { secondField[..<$0] } ?? secondField
        var milliseconds = 0
        if let separator {
            let fractionText = secondField[secondField.index(after: separator)...]
            guard let fraction = digits(fractionText, maxCount: 3) else { return nil }
            milliseconds = fraction
            for _ in fractionText.count..<3 { milliseconds *= 10 }
        } else if fields.count == 2 {
            return nil  // "01:02" alone is too ambiguous (MM:SS or HH:MM)
        }
        // Up to 3 digits: some writers zero-pad to three ("00:00:013,567"); the value must still be < 60.
        guard let seconds = digits(secondsText, maxCount: 3), seconds < 60,
            let minutes = digits(fields[fields.count - 2], maxCount: 3), minutes < 60
        else { return nil }
        var hours = 0
        if fields.count == 3 {
            guard let h = digits(fields[0], maxCount: 9) else { return nil }
            hours = h
        }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    }

    /// Formats milliseconds as `HH:MM:SS,mmm`.
    public static func formatTime(_ ms: Int) -> String {
        let sign = ms < 0 ? "-" : ""
        let v = abs(ms)
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return sign + pad(v / 3_600_000, 2) + ":" + pad(v / 60_000 % 60, 2) + ":" + pad(v / 1000 % 60, 2) + "," + pad(v % 1000, 3)
    }

    static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        // "\r\n" is one Character in Swift, so CRLF, CR and LF are each one step here.
        while index < text.endIndex {
            let c = text[index]
            if c == "\n" || c == "\r" || c == "\r\n" {
                lines.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        if start < text.endIndex { lines.append(text[start...]) }
        return lines
    }

    static func excerpt(_ line: Substring) -> String {
        let clean = String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return clean.count > 50 ? String(clean.prefix(50)) + "…" : clean
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
