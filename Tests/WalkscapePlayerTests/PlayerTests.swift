import Synchronization
import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeRuntime
@testable import WalkscapePlayer
@testable import WalkscapeTUI

/// The player's reducer, without a terminal: keys and ticks in, state and effects out.
@Suite struct PlayerTests {
    func state(speed: Double = 1, languages: [String] = ["it", "en"]) -> PlayerState {
        let (tour, trace) = sessionInputs()
        let session = PlayerSession(tour: tour, trace: trace, speed: speed)
        let info = PlayerTourInfo(title: "Tour", pointTitles: [1: "Uno", 2: "Due", 3: "Tre"], route: [], completionMessage: "Grazie", subtitles: [:])
        return PlayerState(session: session, info: info, subtitleLanguages: languages, subtitleLanguage: languages.first, traceName: "walk.gpx")
    }

    @Test func quittingAsksFirstAndTheQuestionHoldsTheWalk() {
        var s = state()
        _ = Player.reduce(&s, .tick(wallSeconds: 30))
        // The question holds the walk: the narration playing pauses (an effect the loop hands to the sink).
        expectEqual(Player.reduce(&s, key: .character("q")), [.walkUpdate(WalkUpdate(audio: [.pause]))])
        expectEqual(s.overlay, .confirmQuit)
        expectTrue(s.session.paused)
        _ = Player.reduce(&s, .tick(wallSeconds: 10))
        expectEqual(s.session.traceTime, 30)
        // Any other key says no: the question closes and the walk goes on.
        expectEqual(Player.reduce(&s, key: .character("n")), [.walkUpdate(WalkUpdate(audio: [.resume]))])
        expectTrue(s.overlay == nil && !s.session.paused)
        expectTrue(s.session.engine.playing?.point == 1)  // `n` answered the question; it did not skip the audio
        _ = Player.reduce(&s, key: .character("q"))
        for yes in ["y", "S", "o"] {
            var asked = s
            expectEqual(Player.reduce(&asked, key: .character(Character(yes))), [.quit])
        }
    }

    @Test func afterTheEndQuitIsImmediateAndTheCompletionShows() {
        var s = state(speed: 64)
        while !s.session.ended { _ = Player.reduce(&s, .tick(wallSeconds: 1)) }
        guard case let .completion(summary)? = s.overlay else {
            Issue.record("no completion overlay: \(String(describing: s.overlay))")
            return
        }
        expectTrue(summary.played == 3 && summary.missed.isEmpty)
        expectEqual(summary.message, "Grazie")
        expectTrue(abs(summary.distanceMeters - 1050) < 0.1)
        expectEqual(summary.walkingSeconds, 525)
        expectEqual(Player.reduce(&s, key: .character("q")), [.quit])
    }

    @Test func helpTakesTheNextKeyAndHoldsTheWalk() {
        var s = state()
        _ = Player.reduce(&s, key: .character("?"))
        expectTrue(s.overlay == .help && s.session.paused)
        expectEqual(Player.reduce(&s, key: .character("q")), [])  // closes help, does not ask to quit
        expectTrue(s.overlay == nil && !s.session.paused)
    }

    @Test func subtitlesCycleThroughTheLanguagesThenOff() {
        var s = state()
        expectEqual(Player.reduce(&s, key: .character("s")), [.loadSubtitles("en")])
        expectEqual(Player.reduce(&s, key: .character("s")), [.loadSubtitles(nil)])
        expectEqual(Player.reduce(&s, key: .character("s")), [.loadSubtitles("it")])
        var none = state(languages: [])
        expectEqual(Player.reduce(&none, key: .character("s")), [.loadSubtitles(nil)])
        expectTrue(!none.frame(heardPosition: nil, muted: true).hasSubtitles)
    }

