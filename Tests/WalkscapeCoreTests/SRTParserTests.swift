import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

@Suite struct SRTParserTests {
    let typical = "1\n00:00:01,000 --> 00:00:03,500\nHello\nworld\n\n2\n00:00:04,000 --> 00:00:05,250\nSecond\n"

    @Test func parsesATypicalFile() {
        let doc = SRTParser().parse(Array(typical.utf8))
        expectEqual(doc.encoding, .utf8)
        expectTrue(doc.warnings.isEmpty)
        expectEqual(doc.cues, [
            SubtitleCue(index: 1, startMs: 1000, endMs: 3500, text: "Hello\nworld", line: 2),
            SubtitleCue(index: 2, startMs: 4000, endMs: 5250, text: "Second", line: 7),
        ])
    }

    @Test func sameCuesWhateverTheLineEndsAndBOM() {
        let crlf = typical.replacingOccurrences(of: "\n", with: "\r\n")
        let cr = typical.replacingOccurrences(of: "\n", with: "\r")
        let expected = SRTParser().parse(Array(typical.utf8)).cues.map { [$0.startMs, $0.endMs] }
        for bytes in [Array(crlf.utf8), Array(cr.utf8), [0xEF, 0xBB, 0xBF] + Array(typical.utf8)] {
            expectEqual(SRTParser().parse(bytes).cues.map { [$0.startMs, $0.endMs] }, expected)
        }
        expectEqual(SRTParser().parse([0xEF, 0xBB, 0xBF] + Array(typical.utf8)).encoding, .utf8BOM)
    }

    @Test func readsUTF16BothWaysWithAndWithoutBOM() {
        let units = Array(typical.utf16)
        let le = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        expectEqual(SRTParser().parse([0xFF, 0xFE] + le).encoding, .utf16LE)
        expectEqual(SRTParser().parse([0xFE, 0xFF] + be).encoding, .utf16BE)
        expectEqual(SRTParser().parse(le).encoding, .utf16LE)
        expectEqual(SRTParser().parse(be).cues.count, 2)
    }

