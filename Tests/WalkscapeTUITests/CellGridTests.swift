import Testing
import WalkscapeTestSupport
@testable import WalkscapeTUI

@Suite struct CellGridTests {
    @Test func writesClipsAndSnapshotsText() {
        var grid = CellGrid(width: 10, height: 3)
        grid.put("Stop 2/6 · Piazza", x: 0, y: 0)
        grid.put("ok", x: 8, y: 1)
        grid.put("gone", x: 0, y: 5)
        expectEqual(grid.text, "Stop 2/6 ·\n        ok\n")
    }

    @Test func wideCharactersTakeTwoCellsAndAreNeverHalfDrawn() {
        var grid = CellGrid(width: 5, height: 1)
        let used = grid.put("東京x", x: 0, y: 0)
        expectEqual(used, 5)
        expectEqual(grid.text, "東京x")
        expectTrue(grid[1, 0].isContinuation)
        var clipped = CellGrid(width: 3, height: 1)
        clipped.put("a東京", x: 0, y: 0)
        expectEqual(clipped.text, "a東")
        // Overwriting half of a wide character blanks the other half.
        clipped.set(x: 2, y: 0, "z")
        expectEqual(clipped.text, "a z")
    }

    @Test func controlCharactersAndEscapesNeverReachTheGrid() {
        var grid = CellGrid(width: 12, height: 1)
        grid.put("a\u{1B}[31mb\u{7}c\td", x: 0, y: 0)
        expectEqual(grid.text, "abc d")
    }

    @Test func changesAreRunsOfDifferingCells() {
        var first = CellGrid(width: 6, height: 2)
        first.put("abcdef", x: 0, y: 0)
        var second = first
        second.put("XY", x: 2, y: 0)
        second.put("!", x: 5, y: 1, style: CellStyle(foreground: .active, bold: true))
        let runs = second.changes(since: first)
        expectEqual(runs.count, 2)
        expectTrue(runs[0].x == 2 && runs[0].y == 0 && String(runs[0].cells.map(\.character)) == "XY")
        expectTrue(runs[1].x == 5 && runs[1].y == 1 && runs[1].cells[0].style.bold)
        expectTrue(second.changes(since: second).isEmpty)
        expectEqual(second.changes(since: nil).count, 2)  // a first frame redraws every row
    }

    @Test func restyleKeepsCharacters() {
        var grid = CellGrid(width: 4, height: 1)
        grid.put("next", x: 0, y: 0)
        grid.restyle(x: 1, y: 0, width: 2) { $0.reverse = true }
        expectEqual(grid.text, "next")
        expectTrue(grid[1, 0].style.reverse && grid[2, 0].style.reverse && !grid[3, 0].style.reverse)
    }
}
