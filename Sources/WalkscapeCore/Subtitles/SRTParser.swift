import Foundation

/// The cues of a SubRip (.srt) file, the encoding it was read as, and what was wrong with it.
public struct SubtitleDocument: Sendable {
    public var cues: [SubtitleCue]
    public var encoding: TextDecoder.Encoding
    /// Problems that did not stop reading: each names its line, the cue is skipped, the rest plays.
    public var warnings: [SRTWarning]
}

/// A problem in a subtitle file, at a line (from 1; 0 for the whole file).
public struct SRTWarning: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// Reads SubRip subtitles as real files have them.
///
/// Survives: UTF-8 with or without BOM, UTF-16 LE/BE, legacy 8-bit files (Windows-1252, reported),
/// CRLF/CR line ends, missing blank lines between cues, missing or non-numeric indices, `.` instead of `,`
/// before the milliseconds, and text after the times (positions). Malformed cues are skipped with a
/// warning naming their line; the rest of the file is kept.
public struct SRTParser {
    public init() {}

    /// Parses a file's bytes.
    public func parse(_ bytes: [UInt8]) -> SubtitleDocument {
        let decoded = TextDecoder.decode(bytes)
        var document = parse(text: decoded.text)
        document.encoding = decoded.encoding
        if decoded.isLegacyGuess {
            document.warnings.insert(
                SRTWarning(line: 0, message: "not valid UTF-8, read as Windows-1252; save the file as UTF-8 to be sure"),
                at: 0)
        }
        return document
    }

    /// Parses decoded text.
    public func parse(text: String) -> SubtitleDocument {
        let lines = SRTParser.splitLines(text)
        var cues: [SubtitleCue] = []
        var warnings: [SRTWarning] = []
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
        return SubtitleDocument(cues: cues, encoding: .utf8, warnings: warnings)
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
        guard let start = parseTime(startText) else {
            return .failure(TimeProblem(message: "start time \"\(startText)\" is not HH:MM:SS,mmm"))
        }
        guard let end = parseTime(endText) else {
            return .failure(TimeProblem(message: "end time \"\(endText)\" is not HH:MM:SS,mmm"))
        }
        return .success((start, end))
    }

    /// Parses `HH:MM:SS,mmm` (also `.` for `,`, one or more hour digits, 1–3 millisecond digits) into ms.
    public static func parseTime(_ text: Substring) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        guard let hours = Int(fields[0]), hours >= 0, fields[0].allSatisfy(\.isNumber),
            let minutes = Int(fields[1]), (0..<60).contains(minutes), fields[1].count <= 2,
            fields[1].allSatisfy(\.isNumber)
        else { return nil }
        let secondField = fields[2]
        guard let separator = secondField.firstIndex(where: { $0 == "," || $0 == "." }) else { return nil }
        let secondsText = secondField[..<separator]
        let fractionText = secondField[secondField.index(after: separator)...]
        guard let seconds = Int(secondsText), (0..<60).contains(seconds), secondsText.count <= 2,
            secondsText.allSatisfy(\.isNumber), (1...3).contains(fractionText.count),
            fractionText.allSatisfy(\.isNumber), let fraction = Int(fractionText)
        else { return nil }
        var milliseconds = fraction
        for _ in fractionText.count..<3 { milliseconds *= 10 }
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
