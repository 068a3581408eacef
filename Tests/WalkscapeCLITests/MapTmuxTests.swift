import Foundation
import Testing
import WalkscapeTestSupport

/// The offline map in a real terminal: the Helsinki tour's tiles draw street cells around the route with their
/// attribution and the names of the streets walked; `b` turns the basemap off and on again.
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct MapTmuxTests {
    /// Braille cells (U+2800…U+28FF) in the map pane: the left 60 columns of rows 2 to 22 of a 100 × 30 screen.
    static func mapCells(_ screen: String) -> Int {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        var count = 0
        for row in rows.dropFirst(2).prefix(21) {
            for character in row.prefix(60) {
                if let scalar = character.unicodeScalars.first, (0x2801...0x28FF).contains(scalar.value) { count += 1 }
            }
        }
        return count
    }

    @Test func streetsAroundTheRouteAndBTurnsThemOff() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(
            "cd \(repositoryRoot) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play tours/helsinki-keskusta "
                + "--trace fixtures/traces/helsinki-keskusta-clean.gpx --audio none --speed 1; echo \"EXIT $? END\"; sleep 60")
        var screen = try tmux.waitFor(timeout: 60) { $0.contains("Stop 1/5") && $0.contains("OpenStreetMap") }
        expectContains(screen, "© OpenStreetMap contributors", "\(screen)")
        // Pause, so that the walker does not move between the two captures.
        try tmux.keys("Space")
        screen = try tmux.waitFor { $0.contains("paused") }
        let named = ["Mikonkatu", "Aleksanterinkatu", "Unioninkatu", "Eteläesplanadi", "Eteläranta", "Pohjoisesplanadi"].filter { screen.contains($0) }
        expectTrue(named.count >= 2, "street names on the map: \(named)\n\(screen)")
        let withBasemap = Self.mapCells(screen)

        try tmux.keys("b")
        screen = try tmux.waitFor { !$0.contains("OpenStreetMap") }
        expectTrue(!screen.contains("OpenStreetMap"), "\(screen)")
        expectTrue(!screen.contains("Mikonkatu") && !screen.contains("Eteläesplanadi"))
        let without = Self.mapCells(screen)
        // The route and the regions take about 200 cells; the streets around them about as many again and more.
        expectTrue(without > 20, "the route is gone too:\n\(screen)")
        expectTrue(withBasemap > 2 * without, "\(withBasemap) map cells with the basemap, \(without) without")

        try tmux.keys("b")
        screen = try tmux.waitFor { $0.contains("OpenStreetMap") }
        expectEqual(Self.mapCells(screen), withBasemap)
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains("Quit the tour in progress?") }
        try tmux.keys("y")
        screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0 END", "\(screen)")
    }
}
