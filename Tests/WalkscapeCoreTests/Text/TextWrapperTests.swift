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

    /// A 200,000-character word (wide characters among narrow ones) cut into lines of at most the width, in
    /// order, nothing lost: one pass over it (issue 46: the cut measured the rest of the word again for each line
    /// and each head again for each character, and a 50,000-character word in a cue kept the player from drawing
    /// for minutes; this case never finished then).
    @Test func aVeryLongWordIsCutInOnePassWithNothingLost() {
        var word = ""
        for index in 0..<200_000 {
            let character: Character = index % 7 == 0 ? "界" : Character(UnicodeScalar(UInt8(97 + index % 26)))
            word.append(character)
        }
        let lines = TextWrapper.wrap(word, width: 80)
        expectTrue(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "a line wider than 80 columns")
        expectEqual(lines.joined(), word)
        // Full lines but the last: a wide character that does not fit starts the next line.
        expectTrue(lines.dropLast().allSatisfy { DisplayWidth.of($0) >= 79 })
        expectEqual(TextWrapper.wrap("before " + word, width: 80).first, "before")
    }

    /// A character wider than the width stays on a line of its own instead of looping forever.
    @Test func aCharacterWiderThanTheWidthTakesALineOfItsOwn() {
        expectEqual(TextWrapper.wrap("東京", width: 1), ["東", "京"])
    }
}
