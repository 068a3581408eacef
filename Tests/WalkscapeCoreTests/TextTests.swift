import Testing
@testable import WalkscapeCore

@Suite struct TextTests {
    @Test func displayWidthCountsColumns() {
        #expect(DisplayWidth.of("Piazza") == 6)
        #expect(DisplayWidth.of("é") == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("🔒") == 2)
        #expect(DisplayWidth.truncate("Piazza Castello", to: 8) == "Piazza …")
        #expect(DisplayWidth.pad("東", to: 4) == "東  ")
    }

    @Test func sanitizeRemovesEscapeSequencesAndControls() {
        #expect(TerminalText.sanitize("a\u{1B}[2J\u{1B}]0;title\u{07}b\u{9B}c\td\u{202E}e") == "abc de")
        #expect(TerminalText.sanitize("x\ny", keepNewlines: true) == "x\ny")
        #expect(TerminalText.sanitize("x\u{1B}") == "x")
    }

    @Test func formatFixedRoundsWithoutLocale() {
        #expect(formatFixed(2.049, 1) == "2.0")
        #expect(formatFixed(-0.04, 1) == "0.0")
        #expect(formatFixed(0.5, 0) == "1")
        #expect(formatFixed(7.000001, 6) == "7.000001")
    }
}
