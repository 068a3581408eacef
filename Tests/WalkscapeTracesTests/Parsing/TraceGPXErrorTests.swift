import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// Broken GPX input: one clear error with the right line, never a crash or a hang.
@Suite struct TraceGPXErrorTests {
    /// The error's line and whether its message contains `fragment`.
    func expectError(_ text: String, line: Int, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = TraceTesting.gpxError(text) else {
            Issue.record("no error for: \(text.prefix(80))", sourceLocation: sourceLocation)
            return
        }
        expectEqual(error.line, line, "\(error)", sourceLocation: sourceLocation)
        expectTrue(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        expectContains(error.message, "; expected", "\(error)", sourceLocation: sourceLocation)
    }

    @Test func emptyAndBlankFiles() {
        expectError("", line: 1, "the file is empty")
        expectError("\n\n  \n", line: 1, "the file is empty (only white space)")
        expectTrue(TraceTesting.gpxError(bytes: [0xEF, 0xBB, 0xBF])?.message.contains("empty") == true)
    }

    @Test func notXML() {
        expectError("hello", line: 1, "not an XML document: found 'h'")
        expectError("\n\n{\"type\": \"Feature\"}", line: 3, "found '{'")
        expectError("<?xml version=\"1.0\"?>", line: 1, "no root element")
        expectError("<osm></osm>", line: 1, "the root element is <osm>; expected <gpx>")
    }

    @Test func unclosedAndTruncated() {
        expectError("<gpx>\n<trk>\n<trkseg>\n", line: 3, "the file ends inside <trkseg> opened at line 3")
        expectError("<gpx>\n<trk>\n<trkseg>\n<trkpt lat=\"4", line: 4, "the file ends inside the tag <trkpt")
        expectError("<gpx>\n<!-- never closed", line: 2, "inside a comment")
        expectError("<gpx>\n<desc><![CDATA[ never closed", line: 2, "inside a CDATA section")
        expectError("<gpx>\n<?pi never closed", line: 2, "inside a processing instruction")
        expectError("<gpx>\n<trk>\n</trk", line: 3, "inside an end tag")
        expectError("<gpx>\n<", line: 2, "inside a tag")
        expectError("<gpx>\n<name>a &amp", line: 2, "inside a reference")
    }

    @Test func mismatchedTags() {
        expectError("<gpx>\n<trk>\n<trkseg>\n</trk>\n</gpx>", line: 4, "mismatched end tag </trk>; expected </trkseg> to close the <trkseg> opened at line 3")
        expectError("<gpx></gpx>\n</gpx>", line: 2, "end tag </gpx> without a start tag")
        expectError("<gpx></gpx>\n<gpx></gpx>", line: 2, "a second root element")
        expectError("<gpx:gpx>\n</gpx>", line: 2, "mismatched end tag </gpx>; expected </gpx:gpx>")
    }

    @Test func badSyntaxInsideTags() {
        expectError("<gpx>\n<trkpt lat=45 lon=\"7\"/></gpx>", line: 2, "is not quoted")
        expectError("<gpx>\n<trkpt lat lon=\"7\"/></gpx>", line: 2, "has no value")
        expectError("<gpx>\n<trkpt lat=\"4<5\"/></gpx>", line: 2, "'<' in the value of attribute lat")
        expectError("<gpx>\n<trkpt lat=\"1\"lon=\"7\"/></gpx>", line: 2, "expected white space")
        expectError("<gpx>\n< trk></trk></gpx>", line: 2, "a space after '<'; expected a tag name")
        expectError("<gpx>\n<1trk/></gpx>", line: 2, "'1' after '<'")
        expectError("<gpx>\n<trk/ ></gpx>", line: 2, "'/' not followed by '>'")
        expectError("<gpx>\n<!ELEMENT x></gpx>", line: 2, "unexpected '<!ELEMENT")
        expectError("<gpx>\n<?xml version=\"1.0\"?></gpx>", line: 2, "XML declaration")
        expectError("\n<?xml version=\"1.0\"?><gpx/>", line: 2, "XML declaration")
    }

    @Test func textOutsideTheRoot() {
        expectError("<gpx></gpx>\njunk", line: 2, "text after the end of the root element")
        expectError("<gpx></gpx><![CDATA[x]]>", line: 1, "CDATA section outside the root element")
    }

    @Test func badTimeIsAnErrorWithItsLine() {
        let text = TraceTesting.document("""
            <trk><trkseg>
            <trkpt lat="1" lon="1"><time>2026-05-09T09:00:00Z</time></trkpt>
            <trkpt lat="1" lon="1">
              <time>2026-02-30T09:00:00Z</time></trkpt>
            </trkseg></trk>
            """)
        expectError(text, line: 6, "bad time \"2026-02-30T09:00:00Z\"; expected an ISO 8601 time")
    }

    @Test func entitiesAreNeverExpanded() {
        expectError("<gpx>\n<name>&nbsp;</name></gpx>", line: 2, "undefined entity '&nbsp;'")
        expectError("<gpx creator=\"&custom;\"></gpx>", line: 1, "undefined entity '&custom;'")
        expectError("<gpx>\n<name>&#0;</name></gpx>", line: 2, "not a valid character reference")
        expectError("<gpx>\n<name>& x</name></gpx>", line: 2, "'&' that does not start a reference")
        expectError("<!DOCTYPE gpx [\n<!ENTITY x SYSTEM \"file:///etc/passwd\">\n]>\n<gpx>&x;</gpx>", line: 2, "the DOCTYPE declares entities")
    }

    @Test func billionLaughsIsRefusedFast() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<gpx><wpt lat=\"1\" lon=\"1\"><name>&lol9;</name></wpt></gpx>\n"
        let clock = ContinuousClock()
        let started = clock.now
        let error = TraceTesting.gpxError(text)
        expectTrue(clock.now - started < .seconds(1))
        expectTrue(error?.line == 3)
        expectTrue(error?.message.contains("never expands") == true)
    }

