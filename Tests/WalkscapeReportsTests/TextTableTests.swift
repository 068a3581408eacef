import Testing
import WalkscapeTestSupport
import WalkscapeReports

@Suite struct TextTableTests {
    @Test func columnsAreAsWideAsTheirWidestCellAndNumbersAlignRight() {
        var table = TextTable(["point", "title", "m"], rightAligned: [0, 2])
        table.add(["1", "Piazza Castello", "120"])
        table.add(["12", "Via Po", "8"])
        expectEqual(table.render(), [
            "point  title              m",
            "    1  Piazza Castello  120",
            "   12  Via Po             8",
        ])
    }

    @Test func wideCharactersCountAsTwoColumnsAndControlCharactersAreNeutralised() {
        var table = TextTable(["a", "b"])
        table.add(["東京", "x"])
        table.add(["ab\u{1B}[31m", "y"])
        let lines = table.render()
        expectEqual(lines[1], "東京  x")
        expectTrue(!lines[2].contains("\u{1B}"))
    }

    @Test func trailingSpacesAreTrimmedAndExtraCellsDropped() {
        var table = TextTable(["a", "b"])
        table.add(["long cell", "", "extra"])
        expectEqual(table.render(), ["a          b", "long cell"])
    }
}
