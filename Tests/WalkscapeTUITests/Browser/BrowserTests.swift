import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTUI

/// Three tours: a free ready one with two walks, a protected ready one, and a free one missing files.
func sampleListings() -> [TourListing] {
    let scene = sampleScene()
    return [
        TourListing(
            id: "torino-portici", directory: "tours/torino-portici", title: "Torino sotto i portici",
            description: "Una passeggiata nel centro di Torino, da Porta Nuova a Piazza Vittorio Veneto.", city: "Torino",
            durationMinutes: 55, distanceKm: 2.8, languages: ["it", "en"], isProtected: false, availability: .ready,
            pointTitles: ["Porta Nuova", "Piazza San Carlo", "Piazza Castello"], route: scene.route, points: scene.points,
            walks: [.init(name: "simulated walk", path: nil), .init(name: "clean", path: "fixtures/traces/torino-portici-clean.gpx")]),
        TourListing(
            id: "paris", directory: "tours/paris", title: "Du Louvre à l'île de la Cité", description: "Une promenade.", city: "Paris",
            durationMinutes: 40, distanceKm: 1.9, languages: ["fr", "en"], isProtected: true, availability: .ready,
            pointTitles: ["Louvre"], route: [], points: [scene.points[0]], walks: [.init(name: "simulated walk", path: nil)]),
        TourListing(
            id: "genova", directory: "tours/genova", title: "Genova, i caruggi", description: "Vicoli.", city: "Genova",
            durationMinutes: 70, distanceKm: 3.1, languages: ["it"], isProtected: false,
            availability: .notDownloaded(problems: ["audio/it/p1.mp3: missing", "audio/it/p2.mp3: missing"], fix: "walkscape download --api URL genova --lang it"),
            pointTitles: ["Porto Antico"], route: [], points: [scene.points[0]], walks: [.init(name: "simulated walk", path: nil)]),
    ]
}

@Suite struct BrowserTests {
    func reduce(_ state: inout BrowserState, _ inputs: BrowserInput...) -> Browser.Effect? {
        var last: Browser.Effect?
        for input in inputs { last = Browser.reduce(&state, input) }
        return last
    }

    @Test func selectionStaysInsideTheList() {
        var state = BrowserState(tours: sampleListings())
        _ = reduce(&state, .up, .up)
        expectEqual(state.selection, 0)
        _ = reduce(&state, .down, .down, .down, .down)
        expectEqual(state.selection, 2)
        expectEqual(state.selectedTour, 2)
    }

    @Test func filterCyclesAllProtectedFreeAndResetsTheSelection() {
        var state = BrowserState(tours: sampleListings())
        _ = reduce(&state, .down, .tab)
        expectEqual(state.filter, .protected)
        expectEqual(state.visible, [1])
        expectEqual(state.selection, 0)
        _ = reduce(&state, .tab)
        expectEqual(state.filter, .free)
        expectEqual(state.visible, [0, 2])
        _ = reduce(&state, .tab)
        expectEqual(state.filter, .all)
        expectEqual(state.visible, [0, 1, 2])
    }

    @Test func enterOpensTheDetailAndStartsTheChosenWalk() {
        var state = BrowserState(tours: sampleListings())
        expectTrue(reduce(&state, .enter) == nil)
        expectEqual(state.screen, .detail(0))
        _ = reduce(&state, .right, .right, .right)
        expectEqual(state.walkSelection, 1, "stops at the last walk")
        let effect = reduce(&state, .enter)
        expectEqual(effect, .play(tour: 0, walk: .init(name: "clean", path: "fixtures/traces/torino-portici-clean.gpx"), settings: PlaySettings()))
        _ = reduce(&state, .back)
        expectEqual(state.screen, .catalogue)
    }

    @Test func aTourNotDownloadedDoesNotStartAndSaysHowToFixIt() {
        var state = BrowserState(tours: sampleListings())
        _ = reduce(&state, .down, .down, .enter)
        expectEqual(state.screen, .detail(2))
        expectTrue(reduce(&state, .enter) == nil)
        expectEqual(state.message, "not downloaded (2 problems): run `walkscape download --api URL genova --lang it`")
        _ = reduce(&state, .left)
        expectTrue(state.message == nil, "the message goes with the next key")
    }

