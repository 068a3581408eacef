import Foundation
import Testing
import WalkscapeTestSupport

/// `walkscape play --watch` in a real terminal (tmux): an edited subtitle shows without leaving the player,
/// a broken tour.json shows its validation line while the walk goes on, and mending it reloads again.
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PlayWatchTmuxTests {
    @Test func editsAreSeenWithoutLeavingThePlayer() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(
            "cd \(repositoryRoot) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play \(copy.directory) --watch "
                + "--trace fixtures/traces/torino-portici-brisk.gpx --audio none --speed 1; echo \"EXIT $? END\"; sleep 60",
            width: 110, height: 30)
        // Point 1's second cue, 4.5 s into its recording.
        var screen = try tmux.waitFor(timeout: 30) { $0.contains("Alle vostre spalle") }
        expectContains(screen, "Alle vostre spalle", "\(screen)")
        try tmux.keys("Space")  // hold the walk on this cue

        // A subtitle line edited on disk: the new text replaces the old one on screen.
        let subtitle = copy.directory + "/subtitles/it/p1.it.srt"
        let text = try String(contentsOfFile: subtitle, encoding: .utf8)
        try text.replacingOccurrences(of: "Alle vostre spalle", with: "Dietro di voi, MODIFICATO,").write(toFile: subtitle, atomically: false, encoding: .utf8)
        screen = try tmux.waitFor(timeout: 10) { $0.contains("MODIFICATO") }
        expectContains(screen, "Dietro di voi, MODIFICATO,", "\(screen)")
        expectTrue(!screen.contains("Alle vostre spalle"))
        expectContains(screen, "reloaded after changes to subtitles/it/p1.it.srt", "\(screen)")
        expectContains(screen, "Stop 1/7")  // the walk's position is kept

        // A radius changed (the engine's tour is rebuilt): the walk stays where it was, paused, on the same cue.
        let json = copy.directory + "/tour.json"
        let original = try String(contentsOfFile: json, encoding: .utf8)
        let header = screen.split(separator: "\n").first.map(String.init) ?? ""
        let last = try #require(original.range(of: "\"triggerRadiusMeters\": 150", options: .backwards))
        try original.replacingCharacters(in: last, with: "\"triggerRadiusMeters\": 140").write(toFile: json, atomically: true, encoding: .utf8)
        screen = try tmux.waitFor(timeout: 10) { $0.contains("reloaded after changes to tour.json") }
        expectContains(screen, "reloaded after changes to tour.json", "\(screen)")
        Thread.sleep(forTimeInterval: 1)  // still paused a second later (a session rebuilt unpaused would move on)
        screen = try tmux.screen()
        expectEqual(screen.split(separator: "\n").first.map(String.init), header, "the walk moved:\n\(screen)")
        expectContains(screen, "Dietro di voi, MODIFICATO,")

        // tour.json broken: its validation line shows, and the walk goes on with the last good version.
        try tmux.keys("Space")
        let good = try String(contentsOfFile: json, encoding: .utf8)
        try good.replacingOccurrences(of: "\"triggerRadiusMeters\": 150", with: "\"triggerRadiusMeters\": -5").write(toFile: json, atomically: false, encoding: .utf8)
        screen = try tmux.waitFor(timeout: 10) { $0.contains("the last good version plays on") }
        let errorLine = screen.split(separator: "\n").last { $0.contains("the last good version plays on") }.map(String.init) ?? ""
        expectTrue(errorLine.hasPrefix("edit not loaded, the last good version plays on: tour.json: points[0].triggerRadiusMeters: error: "), "\(screen)")
        let before = screen.split(separator: "\n").first.map(String.init) ?? ""
        screen = try tmux.waitFor(timeout: 10) { ($0.split(separator: "\n").first.map(String.init) ?? "") != before }
        let after = screen.split(separator: "\n").first.map(String.init) ?? ""
        expectTrue(after != before, "the walk stopped:\n\(screen)")
        expectContains(screen, "the last good version plays on")  // until the next good edit
        // The last good version's subtitles are still those on screen (the edited cue or the next ones).
        screen = try tmux.waitFor(timeout: 15) { $0.contains("Porta Nuova") || $0.contains("MODIFICATO") }
        expectTrue(screen.contains("Porta Nuova") || screen.contains("MODIFICATO"), "\(screen)")

        // Mended: reloaded again, the error line gone.
        try good.write(toFile: json, atomically: true, encoding: .utf8)
        screen = try tmux.waitFor(timeout: 10) { $0.contains("reloaded after changes to tour.json") }
        expectContains(screen, "reloaded after changes to tour.json", "\(screen)")
        expectTrue(!screen.contains("the last good version plays on"))

        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("Quit the tour in progress?") }
        try tmux.keys("y")
        screen = try tmux.waitFor { $0.contains("EXIT ") }
        expectContains(screen, "EXIT 0 END", "\(screen)")
    }

    @Test func allowMissingMarksThePointsPlayedAsSilence() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        try FileManager.default.removeItem(atPath: copy.directory + "/audio/it/p2.mp3")
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(
            "cd \(repositoryRoot) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play \(copy.directory) --allow-missing "
                + "--trace fixtures/traces/torino-portici-brisk.gpx --audio none --speed 64; echo \"EXIT $? END\"; sleep 60",
            width: 160, height: 30)
        // The warning printed before the screen took over shows on its last row first.
        let first = try tmux.waitFor(timeout: 30) { $0.contains("warning: --allow-missing") }
        expectContains(first, "warning: --allow-missing: missing it recordings play as silence: point 2", "\(first)")
        // The route card names the next stop, marked as played in silence.
        let screen = try tmux.waitFor(timeout: 30) { $0.contains("Piazza San Carlo [no recording]") }
        expectContains(screen, "Piazza San Carlo [no recording]", "\(screen)")
        expectTrue(!screen.contains("Porta Nuova e Piazza Carlo Felice [no recording"))
        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("Quit the tour in progress?") || $0.contains("EXIT ") }
        try tmux.keys("y")
    }
}
