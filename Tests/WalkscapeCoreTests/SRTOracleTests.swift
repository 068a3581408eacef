import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Differential tests: every SubRip file in `../shared/real/srt/` read by `SRTParser` against what the Python
/// `srt` library (strict) and `pysrt` (lenient) say about it in `../shared/real/oracle.json` (key "srt"),
/// skipped when `../shared/real` is absent.
///
/// By default walkscape must agree with `srt` on everything the oracle records: cue count, first/last start
/// and end, first/last index, first cue's text, and the encoding and line ends. Where it disagrees on
/// purpose, `acceptedDisagreements` says what walkscape reads instead and why. The files are read from
/// there, never copied into the repository (licences: see ../shared/real/SOURCES.md).
@Suite struct SRTOracleTests {
    static let realDirectory: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/real").path
    }()

    static var available: Bool { FileManager.default.fileExists(atPath: realDirectory + "/oracle.json") }

    /// What is compared for one file.
    struct Facts: Equatable, CustomStringConvertible {
        var cues: Int
        var first: [Int]  // [start, end] of the first cue in file order
        var last: [Int]
        var firstIndex: Int?
        var lastIndex: Int?
        /// The first cue's text; nil when not compared.
        var firstContent: String?

        var description: String {
            "\(cues) cues, first \(first) #\(firstIndex.map(String.init) ?? "-"), last \(last) #\(lastIndex.map(String.init) ?? "-"), first text \(firstContent.map { "\"\($0)\"" } ?? "(not compared)")"
        }
    }

    /// A file where walkscape reads something else than the `srt` library, on purpose.
    struct Disagreement {
        /// What walkscape reads.
        var facts: Facts
        /// The warnings' lines walkscape reports (0 = the whole file).
        var warningLines: [Int]
        var why: String
    }

    static let upstreamTypical = "This is the first subtitle."

    /// Every file where walkscape and `srt` differ, with what walkscape reads and why that is right.
    static let acceptedDisagreements: [String: Disagreement] = [
        // CR-only line ends (old Mac). `srt` knows only LF/CRLF: strict raises, lenient finds 0 cues. pysrt
        // and go-astisub (the file's source) read 3 cues; so does walkscape, with pysrt's times.
        "example-in-carriage-return.srt": Disagreement(
            facts: Facts(cues: 3, first: [0, 3766], last: [10733, 14066], firstIndex: 1, lastIndex: 3,
                firstContent: "Did one of the last stories strike you as\nmore interesting than the other?"),
            warningLines: [], why: "CR-only line ends; agrees with pysrt"),
        // Two-digit fractions ("00:01:41,04"). Both Python libraries read the digits as a count of
        // milliseconds (4 ms); walkscape reads them as a decimal fraction of a second (40 ms), as go-astisub,
        // the file's source, asserts in its own tests (1m41.040s, 2m4.080s, …). Same 6 cues as `srt`
        // (pysrt drops the first, "00:01:39" having no milliseconds); the ms differ by design.
        "example-in-non-utf8.srt": Disagreement(
            facts: Facts(cues: 6, first: [99000, 101_040], last: [151_400, 153_440], firstIndex: 1, lastIndex: 6,
                firstContent: "(deep rumbling)"),
            warningLines: [], why: "short fractions are decimal (go-astisub's reading)"),
        // Cue 2 has no time line. `srt` glues "2" and its text onto cue 1's text; walkscape skips cue 2
        // with a warning at its line (5) and keeps cue 1's text alone. Counts and times agree.
        "missing_timeframe.srt": Disagreement(
            facts: Facts(cues: 4, first: [500, 7000], last: [21580, 23880], firstIndex: 1, lastIndex: 5, firstContent: "Caption text #1"),
            warningLines: [5], why: "a cue without a time line is skipped, not glued onto the previous one"),
        // ExoPlayer's fixture (upstream cues [0,1234] and [7204567,7208901]): cue 2 lacks its time line, cues 4
        // and 5 have half a time line. `srt` strict raises; lenient glues cue 2 onto cue 1; pysrt makes 4 cues
        // (one ending at 0). walkscape matches ExoPlayer's expectation, one warning per dropped cue.
        "typical_missing_timecode.srt": Disagreement(
            facts: Facts(cues: 2, first: [0, 1234], last: [7_204_567, 7_208_901], firstIndex: 1, lastIndex: 3, firstContent: upstreamTypical),
            warningLines: [5, 14, 18], why: "ExoPlayer's expectation; cues 2, 4, 5 dropped with warnings"),
        // Negative times: `srt` strict raises; lenient and pysrt drop the sign (so cue 1 ends before it starts).
        // walkscape drops both cues with negative times, with a warning each, as ExoPlayer expects.
        "typical_negative_timestamps.srt": Disagreement(
            facts: Facts(cues: 1, first: [7_204_567, 7_208_901], last: [7_204_567, 7_208_901], firstIndex: 3, lastIndex: 3,
                firstContent: "This is the third subtitle."),
            warningLines: [2, 6], why: "negative times are malformed; ExoPlayer's expectation"),
        // "00:00,000 --> 00:01,234" (no hours) and "00:00:02 --> 00:00:03" (no millis). `srt` misreads
        // "00:01,234" as 0 h 1 min 234 s (end 294000 ms); pysrt drops both cues. walkscape reads MM:SS,mmm and
        // HH:MM:SS as ExoPlayer expects: [0,1234], [2000,3000], [7204567,7208901].
        "typical_no_hours_and_millis.srt": Disagreement(
            facts: Facts(cues: 3, first: [0, 1234], last: [7_204_567, 7_208_901], firstIndex: 1, lastIndex: 3, firstContent: upstreamTypical),
            warningLines: [], why: "short time forms; ExoPlayer's expectation (srt misreads, pysrt drops)"),
        // An extra blank line after cue 1: `srt` keeps it as a trailing "\n" in the text; walkscape ends a
        // cue's text at its first blank line (the blank line belongs to no cue). Everything else agrees.
        "typical_extra_blank_line.srt": Disagreement(
            facts: Facts(cues: 3, first: [0, 1234], last: [7_204_567, 7_208_901], firstIndex: 1, lastIndex: 3, firstContent: upstreamTypical),
            warningLines: [], why: "no trailing newline in the text"),
        // A lone cue number at the end of the file: both libraries ignore it silently; walkscape too, but
        // says so (line 10), since a cut-off file is worth knowing about.
        "typical_unexpected_end.srt": Disagreement(
            facts: Facts(cues: 2, first: [0, 1234], last: [2345, 3456], firstIndex: 1, lastIndex: 2, firstContent: upstreamTypical),
            warningLines: [10], why: "same cues; a warning for the dangling cue number"),
    ]

    /// Legacy code pages that are not Windows-1252. walkscape does not guess code pages: bytes that are not
    /// UTF-8 are read as Windows-1252 and the file gets a warning saying so (line 0). Cue counts, times and
    /// indices are ASCII and must agree; the text is mojibake, so it is not compared (the fix for authors is
    /// the warning's: save the file as UTF-8).
    static let otherCodePages: Set<String> = ["cp949", "gb2312", "cp1251", "cp1255", "cp1256", "cp874"]

    static func oracle() throws -> JSONValue {
        let data = try Data(contentsOf: URL(fileURLWithPath: realDirectory + "/oracle.json"))
        return try JSONParser().parse([UInt8](data))
    }

    static func facts(_ summary: JSONValue) -> Facts? {
        guard let cues = summary["cues"]?.intValue else { return nil }
        func ms(_ key: String) -> Int { summary[key]?.intValue ?? -1 }
        return Facts(
            cues: cues, first: [ms("first_start_ms"), ms("first_end_ms")], last: [ms("last_start_ms"), ms("last_end_ms")],
            firstIndex: summary["first_index"]?.intValue, lastIndex: summary["last_index"]?.intValue,
            firstContent: summary["first_content"]?.stringValue)
    }

    static func facts(_ document: SubtitleDocument, compareText: Bool) -> Facts {
        let first = document.cues.first
        let last = document.cues.last
        return Facts(
            cues: document.cues.count, first: [first?.startMs ?? -1, first?.endMs ?? -1], last: [last?.startMs ?? -1, last?.endMs ?? -1],
            firstIndex: first?.index, lastIndex: last?.index, firstContent: compareText ? first?.text : nil)
    }

    /// The encoding walkscape must report for the oracle's `decoded_as`.
    static func encoding(for decodedAs: String) -> TextDecoder.Encoding? {
        switch decodedAs {
        case "bom:utf-8-sig": return .utf8BOM
        case "bom:utf-16-le": return .utf16LE
        case "bom:utf-16-be": return .utf16BE
        case "default:utf-8": return .utf8
        case let legacy where legacy.hasPrefix("legacy:"): return .windows1252
        default: return nil
        }
    }

    @Test(.enabled(if: SRTOracleTests.available)) func everyRealSRTFileAgreesWithTheOracle() throws {
        let oracle = try Self.oracle()
        guard let files = oracle["srt"]?.objectMembers else {
            Issue.record("oracle.json has no \"srt\" object")
            return
        }
        expectEqual(files.count, 30)
        var used = Set<String>()
        for (key, entry) in files {
            let name = String(key.dropFirst("srt/".count))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.realDirectory + "/" + key)))
            let document = SRTParser().parse(bytes)
            let decodedAs = entry["decoded_as"]?.stringValue ?? ""
            let codePage = decodedAs.hasPrefix("legacy:") ? String(decodedAs.dropFirst("legacy:".count)) : nil

            // Encoding, and the legacy warning exactly when the file is not Unicode.
            expectEqual(document.encoding, Self.encoding(for: decodedAs), "\(name): read as \(document.encoding.rawValue), oracle \(decodedAs)")
            expectEqual(document.warnings.contains { $0.line == 0 }, (codePage != nil), "\(name): \(document.warnings)")

            // Line ends: walkscape splits into as many lines as the oracle counts line ends (+1 for a last
            // line without one).
            let text = TextDecoder.decode(bytes).text
            let ends = ["crlf", "lf_only", "cr_only"].compactMap { entry["line_endings"]?[$0]?.intValue }.reduce(0, +)
            let endsWithBreak = text.last.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" } ?? false
            expectEqual(SRTParser.splitLines(text).count, ends + (endsWithBreak || text.isEmpty ? 0 : 1), "\(name): line count")

            let fileLines = document.warnings.filter { $0.line > 0 }.map(\.line)
            if let accepted = Self.acceptedDisagreements[name] {
                used.insert(name)
                expectEqual(Self.facts(document, compareText: true), accepted.facts, "\(name) (\(accepted.why))")
                expectEqual(fileLines, accepted.warningLines, "\(name): \(document.warnings)")
                // The disagreement must still be one: otherwise the entry is stale.
                expectTrue(entry["srt"].flatMap(Self.facts) != accepted.facts || !accepted.warningLines.isEmpty, "\(name): now agrees with srt; remove the entry")
                continue
            }
            guard var expected = entry["srt"].flatMap(Self.facts) else {
                Issue.record("\(name): srt could not read it and no disagreement is recorded")
                continue
            }
            let compareText = codePage == nil || codePage == "cp1252"
            if !compareText { expected.firstContent = nil }
            expectEqual(Self.facts(document, compareText: compareText), expected, "\(name)")
            expectEqual(fileLines, [], "\(name): \(document.warnings)")
            // pysrt is lenient and mostly agrees; where it does, the counts must match too.
            if let pysrt = entry["pysrt"], let count = pysrt["cues"]?.intValue, count == expected.cues {
                expectTrue(pysrt["first_start_ms"]?.intValue == expected.first[0] && pysrt["last_end_ms"]?.intValue == expected.last[1], "\(name): pysrt")
            }
        }
        expectEqual(used, Set(Self.acceptedDisagreements.keys), "stale entries: \(Set(Self.acceptedDisagreements.keys).subtracting(used))")
    }

    /// ExoPlayer's expectations for the tag fixture: `{\anN}` and other `{\…}` overrides are stripped for
    /// display, `{ \an2}` (a space after the brace) is not a tag, and three-digit seconds ("00:00:013,567") read.
    @Test(.enabled(if: SRTOracleTests.available)) func theTagFixtureDisplaysAsExoPlayerExpects() throws {
        let oracle = try Self.oracle()
        let document = SRTParser().parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.realDirectory + "/srt/typical_with_tags.srt"))))
        guard let texts = oracle["srt"]?["srt/typical_with_tags.srt"]?["upstream"]?["texts"]?.objectMembers else {
            Issue.record("oracle.json lacks ExoPlayer's texts for typical_with_tags.srt")
            return
        }
        expectEqual(texts.count, 3)
        for (number, expected) in texts {
            let cue = document.cues.first { $0.index == Int(number) }
            expectTrue(cue?.displayText == expected.stringValue, "cue \(number)")
        }
        expectTrue(document.cues.first { $0.index == 5 }?.startMs == 13567)
    }

    /// The film-length pair (pysrt's fixtures): the same 1332 cues whether stored as UTF-8/LF or cp1252/CRLF,
    /// including cue number 0, and every cue's text identical once decoded.
    @Test(.enabled(if: SRTOracleTests.available)) func theUTF8AndWindows1252FilmSubtitlesAreTheSame() throws {
        func read(_ name: String) throws -> SubtitleDocument {
            SRTParser().parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.realDirectory + "/srt/" + name))))
        }
        let utf8 = try read("utf-8.srt")
        let legacy = try read("windows-1252.srt")
        expectEqual(utf8.cues.count, 1332)
        expectTrue(utf8.cues.first?.index == 0)
        expectEqual(utf8.cues.map(\.text), legacy.cues.map(\.text))
        expectEqual(utf8.cues.map(\.startMs), legacy.cues.map(\.startMs))
        expectEqual(legacy.encoding, .windows1252)
    }

    /// The SubRip capability tester: a zero-length first cue is kept, every tag is stripped for display.
    @Test(.enabled(if: SRTOracleTests.available)) func theCapabilityTesterKeepsItsZeroLengthCueAndStripsTags() throws {
        let document = SRTParser().parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.realDirectory + "/srt/capability_tester.srt"))))
        expectEqual(document.cues.first.map { $0.startMs == $0.endMs }, true)
        for cue in document.cues {
            let shown = cue.displayText
            for tag in ["<b>", "<i>", "</font>", "<font", "{\\an"] {
                expectTrue(!shown.contains(tag), "line \(cue.line): \(shown)")
            }
        }
    }
}
