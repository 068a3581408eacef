import Testing
import WalkscapeTestSupport
import WalkscapeCore

/// The one XML escaping: markup characters always, and in the strict form apostrophes and forbidden characters.
@Suite struct XMLTextTests {
    @Test func escapedReplacesMarkupAndKeepsTheRest() {
        #expect(XMLText.escaped(#"a & b < c > d "e" 'f'"#) == "a &amp; b &lt; c &gt; d &quot;e&quot; 'f'")
        expectEqual(XMLText.escaped("Piazza\tVittorio\u{1}\n"), "Piazza\tVittorio\u{1}\n")
        // An ampersand with a combining mark is one Character but still an ampersand to XML.
        expectEqual(XMLText.escaped("&\u{301}"), "&amp;\u{301}")
    }

    @Test func strictAlsoEscapesApostrophesAndDropsForbiddenCharacters() {
        expectEqual(XMLText.escapedDroppingForbidden("it's <\u{1}\u{FFFE}ok>\t\n"), "it&apos;s &lt;ok&gt;\t\n")
    }
}
