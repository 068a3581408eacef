import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTUI

/// E3 of issue 13: escape sequences in a tour's title must not reach the catalogue. Titles enter through
/// `TourDecoder`, which sanitises them once; the rows then keep their columns.
@Suite struct BrowserHostileTextTests {
    /// The sample tour's `tour.json` with `title` and `city` replaced, decoded as the catalogue decodes it.
    func listing(title: String, city: String, id: String) throws -> TourListing {
        let path = tuiTestsDirectory + "/../../tours/torino-portici/tour.json"
        var root = try JSONParser().parse([UInt8](try #require(FileManager.default.contents(atPath: path))))
        root.setMember("title", to: .object([("en", .string(title))]))
        root.setMember("city", to: .string(city))
        root.setMember("id", to: .string(id))
        let decoded = TourDecoder(file: "tour.json").decode(root)
        let tour = try #require(decoded.tour)
        return TourListing(
            id: tour.id, directory: "tours/" + id, title: tour.title.resolved("en", fallbacks: tour.languages), description: "",
            city: tour.city, durationMinutes: tour.durationMinutes, distanceKm: tour.distanceKm, languages: tour.languages,
            isProtected: tour.isProtected, availability: .ready)
    }

    @Test func oscSequencesInTitlesKeepTheColumns() throws {
        let tours = [
            try listing(title: "Plain title", city: "Torino", id: "a"),
            // A terminated OSC (window title) and an OSC 52 clipboard write.
            try listing(title: "Evil\u{1B}]0;pwned\u{07} title\u{1B}]52;c;ZWNobyBoaQ==\u{07}", city: "Tor\u{1B}[2Jino", id: "b"),
            // An unterminated OSC swallows everything after it on a real terminal.
            try listing(title: "Open \u{1B}]8;;http://x", city: "Torino", id: "c"),
        ]
        let grid = BrowserScreen(strings: UIStrings(language: "en"), ascii: false).render(BrowserState(tours: tours), width: 100, height: 20)
        let text = grid.text
        expectTrue(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\n\(text)")
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let plain = try #require(rows.first { $0.contains("Plain title") })
        let evil = try #require(rows.first { $0.contains("Evil") })
        let open = try #require(rows.first { $0.contains("Open") })
        expectContains(evil, "Evil title")
        func column(_ row: String, _ word: String) -> Int? {
            row.range(of: word).map { DisplayWidth.of(String(row[..<$0.lowerBound])) }
        }
        // Every row's city and duration start in the same column as the plain row's.
        let cityColumn = try #require(column(plain, "Torino"))
        expectEqual(column(evil, "Torino"), cityColumn, "\n\(text)")
        expectEqual(column(open, "Torino"), cityColumn, "\n\(text)")
        let minutes = try #require(column(plain, " min"))
        expectEqual(column(evil, " min"), minutes)
        expectEqual(column(open, " min"), minutes, "the columns after an unterminated OSC are drawn")
    }
}
