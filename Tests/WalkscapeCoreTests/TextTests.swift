import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

@Suite struct TextTests {
    @Test func displayWidthCountsColumns() {
        expectEqual(DisplayWidth.of("Piazza"), 6)
        expectEqual(DisplayWidth.of("é"), 1)
        expectEqual(DisplayWidth.of("e\u{301}"), 1)
        expectEqual(DisplayWidth.of("東京"), 4)
        expectEqual(DisplayWidth.of("🔒"), 2)
        expectEqual(DisplayWidth.truncate("Piazza Castello", to: 8), "Piazza …")
        expectEqual(DisplayWidth.pad("東", to: 4), "東  ")
    }

    @Test func sanitizeRemovesEscapeSequencesAndControls() {
        expectEqual(TerminalText.sanitize("a\u{1B}[2J\u{1B}]0;title\u{07}b\u{9B}c\td\u{202E}e"), "abc de")
        expectEqual(TerminalText.sanitize("x\ny", keepNewlines: true), "x\ny")
        expectEqual(TerminalText.sanitize("x\u{1B}"), "x")
    }

    @Test func formatFixedRoundsWithoutLocale() {
        expectEqual(formatFixed(2.049, 1), "2.0")
        expectEqual(formatFixed(-0.04, 1), "0.0")
        expectEqual(formatFixed(0.5, 0), "1")
        expectEqual(formatFixed(7.000001, 6), "7.000001")
    }
}