    @Test func speedStepsAndTheAudioFollows() {
        var s = state()
        var commands = Player.reduce(&s, .tick(wallSeconds: 30)).audio  // point 1 playing since t = 25
        expectEqual(commands, [.play(point: 1, offset: 5)])
        commands += Player.reduce(&s, key: .character("]")).audio
        expectEqual(s.session.speed, 1.5)
        commands += Player.reduce(&s, key: .character("+")).audio
        commands += Player.reduce(&s, key: .character("]")).audio
        expectEqual(s.session.speed, 4)
        expectEqual(Array(commands.suffix(3)), [.play(point: 1, offset: 5), .play(point: 1, offset: 5), .stop])
        for _ in 0..<20 { _ = Player.reduce(&s, key: .character("-")) }
        expectEqual(s.session.speed, PlayerSession.speeds.first)
        expectEqual(s.frame(heardPosition: nil, muted: true).speed, 0.25)
    }

    @Test func stepFeedsOneFixOnlyWhilePaused() {
        var s = state()
        _ = Player.reduce(&s, .tick(wallSeconds: 10))
        let fix = s.session.nextFix
        _ = Player.reduce(&s, key: .character("."))
        expectEqual(s.session.nextFix, fix)
        _ = Player.reduce(&s, key: .character(" "))
        _ = Player.reduce(&s, key: .character("."))
        expectEqual(s.session.nextFix, fix + 1)
    }

    @Test func mapKeysMoveTheViewAndZeroFitsTheRoute() {
        var s = state()
        _ = Player.reduce(&s, key: .character("f"))
        expectTrue(s.map.follow)
        _ = Player.reduce(&s, key: .character("h"))
        expectTrue(!s.map.follow && s.map.offsetX == -8)
        _ = Player.reduce(&s, key: .down)
        _ = Player.reduce(&s, key: .character("z"))
        expectTrue(s.map.offsetY == 8 && s.map.zoom == 1.5)
        _ = Player.reduce(&s, key: .character("0"))
        expectEqual(s.map, MapView())
        _ = Player.reduce(&s, key: .character("l"))
        expectTrue(s.frame(heardPosition: nil, muted: true).showLog)
        expectEqual(Player.reduce(&s, key: .other(999)), [])
    }

    @Test func bTogglesTheBasemapOnlyInTheState() {
        var s = state()
        expectEqual(Player.action(for: .character("b")), .toggleBasemap)
        let underlay = MapUnderlay(basemap: Basemap(), streets: [])
        s.underlay = underlay
        expectTrue(s.showBasemap && s.shownUnderlay == underlay)
        let before = s.frame(heardPosition: nil, muted: true)
        expectEqual(Player.reduce(&s, key: .character("b")), [])
        expectTrue(!s.showBasemap && s.shownUnderlay == nil)
        // The walk and the frame are untouched: the loop draws the map with or without it.
        expectEqual(s.frame(heardPosition: nil, muted: true), before)
        _ = Player.reduce(&s, .toggleBasemap)
        expectTrue(s.showBasemap && s.shownUnderlay == underlay)
        // A tour without tiles: on or off, nothing to draw.
        s.underlay = nil
        expectTrue(s.shownUnderlay == nil)
    }

    /// n between the second-to-last narration's end and the last point: there is a next point, only nothing to
    /// skip. (Issue 51: `lastPassed` with `>=` for `>` survived every test.)
    @Test func nBeforeTheLastPointSaysNothingToSkipNotNoNextPoint() {
        var s = state()
        // Point 2 played 175-205 s; point 3, the last, triggers at 325 s.
        _ = Player.reduce(&s, .tick(wallSeconds: 250))
        let engine = s.session.engine
        expectTrue(engine.playing == nil && engine.queue.isEmpty && engine.next == engine.tour.points.count, "next \(engine.next)")
        _ = Player.reduce(&s, key: .character("n"))
        expectEqual(s.shownNotice, KeyRefusal.nothingToSkip)
    }

