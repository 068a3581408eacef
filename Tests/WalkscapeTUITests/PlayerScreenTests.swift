import Testing
import WalkscapeCore
@testable import WalkscapeTUI

/// A frame in the middle of a walk: point 1 played, point 2 playing with a subtitle, 3 next.
func sampleFrame(overlay: PlayerFrame.Overlay? = nil, showLog: Bool = false, speed: Double = 1) -> PlayerFrame {
    var scene = sampleScene()
    scene.points[1].state = .playing
    scene.points[2].state = .next
    return PlayerFrame(
        tourTitle: "Torino sotto i portici", stop: (order: 2, count: 3, title: "Piazza San Carlo"),
        gps: .init(fixAge: 1, accuracy: 6), traceTime: 237, speed: speed, map: scene,
        routeCard: RouteCard(order: 3, title: "Piazza Castello", distanceMeters: 412, bearingDegrees: 80, status: .waiting),
        subtitles: SubtitleBox(current: ["<i>Piazza San Carlo</i> è il salotto di Torino:\nportici, caffè storici e due chiese gemelle."], previous: "Benvenuti in via Roma."),
        audio: AudioBar(title: "Piazza San Carlo", elapsed: 12.4, duration: 38.3, queued: 0, paused: false, muted: speed != 1),
        log: ["03:57.0 point_triggered 2", "03:57.0 audio_started 2"], showLog: showLog, overlay: overlay)
}

@Suite struct PlayerScreenTests {
    let italian = UIStrings(language: "it")

    @Test func fullFrameBraille80x24() throws {
        let grid = PlayerScreen(strings: italian, ascii: false).render(sampleFrame(showLog: true), width: 80, height: 24)
        #expect(try matchesSnapshot(grid.text, "player-braille-80x24-it.txt"), "\n\(grid.text)")
        let text = grid.text
        #expect(text.contains("Tappa 2/3 · Piazza San Carlo"))
        #expect(text.contains("GPS ok · fix 1 s · ±6 m"))
        #expect(text.contains("Prossima tappa 3 · in attesa"))
        #expect(text.contains("→ 412 m · 6 min a piedi"))  // 412 m at 4.5 km/h = 5.5 min → 6
        #expect(text.contains("0:12 / -0:25"))
        #expect(text.contains("portici, caffè storici e due chiese gemelle."))
        #expect(!text.contains("<i>"), "tags are stripped")
    }

    @Test func minimumSizeAscii60x20() throws {
        let grid = PlayerScreen(strings: UIStrings(language: "en"), ascii: true).render(sampleFrame(speed: 8), width: 60, height: 20)
        #expect(try matchesSnapshot(grid.text, "player-ascii-60x20-en.txt"), "\n\(grid.text)")
        #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII || "èé·—±×−¼…".unicodeScalars.contains($0) })
        #expect(grid.text.contains("×8 (muted above ×2)"))
    }

    @Test func tooSmallSaysWhatItNeeds() {
        let grid = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(sampleFrame(), width: 40, height: 10)
        #expect(grid.text.contains("terminal too small: need 60×20"))
        #expect(grid.text.contains("(40×10)"))
    }

    @Test func helpOverlayListsTheKeys() throws {
        let grid = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(sampleFrame(overlay: .help), width: 80, height: 24)
        #expect(try matchesSnapshot(grid.text, "player-help-80x24-en.txt"), "\n\(grid.text)")
        for key in ["space", "seek", "replay", "speed", "follow", "zoom", "event log", "quit"] { #expect(grid.text.contains(key)) }
    }

    @Test func completionScreenSummarises() {
        let summary = CompletionSummary(played: 6, missed: [5], walkingSeconds: 2040, distanceMeters: 2810,
            message: "Grazie per aver camminato con noi.", donation: "example.org/dona")
        let grid = PlayerScreen(strings: italian, ascii: false).render(sampleFrame(overlay: .completion(summary)), width: 80, height: 24)
        let text = grid.text
        #expect(text.contains("Tour completato"))
        #expect(text.contains("6 tappe ascoltate, 1 mancate (5)"))
        #expect(text.contains("34 min, 2.8 km percorsi"))
        #expect(text.contains("Grazie per aver camminato con noi."))
        #expect(text.contains("Sostieni questo progetto: example.org/dona"))
    }

    @Test func controlCharactersFromToursNeverReachTheScreen() {
        var frame = sampleFrame()
        frame.tourTitle = "Evil\u{1B}]0;pwned\u{07} tour\u{1B}[2J"
        frame.subtitles = SubtitleBox(current: ["line\u{1B}[31m red"])
        let text = PlayerScreen(strings: italian, ascii: false).render(frame, width: 80, height: 24).text
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.contains("Evil tour"))
    }

    @Test func arrowsAndWalkingTimes() {
        #expect(RouteCard.arrow(for: 0, ascii: false) == "↑")
        #expect(RouteCard.arrow(for: 44, ascii: false) == "↗")
        #expect(RouteCard.arrow(for: 359, ascii: false) == "↑")
        #expect(RouteCard.arrow(for: 225, ascii: true) == "SW")
        #expect(RouteCard(order: 1, title: "", distanceMeters: 75, bearingDegrees: 0, status: .inside).walkingMinutes == 1)
        #expect(RouteCard(order: 1, title: "", distanceMeters: 1500, bearingDegrees: 0, status: .inside).walkingMinutes == 20)
    }

    @Test func subtitleWrapping() {
        #expect(SubtitleBox.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(SubtitleBox.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    }
}