    @Test func binaryJunkAndNulBytes() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<50 {
            let junk = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Whatever the bytes, one error and no crash; a few random files may start like XML.
            expectTrue(TraceTesting.gpxError(bytes: junk) != nil)
            expectTrue(TraceTesting.gpxError(bytes: Array("<gpx>".utf8) + junk) != nil)
        }
        let nul = Array("<gpx>\n<trk>\n".utf8) + [0, 0] + Array("</trk></gpx>".utf8)
        expectTrue(TraceTesting.gpxError(bytes: nul)?.line == 3)
        expectTrue(TraceTesting.gpxError(bytes: nul)?.message.contains("NUL") == true)
        expectTrue(TraceTesting.gpxError(bytes: [0xFF, 0xFE, 0x3C, 0x00])?.message.contains("UTF-16") == true)
        expectTrue(TraceTesting.gpxError(bytes: Array("<gpx lat=\"\u{1}\"></gpx>".utf8))?.message.contains("byte 0x01") == true)
    }

    @Test func deepNestingIsBounded() {
        let deep = String(repeating: "<a>", count: GPXStreamParser.maxDepth + 5)
        let error = TraceTesting.gpxError("<gpx>" + deep)
        expectTrue(error?.message.contains("nested more than") == true)
    }

    @Test func aParserThatFailedKeepsFailing() throws {
        var parser = GPXStreamParser()
        #expect(throws: TraceParseError.self) { try parser.feed(Array("<osm>".utf8)) }
        #expect(throws: TraceParseError.self) { try parser.feed(Array("<gpx>".utf8)) }
        #expect(throws: TraceParseError.self) { _ = try parser.finish() }
    }

    @Test func aHugeTokenIsRefusedWithBoundedMemory() throws {
        var parser = GPXStreamParser()
        try parser.feed(Array("<gpx><!-- ".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        var thrown: TraceParseError?
        for _ in 0..<(GPXStreamParser.maxTokenBytes >> 20) + 2 where thrown == nil {
            do { try parser.feed(chunk) } catch { thrown = error }
        }
        expectTrue(thrown?.message.contains("longer than") == true)
    }

    /// One fix in a document whose name holds `name` (bytes), after `declaration`.
    static func namedDocument(_ name: [UInt8], declaration: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>") -> [UInt8] {
        Array((declaration + "\n<gpx version=\"1.1\">\n<trk><name>").utf8) + name
            + Array("</name><trkseg><trkpt lat=\"45\" lon=\"7\"><time>2026-05-09T09:00:00Z</time></trkpt></trkseg></trk>\n</gpx>\n".utf8)
    }

    /// The same document read whole and one byte at a time: the same fixes, or the same error.
    static func readBothWays(_ bytes: [UInt8]) -> (whole: Result<Int, TraceParseError>, bytewise: Result<Int, TraceParseError>) {
        var parser = GPXStreamParser()
        let whole = Result { () throws(TraceParseError) in try parser.parse(bytes).0.count }
        var bytewise = GPXStreamParser()
        let pieces = Result { () throws(TraceParseError) in
            for byte in bytes { try bytewise.feed([byte]) }
            return try bytewise.finish().0.count
        }
        return (whole, pieces)
    }

    /// Found by the GPXWellFormed fuzz target (Fuzz/Regressions/GPXWellFormed): bytes that are not UTF-8 in
    /// a document that is UTF-8 (declared, or by default) gave fixes where libxml2 refuses the document.
    /// Found by the GPXWellFormed fuzz target: a malformed XML declaration, which libxml2 refuses, was read.
    @Test func aMalformedXMLDeclarationIsRefused() throws {
        for declaration in ["<?xml version=\"1.0\"ix.com/GPX/1/1\">", "<?xml version=\"1.0\"encoding=\"UTF-8\"?>", "<?xml encoding=\"UTF-8\"?>",
                            "<?xml version=\"2.0\"?>", "<?xml version=\"1.0\" standalone=\"maybe\"?>", "<?xml version=\"1.0\" foo=\"bar\"?>", "<?xml?>"] {
            let error = TraceTesting.gpxError(bytes: Self.namedDocument([], declaration: declaration))
            expectTrue(error?.message.hasPrefix("a malformed XML declaration; expected <?xml version=\"1.0\"") == true, "\(declaration): \(String(describing: error))")
            expectTrue(error?.line == 1)
        }
        for declaration in ["<?xml version='1.1' standalone='yes' ?>", "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>",
                            "<?xml version=\"1.0\"?>", "<?xml-stylesheet href=\"a.xsl\"?>"] {
            try expectEqual(TraceTesting.gpx(bytes: Self.namedDocument([], declaration: declaration)).0.count, 1, "\(declaration)")
        }
    }

    @Test func bytesThatAreNotUTF8AreRefusedUnlessTheDeclarationNamesASingleByteEncoding() throws {
        let cafe = Array("Caf".utf8) + [0xE9]
        for document in [Self.namedDocument(cafe), Self.namedDocument(cafe, declaration: "<?xml version=\"1.0\"?>"),
                         Array(Self.namedDocument(cafe, declaration: "").dropFirst())] {
            let (whole, bytewise) = Self.readBothWays(document)
            let error = try #require(whole.failureValue, "\(whole)")
            expectTrue(error.message.hasPrefix("byte 0xE9 is not UTF-8; expected a UTF-8 file"), "\(error)")
            expectEqual(error.line, (document.first == UInt8(ascii: "<") && document[1] == UInt8(ascii: "?") ? 3 : 2), "\(error)")
            expectEqual(bytewise.failureValue, error)
        }
        // Declared as a single-byte encoding, the same bytes read.
        for name in ["ISO-8859-1", "iso-8859-15", "windows-1252", "latin1"] {
            let document = Self.namedDocument(cafe, declaration: "<?xml version=\"1.0\" encoding='\(name)'?>")
            try expectEqual(TraceTesting.gpx(bytes: document).0.count, 1, "\(name)")
        }
        // An encoding the reader cannot read as bytes is refused, not misread.
        let utf16 = Self.namedDocument(cafe, declaration: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
        expectTrue(TraceTesting.gpxError(bytes: utf16)?.message.contains("names the encoding \"utf-16\"") == true)
        // Outside the root element the scanner's message stays: a binary file is not XML.
        expectTrue(TraceTesting.gpxError(bytes: [0xA5, 0x3C] + Array("<gpx></gpx>".utf8))?.message.contains("not an XML document") == true)
        expectTrue(TraceTesting.gpxError(bytes: Array("<gpx></gpx>\n".utf8) + [0xFF])?.message.contains("text after the end of the root element") == true)
        // Malformed UTF-8: a surrogate, an overlong form, U+FFFF, a lone continuation byte, a cut sequence.
        for bad: [UInt8] in [[0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xEF, 0xBF, 0xBF], [0x80], [0xE2, 0x82]] {
            expectTrue(TraceTesting.gpxError(bytes: Self.namedDocument(bad))?.message.contains("is not UTF-8") == true, "\(bad)")
        }
    }

    @Test func utf8CutByEveryChunkBoundaryReads() throws {
        let document = Self.namedDocument(Array("Città — 東京 😀".utf8))
        let (whole, bytewise) = Self.readBothWays(document)
        try expectEqual(whole.get(), 1)
        try expectEqual(bytewise.get(), 1)
        // At the end of the file a cut sequence is an error, read whole or byte by byte.
        let cut = Array("<gpx>\n<trk><name>Caf".utf8) + [0xF0, 0x9F]
        let both = Self.readBothWays(cut)
        expectTrue(both.whole.failureValue?.message.contains("is not UTF-8") == true)
        expectEqual(both.bytewise.failureValue, both.whole.failureValue)
    }

    /// Found by the GPX fuzz target (Fuzz/Regressions/GPX): a value longer than `maxValueBytes` was kept whole
    /// when read in one piece but lost when cut by a chunk end, so the error named another text.
    @Test func anOverlongValueGivesTheSameErrorWhateverTheChunks() {
        let long = "2015-12-11T15 " + String(repeating: "x", count: 400)
        let document = Array(TraceTesting.document("<trk><trkseg><trkpt lat=\"45\" lon=\"7\"><time>\(long)</time></trkpt></trkseg></trk>").utf8)
        let (whole, bytewise) = Self.readBothWays(document)
        expectTrue(whole.failureValue?.message.hasPrefix("bad time \"2015-12-11T15 xxx") == true, "\(whole)")
        expectEqual(bytewise.failureValue, whole.failureValue)
    }

    @Test func anEarlierSyntaxErrorWinsOverLaterBytesThatAreNotUTF8() {
        let document = Array("<gpx>\n<trk></gpx>\n<name>".utf8) + [0xFF] + Array("</name>".utf8)
        let (whole, bytewise) = Self.readBothWays(document)
        expectTrue(whole.failureValue?.line == 2)
        expectTrue(whole.failureValue?.message.contains("UTF-8") == false)
        expectEqual(bytewise.failureValue, whole.failureValue)
    }
}

extension Result {
    /// The error, or nil on success.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
