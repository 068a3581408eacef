import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The GPX reader refuses what libxml2 refuses as not well-formed (the `GPXWellFormed` fuzz target's
/// differential, docs/reliability.md): each document here gave fixes before and libxml2 refuses it
/// (`xmlReadMemory` with `XML_PARSE_NONET`). Every one is also in `Fuzz/Regressions/GPXWellFormed/`.
@Suite struct TraceGPXWellFormednessTests {
    static let track = "<trk><trkseg><trkpt lat=\"45\" lon=\"7\"><time>2026-05-09T09:00:00Z</time></trkpt></trkseg></trk>"

    /// Reads `bytes` whole and one byte at a time: both must fail with the same error, containing `fragment`.
    func expectRefused(_ bytes: [UInt8], _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (whole, bytewise) = TraceGPXErrorTests.readBothWays(bytes)
        guard case .failure(let error) = whole else {
            Issue.record("read \(whole) from \(String(decoding: bytes.prefix(120), as: UTF8.self))", sourceLocation: sourceLocation)
            return
        }
        expectTrue(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        expectContains(error.message, "; expected", "\(error)", sourceLocation: sourceLocation)
        expectEqual(bytewise.failureValue, error, "\(bytewise)", sourceLocation: sourceLocation)
    }

    func expectRefused(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectRefused(Array(text.utf8), fragment, sourceLocation: sourceLocation)
    }

    func expectRead(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let (whole, bytewise) = TraceGPXErrorTests.readBothWays(bytes)
        expectEqual(whole.successValue, 1, "\(whole)", sourceLocation: sourceLocation)
        expectEqual(bytewise.successValue, 1, "\(bytewise)", sourceLocation: sourceLocation)
    }

    func expectRead(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectRead(Array(text.utf8), sourceLocation: sourceLocation)
    }

    @Test func aRepeatedAttributeIsRefused() {
        expectRefused("<gpx a=\"1\" b=\"2\" a=\"3\">\(Self.track)</gpx>", "attribute a given twice in <gpx>")
        expectRead("<gpx a=\"1\" ab=\"2\" x:a=\"3\">\(Self.track)</gpx>")
    }

    @Test func doubleHyphensInCommentsAreRefused() {
        expectRefused("<gpx><!-- a -- b -->\(Self.track)</gpx>", "'--' inside a comment")
        expectRefused("<gpx><!-- a --->\(Self.track)</gpx>", "'--' inside a comment")
        expectRead("<gpx><!----><!---a--><!-- a - b -->\(Self.track)</gpx>")
    }

    @Test func closingBracketsInTextAreRefused() {
        expectRefused("<gpx>]]>\(Self.track)</gpx>", "']]>' in the text")
        expectRead("<gpx>] ]> ]>]\(Self.track)<![CDATA[a]]]></gpx>")
    }

    @Test func controlCharactersInCommentsCDATAAndInstructionsAreRefused() {
        expectRefused("<gpx><!-- \u{01} -->\(Self.track)</gpx>", "byte 0x01 in a comment")
        expectRefused("<gpx><![CDATA[\u{01}]]>\(Self.track)</gpx>", "byte 0x01 in a CDATA section")
        expectRefused("<gpx><?a \u{01}?>\(Self.track)</gpx>", "byte 0x01 in a processing instruction")
        expectRefused(Array("<gpx><!-- ".utf8) + [0] + Array(" -->\(Self.track)</gpx>".utf8), "a NUL byte in a comment")
        expectRead("<gpx><!-- \u{7F}\u{85}\t --><?a \t b?c?>\(Self.track)</gpx>")
    }

    @Test func processingInstructionsFollowTheGrammar() {
        expectRefused("<gpx><?foo%?>\(Self.track)</gpx>", "'%' after the processing instruction's name <?foo")
        expectRefused("<?XML version=\"1.0\"?><gpx>\(Self.track)</gpx>", "a name XML reserves")
        expectRefused("<gpx><?XmL a?>\(Self.track)</gpx>", "not at the very start")
        expectRead("<gpx><?xmlfoo a?><?a:b c?><?a?>\(Self.track)</gpx>")
    }

    @Test func theDoctypeFollowsTheGrammar() {
        for doctype in ["<!DOCTYPE gpx [ junk ]>", "<!DOCTYPE gpx [ <!-- a comment --> ]>"] {
            expectRefused("\(doctype)<gpx>\(Self.track)</gpx>", "internal subset")
        }
        for doctype in ["<!DOCTYPE>", "<!DOCTYPE gpx SYSTEM>", "<!DOCTYPE gpx SYSTEM\"x\">", "<!DOCTYPE 1gpx>", "<!DOCTYPE gpx junk>",
                        "<!DOCTYPE gpx PUBLIC \"a{b\" \"x\">", "<!DOCTYPE gpx PUBLIC \"a\">"] {
            expectRefused("\(doctype)<gpx>\(Self.track)</gpx>", "a malformed DOCTYPE")
        }
        expectRefused("<!DOCTYPE gpx><!DOCTYPE gpx><gpx>\(Self.track)</gpx>", "a second DOCTYPE")
        for doctype in ["<!DOCTYPE gpx>", "<!DOCTYPE gpx SYSTEM \"x.dtd\" >", "<!DOCTYPE foo PUBLIC \"-//a b//EN\" 'x>y'>", "<!DOCTYPE\ngpx\n>"] {
            expectRead("\(doctype)<gpx>\(Self.track)</gpx>")
        }
    }

    @Test func namesPastASCIIFollowTheXMLNameRules() {
        expectRefused("<gpx><a\u{D7}/>\(Self.track)</gpx>", "in the tag <a×>")
        expectRefused("<gpx><\u{300}a/>\(Self.track)</gpx>", "a character XML does not allow in a name")
        expectRefused("<gpx><\u{B7}a/>\(Self.track)</gpx>", "a character XML does not allow in a name")
        expectRefused("<gpx a\u{2028}b=\"1\">\(Self.track)</gpx>", "in attribute")
        expectRead("<gpx><a\u{B7}\u{300}/><\u{E9}t\u{E9}/><\u{10000}/><\u{FFFD}/><\u{3042}\u{203F}/>\(Self.track)</gpx>")
        // ISO-8859-1: the byte is the character; other single-byte encodings: ASCII names only.
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"
        expectRefused(Array("\(latin1)<gpx><a".utf8) + [0xD7] + Array("/>\(Self.track)</gpx>".utf8), "a character XML does not allow in a name")
        expectRead(Array("\(latin1)<gpx><a".utf8) + [0xE9] + Array("/>\(Self.track)</gpx>".utf8))
        expectRefused(Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><gpx><a".utf8) + [0xE9] + Array("/>\(Self.track)</gpx>".utf8), "a character XML does not allow in a name")
    }

    @Test func bytesASingleByteEncodingLacksAreRefused() {
        for (name, byte) in [("US-ASCII", 0xE9), ("ascii", 0x80), ("windows-1252", 0x81), ("windows-1250", 0x83), ("ISO-8859-3", 0xA5), ("iso-8859-8", 0xFF)] {
            expectRefused(Array("<?xml version=\"1.0\" encoding=\"\(name)\"?><gpx>".utf8) + [UInt8(byte)] + Array("\(Self.track)</gpx>".utf8),
                          "is no character of the encoding the XML declaration names")
        }
        for (name, byte) in [("windows-1252", 0x80), ("ISO-8859-3", 0xA4), ("ISO-8859-15", 0xA4), ("iso8859-2", 0xFF), ("ISO_8859-1", 0x85)] {
            expectRead(Array("<?xml version=\"1.0\" encoding=\"\(name)\"?><gpx>".utf8) + [UInt8(byte)] + Array("\(Self.track)</gpx>".utf8))
        }
        // Names libxml2 does not know, even with a known prefix, are refused.
        for name in ["iso-8859-zz", "ISO-8859-12", "windows-1259", "cp1259"] {
            expectRefused("<?xml version=\"1.0\" encoding=\"\(name)\"?><gpx>\(Self.track)</gpx>", "names the encoding")
        }
    }

    /// Found by the KML fuzz target (Fuzz/Regressions/KML/reference-cut-before-its-semicolon.kml): a reference
    /// whose ';' is its 13th byte, cut by a chunk end just before the ';', gave another error than read whole.
    @Test func aReferenceCutJustBeforeItsSemicolonGivesTheSameError() {
        for text in ["<gpx>&abcdefghijk;\(Self.track)</gpx>", "<kml>&amp\u{01}\u{04}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00};</kml>", "<gpx>&#x00000041;\(Self.track)</gpx>"] {
            let (whole, bytewise) = TraceGPXErrorTests.readBothWays(Array(text.utf8))
            expectEqual(whole.failureValue, bytewise.failureValue, "\(whole) against \(bytewise)")
            expectEqual(whole.successValue, bytewise.successValue)
        }
        expectRefused("<gpx>&abcdefghijk;\(Self.track)</gpx>", "undefined entity '&abcdefghijk;'")
    }

    /// libxml2 reads element and attribute names with namespaces: after `prefix:local:` it takes a third part
    /// only when it starts like a name, and stops before a digit, `-`, `.`, U+00B7 or a combining mark, so that
    /// the rest of the tag no longer parses ("Couldn't find end of Start Tag"). Found by a grammar-based
    /// differential (docs/reliability.md); every other name with colons libxml2 reads whole, and so does the reader.
    @Test func aSecondColonFollowedByACharacterThatCannotStartANameIsRefused() {
        for name in ["ns:a:1", "ns:a:-x", "ns:a:.", "a:b:1:c", "\u{E9}:\u{E9}:\u{B7}", "a:b:\u{300}"] {
            expectRefused("<gpx>\(Self.track)<\(name)/></gpx>", "the tag <\(name)> has a second ':'")
            expectRefused("<gpx>\(Self.track)<\(name)></\(name)></gpx>", "the tag <\(name)> has a second ':'")
            expectRefused("<gpx>\(Self.track)<b \(name)=\"1\"/></gpx>", "attribute \(name) of <b> has a second ':'")
        }
        for name in ["a:b:c", "a:1b", "a::b", ":a:1", "a:b:", "a:b:c:1", "a:-:1", "a:b:\u{E9}", "a:b::", "a:b:_1"] {
            expectRead("<gpx>\(Self.track)<\(name)></\(name)><b \(name)=\"1\"/></gpx>")
        }
        // In ISO-8859-1, whose bytes are the characters: U+00B7 after the second colon.
        expectRefused([UInt8]("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx>\(Self.track)<a:b:".utf8) + [0xB7] + [UInt8]("/></gpx>".utf8), "has a second ':'")
        expectRead([UInt8]("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx>\(Self.track)<a:b:".utf8) + [0xE9] + [UInt8]("/></gpx>".utf8))
    }

    /// An empty root element `<gpx/>` ends the document as `</gpx>` does: a second root after it is refused
    /// ("Extra content at the end of the document"), as is text. Found by the grammar-based differential.
    @Test func nothingButCommentsFollowsAnEmptyRootElement() {
        expectRefused("<gpx/><!-- c -->\n<gpx>\(Self.track)</gpx>", "a second root element <gpx> after </gpx>")
        expectRefused("<gpx/>x<gpx>\(Self.track)</gpx>", "text after the end of the root element")
        expectRefused("<kml/><kml><Placemark><LineString><coordinates>7,45 7.1,45.1</coordinates></LineString></Placemark></kml>", "a second root element <kml> after </kml>")
    }

    /// Found by reading libxml2's verdicts on every encoding name the reader took (the GPXWellFormed target's
    /// open disagreement, docs/reliability.md): `cp`/`windows-` before an ISO-8859 part or `ascii` made a name
    /// iconv does not know, so libxml2 refuses the document ("Unsupported encoding"), and the reader read it.
    @Test func encodingNamesAreOnlyThoseLibxml2Knows() {
        for name in ["cp8859-1", "windows-8859-2", "CP8859-15", "windows-ascii", "cpascii", "windows-1252a"] {
            expectRefused("<?xml version=\"1.0\" encoding=\"\(name)\"?><gpx>\(Self.track)</gpx>", "names the encoding")
        }
        for name in ["cp1252", "CP1250", "Windows-1258", "iso_8859-16", "ISO8859-11", "latin-1", "ISO-LATIN-1", "US-ASCII", "utf8"] {
            expectRead("<?xml version=\"1.0\" encoding=\"\(name)\"?><gpx>\(Self.track)</gpx>")
        }
    }

    /// libxml2 refuses `&#x…;` whose 11th hex digit (or 22nd, 33rd, …) is a letter (its digit loop stops taking
    /// letters there); the reader read such references in attribute values, where it had no length limit.
    /// References are now as long in attribute values as in text: 12 bytes before the ';'.
    @Test func referencesInAttributeValuesAreNoLongerThanInText() {
        for reference in ["&#x0000000000A;", "&#x000000000000000000000A;", "&#x0000000041;", "&#00000000065;"] {
            expectRefused("<gpx a=\"\(reference)\">\(Self.track)</gpx>", "'&' that does not start a reference")
            expectRefused("<gpx>\(Self.track)<name>\(reference)</name></gpx>", "'&' that does not start a reference")
        }
        expectRead("<gpx a=\"&#x00000041;&#x00000000A;&#0000000065;\" b='&amp;&quot;'>&#x00000000A;&#0000000065;\(Self.track)</gpx>")
    }

    @Test func characterReferencesAreDigitsOnly() {
        expectRefused("<gpx>&#+65;\(Self.track)</gpx>", "is not a valid character reference")
        expectRefused("<gpx a=\"&#x+41;\">\(Self.track)</gpx>", "is not a valid character reference")
        expectRead("<gpx a=\"&#x41;&#0065;\">&#9;&#xA;&#xd;&#x1F600;\(Self.track)</gpx>")
    }
}

extension Result {
    /// The value, or nil on failure.
    var successValue: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
