import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem

/// `walkscape inspect` on a SubRip file: its encoding, cues, time span, reading speed and warnings.
public enum SubtitleFileInspection {
    /// The largest subtitle file `inspect` reads (as `walkscape validate`).
    public static let maxSubtitleBytes = SRTParser.maxFileBytes

    /// Whether `path` is a subtitle file: named `.srt`, or starting like SubRip whatever its name.
    public static func isSubtitleFile(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".srt") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096) else { return false }
        return SRTParser.looksLikeSubRip([UInt8](head))
    }

    public static func run(_ file: String, json: Bool, console: Console) throws {
        try console.requireRegularFile(file, shownAs: TerminalText.sanitize(file), expected: "a subtitle file")
        guard let data = FileManager.default.contents(atPath: file) else {
            console.error(TerminalText.sanitize(file) + ": cannot be read")
            throw CommandExit(.usage)
        }
        guard data.count <= Self.maxSubtitleBytes else {
            console.error(TerminalText.sanitize(file) + ": larger than 16 MiB; not a subtitle file")
            throw CommandExit(.failure)
        }
        let document = SRTParser().parse([UInt8](data))
        let warnings = SubtitleLinter().warnings(for: document)
        if json {
            console.write(JSONWriter(pretty: false).write(subtitlesJSON(document, warnings: warnings)) + "\n")
        } else {
            for line in subtitlesText(document, warnings: warnings, file: file) { console.line(line) }
        }
        if document.cues.isEmpty {
            console.error(TerminalText.sanitize(file) + ": no subtitle cues could be read; expected SubRip cues like \"1\\n00:00:01,000 --> 00:00:03,500\\nText\"")
            throw CommandExit(.failure)
        }
    }

    public static func subtitlesJSON(_ document: SubtitleDocument, warnings: CappedList<SRTWarning>) -> JSONValue {
        let first = document.cues.map(\.startMs).min()
        let last = document.cues.map(\.endMs).max()
        return .object([
            ("kind", .string("subtitles")), ("encoding", .string(document.encoding.rawValue)),
            ("cues", .integer(document.cues.count)),
            ("firstStartMs", first.map { .integer($0) } ?? .null), ("lastEndMs", last.map { .integer($0) } ?? .null),
            ("warnings", .array(warnings.items.map { .string($0.description) })),
            ("warningCount", .integer(warnings.total)),
        ])
    }

    public static func subtitlesText(_ document: SubtitleDocument, warnings: CappedList<SRTWarning>, file: String) -> [String] {
        let encoding: String
        switch document.encoding {
        case .utf8: encoding = "UTF-8"
        case .utf8BOM: encoding = "UTF-8 with byte order mark"
        case .utf16LE: encoding = "UTF-16 little-endian"
        case .utf16BE: encoding = "UTF-16 big-endian"
        case .windows1252: encoding = "Windows-1252 (not valid UTF-8, so a guess)"
        }
        var facts = TextTable(["", ""])
        facts.add(["Format", "SubRip (.srt)"])
        facts.add(["Encoding", encoding])
        facts.add(["Cues", String(document.cues.count)])
        if let first = document.cues.min(by: { $0.startMs < $1.startMs }), let last = document.cues.max(by: { $0.endMs < $1.endMs }) {
            facts.add(["First", SRTParser.formatTime(first.startMs) + "  (line \(first.line))"])
            facts.add(["Last end", SRTParser.formatTime(last.endMs) + "  (line \(last.line))"])
            let text = document.cues[0].displayText.split(whereSeparator: \.isNewline).joined(separator: " / ")
            facts.add(["First text", TerminalText.sanitize(text.count > 60 ? String(text.prefix(60)) + "…" : text)])
            let speeds = document.cues.filter { $0.endMs > $0.startMs }.map { Double(SubtitleLinter.readingLength($0)) * 1000 / Double($0.endMs - $0.startMs) }
            if let fastest = speeds.max() { facts.add(["Fastest", formatFixed(fastest, 1) + " characters a second"]) }
        }
        facts.add(["Warnings", warnings.total == 0 ? "none" : String(warnings.total)])
        var lines = [TerminalText.sanitize(file)]
        lines += facts.render().dropFirst()
        for warning in warnings.items { lines.append("warning: " + TerminalText.sanitize(warning.description)) }
        if let more = warnings.moreLine() { lines.append(more) }
        return lines
    }
}
