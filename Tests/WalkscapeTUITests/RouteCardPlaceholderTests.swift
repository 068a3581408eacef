import Testing
import WalkscapeTestSupport
import WalkscapeTUI

/// The route card marks a stop whose recording is a placeholder, in the listener's language.
@Suite struct RouteCardPlaceholderTests {
    func heading(_ card: RouteCard, strings: UIStrings, width: Int = 60) -> String {
        var grid = CellGrid(width: width, height: 3)
        card.draw(into: &grid, x: 0, y: 0, width: width, strings: strings, ascii: false)
        return String(grid.text.split(separator: "\n", omittingEmptySubsequences: false)[0])
    }

    @Test func placeholderStopIsMarked() {
        let card = RouteCard(order: 2, title: "Via Po", distanceMeters: 120, bearingDegrees: 10, status: .waiting, placeholder: true)
        expectTrue(heading(card, strings: UIStrings(language: "en")).hasPrefix("Next stop 2 · waiting · placeholder"))
        expectTrue(heading(card, strings: UIStrings(language: "it")).hasPrefix("Prossima tappa 2 · in attesa · provvisorio"))
        var real = card
        real.placeholder = false
        expectTrue(!heading(real, strings: UIStrings(language: "en")).contains("placeholder"))
        // A narrow card cuts the mark, never the status.
        expectEqual(heading(card, strings: UIStrings(language: "en"), width: 22), "Next stop 2 · waiting")
    }
}