    @Test func legacyBytesAreReadAsWindows1252AndSaidSo() {
        var bytes = Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8)
        bytes += [0xE9, 0x20, 0x80, 0x0A]
        let doc = SRTParser().parse(bytes)
        expectEqual(doc.encoding, .windows1252)
        expectTrue(doc.cues.first?.text == "Café €")
        expectTrue(doc.warnings.first?.message.contains("Windows-1252") == true)
    }

    @Test func toleratesMissingBlankLinesIndicesAndDots() {
        let text = "00:00:01.000 --> 00:00:02.000\nNo index\n2\n00:00:03,5 --> 00:00:04,25 X1:10 X2:20\nshort millis\n\nabc\n00:00:05,000 --> 00:00:06,000\nlabelled"
        let doc = SRTParser().parse(text: text)
        expectEqual(doc.cues.map(\.startMs), [1000, 3500, 5000])
        expectEqual(doc.cues.map(\.endMs), [2000, 4250, 6000])
        expectTrue(doc.cues[0].index == nil)
        expectEqual(doc.cues[1].index, 2)
        expectEqual(doc.cues[1].text, "short millis")
        expectEqual(doc.warnings.map(\.line), [7])
        expectTrue(doc.warnings[0].message.contains("\"abc\" is not a number"))
    }

    @Test func skipsMalformedCuesWithTheirLineAndKeepsTheRest() {
        let text = "1\n00:00:01,000 --> 00:0x:02,000\nbad\n\n2\n00:00:05,000 --> 00:00:04,000\nbackwards\n\njunk line\nmore junk\n\n3\n00:00:07,000 --> 00:00:08,000\ngood\n"
        let doc = SRTParser().parse(text: text)
        expectEqual(doc.cues.map(\.text), ["good"])
        expectEqual(doc.warnings.map(\.line), [2, 6, 9])
        expectTrue(doc.warnings[0].message.contains("end time"))
        expectTrue(doc.warnings[1].message.contains("before it starts"))
    }

    @Test func keepsZeroLengthAndOverlappingCues() {
        let text = "1\n00:00:01,000 --> 00:00:01,000\nzero\n\n2\n00:00:00,500 --> 00:00:03,000\noverlap\n"
        let doc = SRTParser().parse(text: text)
        expectEqual(doc.cues.count, 2)
        expectTrue(doc.warnings.isEmpty)
    }

    @Test func displayTextStripsTagsAndOverrides() {
        expectEqual(SubtitleCue.plainText("<i>Hi</i> {\\an8}<font color=\"#fff\">there</font> &amp; a<b"), "Hi there & a<b")
        expectEqual(SubtitleCue.plainText("x\u{1B}[31my"), "x[31my")
    }

    @Test(arguments: [
        ("00:00:01,000", 1000), ("1:02:03.4", 3_723_400), ("100:00:00,000", 360_000_000), ("00:01:41,04", 101_040),
        ("00:00:02", 2000), ("00:01,234", 1234), ("00:00:013,567", 13567), ("0:5:3,000", 303_000),
    ])
    func parsesTimes(text: String, ms: Int) {
        expectEqual(SRTParser.parseTime(Substring(text)), ms)
    }

    @Test(arguments: [
        "00:60:00,000", "00:00", "-0:00:01,000", "00:00:01,1234", "aa:00:01,000", "00:00:60,000", "00:00:01,", "1:2:3:4,000",
        "", "00:0060:00,000", "٠٠:٠٠:٠١,٠٠٠", "00:00:01,-10",
    ])
    func rejectsBadTimes(text: String) {
        expectTrue(SRTParser.parseTime(Substring(text)) == nil)
    }

    @Test func formatsTimes() {
        expectEqual(SRTParser.formatTime(3_723_400), "01:02:03,400")
    }

    @Test func negativeAndHalfTimeLinesSkipTheirCueWithAWarning() {
        let text = "1\n-0:00:04,567 --> -0:00:03,456\nneg\n\n2\n     --> 00:00:10,000\nno start\n\n3\n00:00:12,000 -->\nno end\n\n4\n00:00:20,000 --> 00:00:21,000\nok\n"
        let doc = SRTParser().parse(text: text)
        expectEqual(doc.cues.map(\.text), ["ok"])
        expectEqual(doc.warnings.map(\.line), [2, 6, 10])
        expectEqual(doc.warnings[0].message, "start time \"-0:00:04,567\" is negative; cue skipped")
        expectTrue(doc.warnings[1].message.hasPrefix("the start time is missing"))
        expectTrue(doc.warnings[2].message.hasPrefix("the end time is missing"))
    }

    @Test func emptyCuesAreKeptAndALoneTrailingNumberIsReported() {
        let doc = SRTParser().parse(text: "1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nText\n\n3\n")
        expectEqual(doc.cues.map(\.text), ["", "Text"])
        expectEqual(doc.warnings.map(\.line), [8])
    }

    @Test func emptyInputsHaveNoCuesAndNoWarnings() {
        for bytes: [UInt8] in [[], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], Array("\n\r\n  \n".utf8)] {
            let doc = SRTParser().parse(bytes)
            expectTrue(doc.cues.isEmpty && doc.warnings.isEmpty)
        }
    }

    @Test func utf16WithCRLFAndTagsReadsLikeUTF8() {
        let text = "1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>Già</i> {\\an8}fatto\r\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let doc = SRTParser().parse(bytes)
        expectEqual(doc.encoding, .utf16LE)
        expectTrue(doc.cues.first?.displayText == "Già fatto")
    }

    @Test func displayTextKeepsOneSpaceWhereATagWasRemoved() {
        expectEqual(SubtitleCue.plainText("This is {\\an1} the first."), "This is the first.")
        expectEqual(SubtitleCue.plainText("This { \\an2} stays."), "This { \\an2} stays.")
        expectEqual(SubtitleCue.plainText("<b>Bold</b> <i>and</i>  two"), "Bold and  two")
    }
}