    @Test func keysThatDoNothingSayWhy() {
        // The walk: point 1 plays 25-45 s, point 2 175-205 s, point 3 325-335 s; the trace ends at 525 s.
        var s = state()
        // b on a tour without map tiles: the basemap switch stays as it was.
        expectEqual(Player.reduce(&s, key: .character("b")), [])
        expectTrue(s.shownNotice == KeyRefusal.noMapTiles && s.showBasemap)
        expectEqual(s.frame(heardPosition: nil, muted: true).notice, KeyRefusal.noMapTiles)
        // The explanation goes after its few seconds: the key hints come back.
        _ = Player.reduce(&s, .tick(wallSeconds: PlayerState.refusalSeconds))
        expectTrue(s.shownNotice == nil)
        // p while the first point plays: nothing before it to replay.
        _ = Player.reduce(&s, .tick(wallSeconds: 30 - PlayerState.refusalSeconds))
        expectTrue(s.session.engine.playing?.point == 1)
        let events = s.session.events.count
        _ = Player.reduce(&s, key: .character("p"))
        expectTrue(s.session.events.count == events && s.session.engine.playing?.point == 1)
        expectEqual(s.shownNotice, KeyRefusal.noPreviousPoint)
        // n between points (walkscape's n skips the playing narration): nothing to skip.
        _ = Player.reduce(&s, .tick(wallSeconds: 70))
        expectTrue(s.session.engine.playing == nil)
        _ = Player.reduce(&s, key: .character("n"))
        expectEqual(s.shownNotice, KeyRefusal.nothingToSkip)
        // ←/→ between points: no narration to seek in, said, and the walk untouched.
        let between = s.session.events.count
        expectEqual(Player.reduce(&s, key: .left), [])
        expectEqual(s.shownNotice, "←: no narration is playing to seek in")
        expectEqual(Player.reduce(&s, key: .right), [])
        expectEqual(s.shownNotice, "→: no narration is playing to seek in")
        expectEqual(s.session.events.count, between)
        // p once point 2 plays replays point 1: no explanation.
        _ = Player.reduce(&s, .tick(wallSeconds: 80))
        expectTrue(s.session.engine.playing?.point == 2 && s.shownNotice == nil)
        _ = Player.reduce(&s, key: .character("p"))
        expectTrue(s.session.engine.playing?.point == 1 && s.shownNotice == nil)
        // n after the last point has played, and after the end.
        _ = Player.reduce(&s, .tick(wallSeconds: 220))
        expectTrue(s.session.engine.playing == nil && !s.session.ended)
        _ = Player.reduce(&s, key: .character("n"))
        expectEqual(s.shownNotice, KeyRefusal.noNextPoint)
        while !s.session.ended { _ = Player.reduce(&s, .tick(wallSeconds: 10)) }
        _ = Player.reduce(&s, .tick(wallSeconds: PlayerState.refusalSeconds))
        _ = Player.reduce(&s, key: .character("n"))
        expectEqual(s.shownNotice, KeyRefusal.noNextPoint)
        // With tiles, b switches the map and says nothing.
        var tiled = state()
        tiled.underlay = MapUnderlay(basemap: Basemap(), streets: [])
        _ = Player.reduce(&tiled, key: .character("b"))
        expectTrue(!tiled.showBasemap && tiled.shownNotice == nil)
    }

    @Test func theAppsNextAndPreviousSayWhyAtTheEnds() {
        for profile in [EngineProfile.ios5c84126, .android5c84126] {
            let (tour, trace) = sessionInputs()
            let session = PlayerSession(tour: tour, trace: trace, policy: profile.policy)
            let info = PlayerTourInfo(title: "Tour", pointTitles: [:], route: [], completionMessage: nil, subtitles: [:])
            var s = PlayerState(session: session, info: info, subtitleLanguages: [], subtitleLanguage: nil)
            _ = Player.reduce(&s, .tick(wallSeconds: 30))
            _ = Player.reduce(&s, key: .character("p"))
            expectEqual(s.shownNotice, KeyRefusal.noPreviousPoint, "\(profile)")
            // next, next, next: the last press completes the tour, as the apps do; one more says why.
            for _ in 1...3 { _ = Player.reduce(&s, .nextPoint) }
            expectTrue(s.session.ended, "\(profile)")
            _ = Player.reduce(&s, .nextPoint)
            expectEqual(s.shownNotice, KeyRefusal.noNextPoint, "\(profile)")
        }
    }