    @Test func dRunsTheDownloadOnlyWhenTheTourSaysWhereItCameFrom() {
        var tours = sampleListings()
        var state = BrowserState(tours: tours)
        _ = reduce(&state, .down, .down, .enter)
        expectTrue(reduce(&state, .character("d")) == nil, "no source recorded: nothing to run")
        expectTrue(state.message?.hasPrefix("this tour does not say where it was downloaded from") == true)
        tours[2].availability = .notDownloaded(problems: ["audio/it/p1.mp3: missing"], fix: "walkscape download --api http://api genova --lang it", offer: .runnable(host: "api"))
        state = BrowserState(tours: tours)
        _ = reduce(&state, .down, .down, .enter, .enter)
        expectEqual(state.message, "not downloaded (1 problem): press d to download it")
        expectEqual(reduce(&state, .character("d")), .download(tour: 2))
        state.screen = .detail(0)
        expectTrue(reduce(&state, .character("d")) == nil, "a downloaded tour has nothing to fetch")
        tours[2].availability = .notDownloaded(problems: ["audio/it/p1.mp3: missing"], fix: "walkscape download --api http://api genova --lang it --token T", offer: .needsToken)
        state = BrowserState(tours: tours)
        _ = reduce(&state, .down, .down, .enter)
        expectTrue(reduce(&state, .character("d")) == nil, "protected, and no token: nothing to run")
        expectTrue(state.message?.hasPrefix("this tour is protected: start `walkscape play` with --token T") == true)
    }

    @Test func upAndDownOnTheDetailMoveBetweenTours() {
        var state = BrowserState(tours: sampleListings())
        _ = reduce(&state, .enter, .down)
        expectEqual(state.screen, .detail(1))
        _ = reduce(&state, .down, .down)
        expectEqual(state.screen, .detail(2))
        _ = reduce(&state, .back)
        expectEqual(state.selection, 2, "back on the catalogue at the tour last shown")
    }

    @Test func settingsChangeValuesAndComeBackWhereTheyWereOpened() {
        var state = BrowserState(tours: sampleListings())
        _ = reduce(&state, .enter, .character(","))
        expectEqual(state.screen, .settings(returnTo: .detail(0)))
        _ = reduce(&state, .right)  // audio language: auto → it
        expectEqual(state.settings.audioLanguage, "it")
        _ = reduce(&state, .right, .right)  // → en → fr
        expectEqual(state.settings.audioLanguage, "fr")
        _ = reduce(&state, .right)
        expectTrue(state.settings.audioLanguage == nil, "wraps to auto")
        _ = reduce(&state, .down, .right)  // subtitles: as audio → off
        expectEqual(state.settings.subtitles, .off)
        _ = reduce(&state, .down, .right)  // rules: prd → ios-app
        expectEqual(state.settings.profile, .ios5c84126)
        expectEqual(state.settings.policy, EngineProfile.ios5c84126.policy)
        _ = reduce(&state, .down, .right)  // queue depth 1 → 2: an app's queue is one slot, so refused
        expectEqual(state.settings.policy.queueDepth, 1)
        _ = reduce(&state, .left)
        expectEqual(state.settings.policy.queueDepth, 0)
        _ = reduce(&state, .down, .down, .right, .right)  // min accuracy: off → 10 → 15
        expectEqual(state.settings.policy.minAccuracyMeters, 15)
        _ = reduce(&state, .down, .down, .left)  // speed ×1 → ×0.5
        expectEqual(state.settings.speed, 0.5)
        _ = reduce(&state, .back)
        expectEqual(state.screen, .detail(0))
        if case let .play(_, _, settings)? = reduce(&state, .enter) {
            expectEqual(settings.speed, 0.5)
            expectEqual(settings.profile, .ios5c84126)
        } else {
            Issue.record("enter starts the walk with the settings")
        }
    }

    @Test func helpOverlaysAnyScreenAndAnyKeyClosesIt() {
        var state = BrowserState(tours: sampleListings())
        _ = reduce(&state, .enter, .character("?"))
        expectEqual(state.screen, .help(over: .detail(0)))
        expectTrue(reduce(&state, .character("q")) == nil, "q closes the help first")
        expectEqual(state.screen, .detail(0))
        expectEqual(reduce(&state, .character("q")), .quit)
    }

    @Test func escapeOnTheCatalogueQuits() {
        var state = BrowserState(tours: sampleListings())
        expectEqual(reduce(&state, .back), .quit)
    }
}
