import Testing
@testable import WalkscapeCore

@Suite struct SRTParserTests {
    let typical = "1\n00:00:01,000 --> 00:00:03,500\nHello\nworld\n\n2\n00:00:04,000 --> 00:00:05,250\nSecond\n"

    @Test func parsesATypicalFile() {
        let doc = SRTParser().parse(Array(typical.utf8))
        #expect(doc.encoding == .utf8)
        #expect(doc.warnings.isEmpty)
        #expect(doc.cues == [
            SubtitleCue(index: 1, startMs: 1000, endMs: 3500, text: "Hello\nworld", line: 2),
            SubtitleCue(index: 2, startMs: 4000, endMs: 5250, text: "Second", line: 7),
        ])
    }

    @Test func sameCuesWhateverTheLineEndsAndBOM() {
        let crlf = typical.replacingOccurrences(of: "\n", with: "\r\n")
        let cr = typical.replacingOccurrences(of: "\n", with: "\r")
        let expected = SRTParser().parse(Array(typical.utf8)).cues.map { [$0.startMs, $0.endMs] }
        for bytes in [Array(crlf.utf8), Array(cr.utf8), [0xEF, 0xBB, 0xBF] + Array(typical.utf8)] {
            #expect(SRTParser().parse(bytes).cues.map { [$0.startMs, $0.endMs] } == expected)
        }
        #expect(SRTParser().parse([0xEF, 0xBB, 0xBF] + Array(typical.utf8)).encoding == .utf8BOM)
    }

    @Test func readsUTF16BothWaysWithAndWithoutBOM() {
        let units = Array(typical.utf16)
        let le = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(SRTParser().parse([0xFF, 0xFE] + le).encoding == .utf16LE)
        #expect(SRTParser().parse([0xFE, 0xFF] + be).encoding == .utf16BE)
        #expect(SRTParser().parse(le).encoding == .utf16LE)
        #expect(SRTParser().parse(be).cues.count == 2)
    }

    @Test func legacyBytesAreReadAsWindows1252AndSaidSo() {
        var bytes = Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8)
        bytes += [0xE9, 0x20, 0x80, 0x0A]
        let doc = SRTParser().parse(bytes)
        #expect(doc.encoding == .windows1252)
        #expect(doc.cues.first?.text == "Café €")
        #expect(doc.warnings.first?.message.contains("Windows-1252") == true)
    }

    @Test func toleratesMissingBlankLinesIndicesAndDots() {
        let text = "00:00:01.000 --> 00:00:02.000\nNo index\n2\n00:00:03,5 --> 00:00:04,25 X1:10 X2:20\nshort millis\n\nabc\n00:00:05,000 --> 00:00:06,000\nlabelled"
        let doc = SRTParser().parse(text: text)
        #expect(doc.cues.map(\.startMs) == [1000, 3500, 5000])
        #expect(doc.cues.map(\.endMs) == [2000, 4250, 6000])
        #expect(doc.cues[0].index == nil)
        #expect(doc.cues[1].index == 2)
        #expect(doc.cues[1].text == "short millis")
        #expect(doc.warnings.map(\.line) == [7])
        #expect(doc.warnings[0].message.contains("\"abc\" is not a number"))
    }

    @Test func skipsMalformedCuesWithTheirLineAndKeepsTheRest() {
        let text = "1\n00:00:01,000 --> 00:0x:02,000\nbad\n\n2\n00:00:05,000 --> 00:00:04,000\nbackwards\n\njunk line\nmore junk\n\n3\n00:00:07,000 --> 00:00:08,000\ngood\n"
        let doc = SRTParser().parse(text: text)
        #expect(doc.cues.map(\.text) == ["good"])
        #expect(doc.warnings.map(\.line) == [2, 6, 9])
        #expect(doc.warnings[0].message.contains("end time"))
        #expect(doc.warnings[1].message.contains("before it starts"))
    }

    @Test func keepsZeroLengthAndOverlappingCues() {
        let text = "1\n00:00:01,000 --> 00:00:01,000\nzero\n\n2\n00:00:00,500 --> 00:00:03,000\noverlap\n"
        let doc = SRTParser().parse(text: text)
        #expect(doc.cues.count == 2)
        #expect(doc.warnings.isEmpty)
    }

    @Test func displayTextStripsTagsAndOverrides() {
        #expect(SubtitleCue.plainText("<i>Hi</i> {\\an8}<font color=\"#fff\">there</font> &amp; a<b") == "Hi there & a<b")
        #expect(SubtitleCue.plainText("x\u{1B}[31my") == "x[31my")
    }

    @Test(arguments: [("00:00:01,000", 1000), ("1:02:03.4", 3_723_400), ("100:00:00,000", 360_000_000)])
    func parsesTimes(text: String, ms: Int) {
        #expect(SRTParser.parseTime(Substring(text)) == ms)
    }

    @Test(arguments: ["00:60:00,000", "00:00:00", "-0:00:01,000", "00:00:01,1234", "aa:00:01,000"])
    func rejectsBadTimes(text: String) {
        #expect(SRTParser.parseTime(Substring(text)) == nil)
    }

    @Test func formatsTimes() {
        #expect(SRTParser.formatTime(3_723_400) == "01:02:03,400")
    }
}
