import Testing
import WalkscapeTestSupport
import WalkscapeCore

@Suite struct TextWrapperTests {
    @Test func wrapsOnSpacesWithinTheWidth() {
        let lines = TextWrapper.wrap("Piazza San Carlo è il salotto di Torino: portici e caffè storici.", width: 20)
        expectEqual(lines, ["Piazza San Carlo è", "il salotto di", "Torino: portici e", "caffè storici."])
        expectTrue(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
    }

    @Test func wideCharactersCountTwoColumns() {
        expectEqual(TextWrapper.wrap("東京 大阪 京都", width: 5), ["東京", "大阪", "京都"])
    }

    @Test func longWordsAreCutOrKept() {
        expectEqual(TextWrapper.wrap("a Mole-Antonelliana b", width: 6), ["a", "Mole-A", "ntonel", "liana", "b"])
        expectEqual(TextWrapper.wrap("a Mole-Antonelliana b", width: 6, cutLongWords: false), ["a", "Mole-Antonelliana", "b"])
    }

    @Test func emptyParagraphsAreDroppedOrKept() {
        expectEqual(TextWrapper.wrap("one\n\ntwo", width: 10), ["one", "two"])
        expectEqual(TextWrapper.wrap("one\n\ntwo", width: 10, keepEmptyLines: true), ["one", "", "two"])
        expectTrue(TextWrapper.wrap("anything", width: 0).isEmpty)
    }
}
