import Foundation
import WalkscapeTestSupport
import Testing

/// The player's screens in a real terminal (issue 12): overlays that pause everything, the end-of-walk
/// screens, the walk picker, bare tour names, progress while a large trace loads.
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PlayerScreensTmuxTests {
    /// `command` in the repository with a UTF-8 locale, then the exit status.
    func shell(_ command: String, in directory: String = repositoryRoot) -> String {
        "cd \(directory) && LANG=C.UTF-8 TERM=xterm-256color \(command); echo \"EXIT $? END\"; sleep 60"
    }

    /// The header's trace clock (`00:14.2` → 14.2) on the first line.
    static func clock(_ screen: String) -> Double? {
        guard let first = screen.split(separator: "\n").first, let token = first.split(separator: " ").last else { return nil }
        let parts = token.split(separator: ":")
        guard parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else { return nil }
        return minutes * 60 + seconds
    }

    /// The audio bar's elapsed time (`0:05 / -0:24` → 5).
    static func heard(_ screen: String) -> Double? {
        guard let range = screen.range(of: #"\d+:\d\d / -\d+:\d\d"#, options: .regularExpression) else { return nil }
        let parts = screen[range].split(separator: " ")[0].split(separator: ":")
        guard let minutes = Double(parts[0]), let seconds = Double(parts[1]) else { return nil }
        return minutes * 60 + seconds
    }

    /// A copy of the Turin tour in a new temporary directory (`DIR/tours/torino-portici`), `edit` applied
    /// to its tour.json text.
    static func tourCopy(edit: (String) -> String = { $0 }) throws -> (root: String, tour: String) {
        let root = NSTemporaryDirectory() + "walkscape-screens-\(UUID().uuidString.prefix(8))"
        let tour = root + "/tours/torino-portici"
        try FileManager.default.createDirectory(atPath: root + "/tours", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tours/torino-portici", toPath: tour)
        let json = try String(contentsOfFile: tour + "/tour.json", encoding: .utf8)
        try edit(json).write(toFile: tour + "/tour.json", atomically: true, encoding: .utf8)
        return (root, tour)
    }

    /// A GPX walk of `count` fixes one second apart, going north from the Turin tour's start.
    static func bigTrace(_ path: String, count: Int) throws {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        text.reserveCapacity(count * 90)
        for i in 0..<count {
            let lat = 45.06295 + Double(i % 2000) * 0.00001
            let seconds = i % 60, minutes = (i / 60) % 60, hours = i / 3600
            let time = String(format: "2026-01-%02dT%02d:%02d:%02dZ", 1 + hours / 24, hours % 24, minutes, seconds)
            text += "<trkpt lat=\"\(String(format: "%.6f", lat))\" lon=\"7.678800\"><time>\(time)</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func helpPausesTheClockAndTheAudioAlikeAndSaysSo() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(shell("\(CLI.binary) play tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx --lang en --audio none"))
        var screen = try tmux.waitFor(timeout: 60) { (PlayerScreensTmuxTests.heard($0) ?? 0) >= 2 && PlayerScreensTmuxTests.clock($0) != nil }
        expectContains(screen, "walk: torino-portici-clean.gpx", "the header names the trace:\n\(screen)")
        expectContains(screen, "subtitles: en", "the subtitle language is shown:\n\(screen)")
        let before = (clock: PlayerScreensTmuxTests.clock(screen) ?? 0, heard: PlayerScreensTmuxTests.heard(screen) ?? 0)

        try tmux.keys("?")
        screen = try tmux.waitFor { $0.contains("the walk is paused (clock and audio) while this is open") && $0.contains("q  quit") }
        expectContains(screen, "[paused]", "\(screen)")
        // Time that must count for neither the walk nor its audio (what is measured is that it does not).
        Thread.sleep(forTimeInterval: 3)
        try tmux.keys("Escape")
        screen = try tmux.waitFor { !$0.contains("the walk is paused") && PlayerScreensTmuxTests.heard($0) != nil }
        let after = (clock: PlayerScreensTmuxTests.clock(screen) ?? 0, heard: PlayerScreensTmuxTests.heard(screen) ?? 0)
        // The clock and the heard audio moved together (the bar counts whole seconds: within 1.5 s).
        let walked = after.clock - before.clock
        let heard = after.heard - before.heard
        expectTrue(abs(heard - walked) < 1.5, "clock moved \(walked) s, the audio \(heard) s")
        expectTrue(walked < 2.5, "the clock ran while help was open: \(walked) s")

        // s cycles the subtitle language and the header says which.
        try tmux.keys("s")
        screen = try tmux.waitFor { !$0.contains("subtitles: en") }
        expectContains(screen, "subtitles: ", "\(screen)")
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains("Quit the tour in progress?") }
        expectContains(screen, "the walk is paused")
        try tmux.keys("y")
        screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0 END", "\(screen)")
    }

    @Test func pausedBetweenPointsIsShownToo() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(shell("\(CLI.binary) play tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx --lang en --audio none --speed 16"))
        // Point 1's audio is over and point 2 not reached: the audio bar is empty ("—").
        var screen = try tmux.waitFor(timeout: 60) { text in
            text.contains("Stop 2/7") && text.split(separator: "\n").contains { $0.hasSuffix(" —") }
        }
        try tmux.keys("Space")
        screen = try tmux.waitFor { $0.contains("[paused]") }
        expectTrue(screen.split(separator: "\n").first?.contains("[paused]") == true, "no paused mark between points:\n\(screen)")
        expectTrue(screen.split(separator: "\n").contains { $0.hasSuffix(" —") }, "still between points")
        try tmux.keys("Space")
        screen = try tmux.waitFor { !$0.contains("[paused]") }
        expectTrue(!screen.contains("[paused]"))
    }

    @Test func aWalkThatMissedPointsEndsOnTheIncompleteScreen() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(shell("\(CLI.binary) play tours/torino-portici --trace fixtures/traces/torino-portici-missed.gpx --lang en --audio none --speed 64"))
        let screen = try tmux.waitFor(timeout: 90) { $0.contains("tour incomplete") && $0.contains("missed") }
        expectContains(screen, "Walk ended: tour incomplete", "\(screen)")
        expectTrue(!screen.contains("Tour complete"))
        expectContains(screen, "4/7 points played, 3 missed", "\(screen)")
        for point in ["5 ", "6 ", "7 "] { expectTrue(screen.contains("│" + point), "point \(point)missing:\n\(screen)") }
        expectTrue(screen.contains("never entered") || screen.contains("entered while the queue was full") || screen.contains("entered before"))
        expectTrue(!screen.contains("Thank you"), "the tour's thank-you is for a completed tour")
        try tmux.keys("q")
        try expectTrue(tmux.waitFor { $0.contains(" END") }.contains("EXIT 0 END"))
    }

    @Test func aCompletedTourShowsItsMessageAndDonationLink() throws {
        let copy = try PlayerScreensTmuxTests.tourCopy { json in
            var text = json
            text.insert(contentsOf: "\"donationUrl\": \"https://example.org/donate/walkscape\",\n  ", at: text.index(after: text.firstIndex(of: "{")!))
            return text
        }
        defer { try? FileManager.default.removeItem(atPath: copy.root) }
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(shell(
            "\(CLI.binary) play \(copy.tour) --trace \(repositoryRoot)/fixtures/traces/torino-portici-clean.gpx --lang en --audio none --speed 64"))
        let screen = try tmux.waitFor(timeout: 120) { $0.contains("Tour complete") && $0.contains("example.org") }
        expectContains(screen, "7 points played", "\(screen)")
        expectContains(screen, "Support this project:")
        expectContains(screen, "https://example.org/donate/walkscape")
        try tmux.keys("q")
        try expectTrue(tmux.waitFor { $0.contains(" END") }.contains("EXIT 0 END"))
    }

    @Test func withoutUTF8TextIsTransliteratedAndTheItalianUIIsItalian() throws {
        let copy = try PlayerScreensTmuxTests.tourCopy { $0.replacingOccurrences(of: "Torino sotto i portici", with: "Il cœur di Torino, Straße") }
        defer { try? FileManager.default.removeItem(atPath: copy.root) }
        let tmux = Tmux()
        defer { tmux.kill() }
        // it_IT without a codeset: Italian interface, no UTF-8 (ASCII drawing).
        try tmux.start("cd \(copy.root) && LC_ALL= LANG=it_IT TERM=xterm-256color \(CLI.binary) play tours/torino-portici --audio none; echo \"EXIT $? END\"; sleep 60")
        var screen = try tmux.waitFor { $0.contains("Percorso:") && $0.contains("esc indietro") }
        expectContains(screen, "Il coeur di Torino, Strasse", "\(screen)")
        expectTrue(!screen.contains("Il cour"))
        expectContains(screen, "percorso simulato", "\(screen)")
        try tmux.keys("?")
        screen = try tmux.waitFor { $0.contains("Aiuto") }
        expectContains(screen, "tab o t", "\(screen)")
        expectTrue(!screen.contains(" or "))
        try tmux.keys("Escape")
        try tmux.keys("q")
        try expectTrue(tmux.waitFor { $0.contains(" END") }.contains("EXIT 0 END"))
    }

    @Test func aBareTourNameOpensItsDetail() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(shell("\(CLI.binary) play torino-portici --audio none", in: repositoryRoot + "/tours"))
        let screen = try tmux.waitFor { ($0.contains("Walk:") && $0.contains("esc back")) || $0.contains("Tours (") }
        expectContains(screen, "Walk:", "the detail, not the catalogue:\n\(screen)")
        expectContains(screen, "Torino sotto i portici")
        expectTrue(!screen.contains("Tours ("))
        try tmux.keys("q")
        try expectTrue(tmux.waitFor { $0.contains(" END") }.contains("EXIT 0 END"))
    }

    @Test func fifteenWalksScrollAndALargeTraceShowsItsProgress() throws {
        let copy = try PlayerScreensTmuxTests.tourCopy()
        defer { try? FileManager.default.removeItem(atPath: copy.root) }
        try FileManager.default.createDirectory(atPath: copy.tour + "/traces", withIntermediateDirectories: true)
        for i in 1...13 {
            try FileManager.default.copyItem(
                atPath: repositoryRoot + "/fixtures/traces/torino-portici-clean.gpx", toPath: copy.tour + String(format: "/traces/walk-%02d.gpx", i))
        }
        try PlayerScreensTmuxTests.bigTrace(copy.tour + "/traces/zz-big.gpx", count: 60_000)

        // Before curses: reading the large trace is shown on the terminal.
        let direct = Tmux()
        defer { direct.kill() }
        try direct.start(shell("\(CLI.binary) play tours/torino-portici --trace tours/torino-portici/traces/zz-big.gpx --audio none", in: copy.root))
        var screen = try direct.waitFor(timeout: 60, settle: false) { $0.contains("walkscape: reading zz-big.gpx…") || $0.contains("Stop 1/7") }
        expectContains(screen, "walkscape: reading zz-big.gpx…", "no progress while the trace loads:\n\(screen)")
        screen = try direct.waitFor(timeout: 120) { $0.contains("Stop 1/7") }
        expectContains(screen, "walk: zz-big.gpx", "\(screen)")
        direct.kill()

        // The detail lists 15 walks; → ten times keeps the choice on screen.
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(shell("\(CLI.binary) play tours/torino-portici --audio none", in: copy.root))
        screen = try tmux.waitFor { $0.contains("Walk:") && $0.contains("esc back") }
        for _ in 0..<10 { try tmux.keys("Right") }
        screen = try tmux.waitFor { $0.contains(" walk-10 ") }
        expectContains(screen, " walk-10 ", "the chosen walk left the screen:\n\(screen)")
        expectContains(screen, "‹")
        for _ in 0..<4 { try tmux.keys("Right") }
        screen = try tmux.waitFor { $0.contains(" zz-big ") }
        // Inside curses: the loading box, then the player naming the walk.
        try tmux.keys("Enter")
        screen = try tmux.waitFor(timeout: 60, settle: false) { $0.contains("Loading zz-big.gpx…") || $0.contains("Stop 1/7") }
        expectContains(screen, "Loading zz-big.gpx…", "no progress while the walk loads:\n\(screen)")
        screen = try tmux.waitFor(timeout: 120) { $0.contains("Stop 1/7") }
        expectContains(screen, "walk: zz-big.gpx", "\(screen)")
    }
}