    @Test func aKeysExplanationGivesTheRowBackToABrokenEditsLine() {
        var s = state()
        _ = Player.reduce(&s, .showNotice("tour.json: error: broken", seconds: .infinity))
        _ = Player.reduce(&s, key: .character("b"))
        expectEqual(s.shownNotice, KeyRefusal.noMapTiles)
        _ = Player.reduce(&s, key: .character("b"))
        _ = Player.reduce(&s, .tick(wallSeconds: PlayerState.refusalSeconds))
        expectEqual(s.shownNotice, "tour.json: error: broken")
        _ = Player.reduce(&s, .tick(wallSeconds: 3600))
        expectEqual(s.shownNotice, "tour.json: error: broken")
    }

    @Test func aKeysExplanationIsDrawnInTheInterfacesLanguage() {
        var frame = state().frame(heardPosition: nil, muted: true)
        frame.notice = KeyRefusal.noNextPoint
        let italian = PlayerScreen(strings: UIStrings(language: "it"), ascii: false).render(frame, width: 80, height: 24).text
        expectContains(italian, "n: nessuna tappa successiva")
    }

    @Test func noticesAndReloadSlotIn() {
        var s = state()
        for k in 1...7 { _ = Player.reduce(&s, .notice("notice \(k)")) }
        expectEqual(s.notices, (3...7).map { "notice \($0)" })
        // The log pane's lines are built only while it shows (`l`).
        expectTrue(s.frame(heardPosition: nil, muted: true).log.isEmpty)
        _ = Player.reduce(&s, .toggleLog)
        expectEqual(s.frame(heardPosition: nil, muted: true).log.suffix(5), (3...7).map { "notice \($0)" })
        expectEqual(Player.reduce(&s, .reload), [.reload])
    }

    @Test func aShownNoticeTakesTheLastRowForItsWallTimeEvenWhilePaused() {
        var s = state()
        expectEqual(Player.reduce(&s, .showNotice("tour: warning: edited", seconds: 6)), [])
        expectEqual(s.frame(heardPosition: nil, muted: true).notice, "tour: warning: edited")
        expectEqual(s.notices.last, "tour: warning: edited")  // the log keeps it after the row clears
        _ = Player.reduce(&s, key: .character(" "))
        _ = Player.reduce(&s, .tick(wallSeconds: 5.5))
        expectEqual(s.session.traceTime, 0)  // paused: the walk stood still, the notice's time did not
        expectEqual(s.shownNotice, "tour: warning: edited")
        _ = Player.reduce(&s, .tick(wallSeconds: 0.5))
        expectTrue(s.shownNotice == nil && s.frame(heardPosition: nil, muted: true).notice == nil)
        // A broken edit's line stays until another notice replaces it.
        _ = Player.reduce(&s, .showNotice("edit not loaded", seconds: .infinity))
        _ = Player.reduce(&s, .tick(wallSeconds: 3600))
        expectEqual(s.shownNotice, "edit not loaded")
        _ = Player.reduce(&s, .showNotice("reloaded", seconds: 4))
        _ = Player.reduce(&s, .tick(wallSeconds: 4))
        expectTrue(s.shownNotice == nil)
    }

    @Test func theFrameComesFromTheWalksSnapshot() {
        var s = state()
        _ = Player.reduce(&s, .tick(wallSeconds: 30.5))
        let frame = s.frame(heardPosition: nil, muted: true)
        expectEqual(frame.traceName, "walk.gpx")
        expectTrue(frame.map.walker == s.session.snapshot.lastFix?.location)
        expectEqual(frame.map.trail.count, 31)  // fixes 0…30
        expectTrue(frame.gps.fixAge == 0.5 && frame.gps.accuracy == 5)
        expectEqual(frame.audio.elapsed, 5.5)
    }
}
