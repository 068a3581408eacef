import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTUI

/// The widget contract: every widget draws inside the rectangle it is given, and nowhere else.
@Suite struct WidgetTests {
    let context = WidgetContext(strings: UIStrings(language: "en"), ascii: false)

    /// The cells outside `area` that `widget` changed on a grid filled with a marker.
    func outside(_ widget: some Widget, area: Rect, context: WidgetContext) -> [(Int, Int)] {
        var grid = CellGrid(width: 100, height: 40)
        for y in 0..<40 { for x in 0..<100 { grid[x, y] = CellGrid.Cell("~") } }
        let before = grid
        grid.render(widget, in: area, context: context)
        var changed: [(Int, Int)] = []
        for y in 0..<40 {
            for x in 0..<100 where grid[x, y] != before[x, y] {
                if !(x >= area.x && x < area.x + area.width && y >= area.y && y < area.y + area.height) { changed.append((x, y)) }
            }
        }
        return changed
    }

    @Test func everyPlayerWidgetStaysInItsRectangle() {
        let frame = sampleFrame(showLog: true)
        let area = Rect(x: 20, y: 10, width: 40, height: 12)
        for ascii in [false, true] {
            let context = WidgetContext(strings: UIStrings(language: "it"), ascii: ascii)
            expectTrue(outside(RouteMap(scene: frame.map, projection: nil), area: area, context: context).isEmpty, "map, ascii \(ascii)")
            expectTrue(outside(frame.routeCard!, area: Rect(x: 20, y: 10, width: 40, height: 4), context: context).isEmpty, "route card")
            expectTrue(outside(frame.audio, area: Rect(x: 20, y: 10, width: 40, height: 3), context: context).isEmpty, "audio bar")
            expectTrue(outside(frame.subtitles, area: Rect(x: 20, y: 10, width: 40, height: 4), context: context).isEmpty, "subtitles")
            expectTrue(outside(EventLog(lines: (1...30).map { "line \($0)" }), area: area, context: context).isEmpty, "event log")
        }
    }

    @Test func theEventLogShowsItsTitleAndTheNewestLinesThatFit() {
        var grid = CellGrid(width: 30, height: 6)
        grid.render(EventLog(lines: (1...9).map { "line \($0)" }), in: Rect(x: 0, y: 1, width: 30, height: 4), context: context)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        expectEqual(rows[1], "Events")
        expectEqual(Array(rows[2...4]), ["line 7", "line 8", "line 9"])
        expectTrue(rows[5].isEmpty)
    }
}
