import Testing
import WalkscapeTestSupport
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
        try expectTrue(matchesSnapshot(grid.text, "player-braille-80x24-it.txt"), "\n\(grid.text)")
        let text = grid.text
        expectContains(text, "Tappa 2/3 · Piazza San Carlo")
        expectContains(text, "GPS ok · fix 1 s · ±6 m")
        expectContains(text, "Prossima tappa 3 · in attesa")
        expectContains(text, "→ 412 m · 6 min a piedi")  // 412 m at 4.5 km/h = 5.5 min → 6
        expectContains(text, "0:12 / -0:25")
        expectContains(text, "portici, caffè storici e due chiese gemelle.")
        expectTrue(!text.contains("<i>"), "tags are stripped")
    }

    @Test func minimumSizeAscii60x20() throws {
        let grid = PlayerScreen(strings: UIStrings(language: "en"), ascii: true).render(sampleFrame(speed: 8), width: 60, height: 20)
        try expectTrue(matchesSnapshot(grid.text, "player-ascii-60x20-en.txt"), "\n\(grid.text)")
        expectTrue(grid.text.unicodeScalars.allSatisfy { $0.isASCII || "èé·—±×−¼…".unicodeScalars.contains($0) })
        expectContains(grid.text, "×8 (muted above ×2)")
    }

    @Test func tooSmallSaysWhatItNeeds() {
        let grid = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(sampleFrame(), width: 40, height: 10)
        expectContains(grid.text, "terminal too small: need 60×20")
        expectContains(grid.text, "(40×10)")
    }

    @Test func helpOverlayListsTheKeys() throws {
        let grid = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(sampleFrame(overlay: .help), width: 80, height: 24)
        try expectTrue(matchesSnapshot(grid.text, "player-help-80x24-en.txt"), "\n\(grid.text)")
        for key in ["space", "seek", "replay", "speed", "follow", "zoom", "event log", "quit"] { expectTrue(grid.text.contains(key)) }
    }

    @Test func completionScreenOnlyForACompleteTourWithItsDonationLink() throws {
        let summary = CompletionSummary(played: 7, missed: [], walkingSeconds: 2040, distanceMeters: 2810,
            message: "Grazie per aver camminato con noi.", donation: "https://example.org/dona")
        let grid = PlayerScreen(strings: italian, ascii: false).render(sampleFrame(overlay: .completion(summary)), width: 80, height: 24)
        try expectTrue(matchesSnapshot(grid.text, "player-complete-80x24-it.txt"), "\n\(grid.text)")
        let text = grid.text
        expectContains(text, "Tour completato")
        expectContains(text, "7 tappe ascoltate")
        expectContains(text, "34 min, 2.8 km percorsi")
        expectContains(text, "Grazie per aver camminato con noi.")
        expectContains(text, "Sostieni questo progetto:")
        expectContains(text, "https://example.org/dona")
    }

    @Test func incompleteWalkListsWhatWasMissedAndWhy() throws {
        let summary = CompletionSummary(
            played: 4, missed: [5, 6, 7], walkingSeconds: 1500, distanceMeters: 2100, message: "Thank you for walking with us.",
            donation: "https://example.org/donate",
            missedPoints: [
                MissedPoint(order: 5, title: "Palazzo Madama", reason: .enteredWhileQueueFull),
                MissedPoint(order: 6, title: "Via Po", reason: .enteredOutOfOrder), MissedPoint(order: 7, title: "Piazza Vittorio", reason: .neverEntered),
            ])
        let grid = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(sampleFrame(overlay: .completion(summary)), width: 80, height: 24)
        try expectTrue(matchesSnapshot(grid.text, "player-incomplete-80x24-en.txt"), "\n\(grid.text)")
        let text = grid.text
        expectContains(text, "Walk ended: tour incomplete")
        expectTrue(!text.contains("Tour complete"))
        expectContains(text, "4/7 points played, 3 missed")
        expectContains(text, "5 Palazzo Madama — entered while the queue was full")
        expectContains(text, "6 Via Po — entered before the points before it")
        expectContains(text, "7 Piazza Vittorio — never entered")
        expectTrue(!text.contains("Thank you for walking"), "the completion message is for a completed tour")
        expectTrue(!text.contains("example.org"))
    }

    @Test func headerShowsPausedTheTraceAndTheSubtitleLanguage() {
        var frame = sampleFrame()
        frame.paused = true
        frame.audio.title = nil  // between points: no audio bar to carry the mark
        frame.traceName = "torino-portici-clean.gpx"
        frame.subtitleLanguage = "en"
        frame.hasSubtitles = true
        var text = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(frame, width: 100, height: 30).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        expectTrue(lines[0].hasSuffix("[paused]  3:57.0"), "\(lines[0])")
        expectTrue(lines[1].hasSuffix("walk: torino-portici-clean.gpx · subtitles: en"), "\(lines[1])")
        frame.subtitleLanguage = nil
        frame.paused = false
        text = PlayerScreen(strings: italian, ascii: false).render(frame, width: 100, height: 30).text
        expectContains(text, "percorso: torino-portici-clean.gpx · sottotitoli: disattivato")
        expectTrue(!text.contains("[in pausa]"))
    }

    @Test func helpMatchesTheKeysAndSaysTheWalkIsPaused() {
        let text = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(sampleFrame(overlay: .help), width: 80, height: 24).text
        expectContains(text, "the walk is paused (clock and audio) while this is open")
        expectTrue(!text.contains("hjkl"), "l opens the log, ←/→ seek: they do not pan")
        expectContains(text, "h / L       pan left / right")
        expectContains(text, "k j ↑ ↓     pan up / down")
        let quit = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(sampleFrame(overlay: .confirmQuit), width: 80, height: 24).text
        expectContains(quit, "the walk is paused (clock and audio) while this is open")
        let italianHelp = PlayerScreen(strings: italian, ascii: false).render(sampleFrame(overlay: .help), width: 80, height: 24).text
        expectContains(italianHelp, "[ ] o - +")
        expectTrue(!italianHelp.contains(" or "))
    }

    @Test func controlCharactersFromToursNeverReachTheScreen() {
        var frame = sampleFrame()
        frame.tourTitle = "Evil\u{1B}]0;pwned\u{07} tour\u{1B}[2J"
        frame.subtitles = SubtitleBox(current: ["line\u{1B}[31m red"])
        let text = PlayerScreen(strings: italian, ascii: false).render(frame, width: 80, height: 24).text
        expectTrue(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        expectContains(text, "Evil tour")
    }

    @Test func arrowsAndWalkingTimes() {
        expectEqual(RouteCard.arrow(for: 0, ascii: false), "↑")
        expectEqual(RouteCard.arrow(for: 44, ascii: false), "↗")
        expectEqual(RouteCard.arrow(for: 359, ascii: false), "↑")
        expectEqual(RouteCard.arrow(for: 225, ascii: true), "SW")
        expectEqual(RouteCard(order: 1, title: "", distanceMeters: 75, bearingDegrees: 0, status: .inside).walkingMinutes, 1)
        expectEqual(RouteCard(order: 1, title: "", distanceMeters: 1500, bearingDegrees: 0, status: .inside).walkingMinutes, 20)
    }

    /// Past 90 minutes the card counts hours, past a day days: never `22215 min walk`.
    @Test func longWalkingTimesAreHoursAndDays() {
        func time(_ meters: Double, _ strings: UIStrings = UIStrings(language: "en")) -> String {
            RouteCard(order: 1, title: "", distanceMeters: meters, bearingDegrees: 0, status: .waiting).walkingTime(strings: strings)
        }
        // The distance of a walk of `minutes` (rounded up): half a minute less.
        func walk(_ minutes: Int) -> Double { (Double(minutes) - 0.5) * RouteCard.walkingSpeed * 60 }
        expectEqual(time(1500), "20 min walk")
        expectEqual(time(walk(90)), "90 min walk")
        expectEqual(time(walk(91)), "1 h 31 min walk")
        expectEqual(time(walk(120)), "2 h walk")
        expectEqual(time(walk(22_215)), "15 d 10 h walk")
        expectEqual(time(walk(48 * 60)), "2 d walk")
        expectEqual(time(walk(22_215), italian), "15 g 10 h a piedi")
        expectEqual(time(walk(125), UIStrings(language: "fr")), "2 h 5 min à pied")
        var frame = sampleFrame()
        frame.routeCard = RouteCard(order: 3, title: "Piazza Castello", distanceMeters: walk(22_215), bearingDegrees: 80, status: .waiting)
        let text = PlayerScreen(strings: italian, ascii: false).render(frame, width: 100, height: 30).text
        expectTrue(text.contains("15 g 10 h a piedi") && !text.contains("22215"), "\(text)")
    }

    @Test func subtitleWrapping() {
        expectEqual(SubtitleBox.wrap("one two three four", width: 9), ["one two", "three", "four"])
        expectEqual(SubtitleBox.wrap("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
    }

    @Test func theHeaderSaysWhichSpeedsAreHeard() {
        func header(_ speed: Double) -> String {
            let grid = PlayerScreen(strings: UIStrings(language: "en"), ascii: true).render(sampleFrame(speed: speed), width: 100, height: 30)
            return String(grid.text.split(separator: "\n").first ?? "")
        }
        expectTrue(header(1.5).hasSuffix("×1.5"))
        expectTrue(header(2).hasSuffix("×2"))
        expectTrue(header(0.5).hasSuffix("×1/2"))
        expectTrue(header(4).hasSuffix("×4 (muted above ×2)"))
        expectTrue(header(0.25).hasSuffix("×1/4 (muted below ×1/2)"))
    }
}

/// The clock's fast path: a frame that differs from the last only in its times, drawn over the last grid,
/// gives the very grid a whole render gives, and says which rows changed.
@Suite struct PlayerScreenTimesTests {
    @Test(arguments: [(false, 80, 24, false), (true, 60, 20, false), (false, 200, 60, true), (false, 100, 30, true)])
    func redrawingTheTimesEqualsAWholeRender(ascii: Bool, width: Int, height: Int, noCard: Bool) {
        let screen = PlayerScreen(strings: UIStrings(language: "en"), ascii: ascii)
        var previous = sampleFrame(showLog: width > 90)
        if noCard { previous.routeCard = nil }
        var grid = screen.render(previous, width: width, height: height)
        var random = SplitMix64(seed: UInt64(width))
        for step in 0..<300 {
            var frame = previous
            frame.traceTime += (random.uniform(in: 0...3)).rounded() / 10
            if step % 7 == 0 { frame.gps.fixAge = frame.gps.fixAge.map { $0 + 1 } }
            if step % 3 == 0 { frame.audio.elapsed += (random.uniform(in: 0...20)).rounded() / 10 }
            let before = grid
            guard let rows = screen.redrawTimes(frame, over: previous, in: &grid) else {
                Issue.record("step \(step): only the times changed, yet a whole render was asked for")
                return
            }
            let whole = screen.render(frame, width: width, height: height)
            expectEqual(grid, whole, "step \(step)")
            // Every changed cell lies in a row said to have changed.
            for run in whole.changes(since: before) { expectTrue(rows.contains(run.y), "row \(run.y) changed unannounced at step \(step)") }
            previous = frame
        }
        // Anything else changed, or an overlay: a whole render.
        var moved = previous
        moved.subtitles = SubtitleBox(current: ["another line"])
        expectTrue(screen.redrawTimes(moved, over: previous, in: &grid) == nil)
        expectTrue(screen.redrawTimes(sampleFrame(overlay: .help), over: previous, in: &grid) == nil)
    }
}
