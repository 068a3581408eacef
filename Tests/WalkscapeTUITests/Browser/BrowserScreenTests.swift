import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTUI

@Suite struct BrowserScreenTests {
    let english = UIStrings(language: "en")

    @Test func catalogue100x30() throws {
        var state = BrowserState(tours: sampleListings())
        state.selection = 1
        let grid = BrowserScreen(strings: english, ascii: false).render(state, width: 100, height: 30)
        try expectTrue(matchesSnapshot(grid.text, "catalogue-100x30-en.txt"), "\n\(grid.text)")
        let text = grid.text
        expectContains(text, "walkscape — Tours (3/3)")
        expectContains(text, "filter: [all] protected  free")
        expectContains(text, "▶ Du Louvre à l'île de la Cité")
        expectContains(text, "🔒 protected")
        expectContains(text, "not downloaded")
        expectContains(text, "Une promenade.", "the selected tour's description under the list")
        // The selected row is drawn reversed; a tour that cannot start is dimmed, its state in the warning colour.
        let row = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Du Louvre") }!
        expectTrue(grid[2, row].style.reverse)
        let genova = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Genova") }!
        expectEqual(grid[2, genova].style.foreground, .dim)
        expectEqual(grid[100 - 2 - 15, genova].style.foreground, .warning)
    }

    @Test func catalogueFilteredAsciiItalian() throws {
        var state = BrowserState(tours: sampleListings())
        state.filter = .free
        let grid = BrowserScreen(strings: UIStrings(language: "it"), ascii: true).render(state, width: 80, height: 24)
        try expectTrue(matchesSnapshot(grid.text, "catalogue-ascii-80x24-it.txt"), "\n\(grid.text)")
        expectContains(grid.text, "Tour (2/3)")
        expectContains(grid.text, "filtro:  tutti  protetto [gratuito]")
        expectTrue(!grid.text.contains("Louvre"))
        expectContains(grid.text, "> Torino sotto i portici")
    }

    @Test func detailWithMapAndWalks() throws {
        var state = BrowserState(tours: sampleListings())
        state.screen = .detail(0)
        state.walkSelection = 1
        let grid = BrowserScreen(strings: english, ascii: false).render(state, width: 100, height: 30)
        try expectTrue(matchesSnapshot(grid.text, "detail-100x30-en.txt"), "\n\(grid.text)")
        let text = grid.text
        expectContains(text, "Torino · 55 min · 2.8 km · 3 stops · it, en")
        expectContains(text, " 2 Piazza San Carlo")
        expectContains(text, "Downloaded: every file present.")
        expectContains(text, "Walk:  simulated walk   clean")
        expectContains(text, "N↑", "the small route map has its north mark")
        let walkRow = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("Walk:") }!
        let clean = text.split(separator: "\n", omittingEmptySubsequences: false)[walkRow].range(of: "clean")!
        let column = text.split(separator: "\n", omittingEmptySubsequences: false)[walkRow].distance(from: text.split(separator: "\n", omittingEmptySubsequences: false)[walkRow].startIndex, to: clean.lowerBound)
        expectTrue(grid[column, walkRow].style.reverse, "the chosen walk is highlighted")
    }

    @Test func theWalkPickerScrollsToKeepTheChoiceOnScreen() {
        var state = BrowserState(tours: sampleListings())
        state.tours[0].walks = [TourListing.WalkChoice(name: "simulated walk", path: nil)]
            + (1...14).map { TourListing.WalkChoice(name: "walk-number-\($0)", path: "traces/walk-number-\($0).gpx") }
        state.screen = .detail(0)
        for choice in 0..<15 {
            state.walkSelection = choice
            let grid = BrowserScreen(strings: english, ascii: false).render(state, width: 100, height: 30)
            let row = grid.text.split(separator: "\n", omittingEmptySubsequences: false).first { $0.hasPrefix("Walk:") } ?? ""
            let name = choice == 0 ? "simulated walk" : "walk-number-\(choice)"
            expectTrue(row.contains(" \(name) ") || row.hasSuffix(" \(name)"), "choice \(choice) is off screen: \(row)")
            expectTrue(choice == 14 || row.hasSuffix("›"), "more walks to the right: \(row)")
            expectTrue(choice < 5 || row.contains("‹"), "more walks to the left: \(row)")
        }
        expectTrue(BrowserScreen.walkWindow(widths: [10, 10, 10], chosen: 2, room: 100) == 0..<3)
        expectTrue(BrowserScreen.walkWindow(widths: Array(repeating: 10, count: 10), chosen: 9, room: 36) == 7..<10)
        expectTrue(BrowserScreen.walkWindow(widths: [], chosen: 0, room: 10) == 0..<0)
        // The Italian screen names the simulated walk in Italian.
        state.walkSelection = 0
        let italian = BrowserScreen(strings: UIStrings(language: "it"), ascii: false).render(state, width: 100, height: 30).text
        expectContains(italian, "percorso simulato")
    }

    @Test func detailOfATourNotDownloaded() throws {
        var state = BrowserState(tours: sampleListings())
        state.screen = .detail(2)
        _ = Browser.reduce(&state, .enter)
        let grid = BrowserScreen(strings: english, ascii: true).render(state, width: 80, height: 24)
        try expectTrue(matchesSnapshot(grid.text, "detail-not-downloaded-80x24-en.txt"), "\n\(grid.text)")
        expectContains(grid.text, "Not downloaded: audio/it/p1.mp3: missing (+1)")
        expectContains(grid.text, "to fix: walkscape download --api URL genova --lang it")
        expectContains(grid.text, "not downloaded (2 problems): run")
        expectTrue(!grid.text.contains("Walk:"), "no walk can start")
    }

    @Test func settingsFrench() throws {
        var state = BrowserState(tours: sampleListings())
        state.screen = .settings(returnTo: .catalogue)
        state.settingsField = .profile
        state.settings.profile = .ideal
        state.settings.policy = EngineProfile.ideal.policy
        let grid = BrowserScreen(strings: UIStrings(language: "fr"), ascii: false).render(state, width: 80, height: 24)
        try expectTrue(matchesSnapshot(grid.text, "settings-80x24-fr.txt"), "\n\(grid.text)")
        expectContains(grid.text, "▶ Règles")
        expectContains(grid.text, "‹ ideal ›")
        expectContains(grid.text, "‹ 25 m ›", "the ideal profile's accuracy gate")
        expectContains(grid.text, "‹ 2 ›", "two fixes to confirm")
    }

    @Test func helpOverlay() throws {
        var state = BrowserState(tours: sampleListings())
        state.screen = .help(over: .catalogue)
        let grid = BrowserScreen(strings: english, ascii: true).render(state, width: 80, height: 24)
        expectContains(grid.text, "tab or t    filter: all / protected / free")
    }

    @Test func tooSmall() {
        let grid = BrowserScreen(strings: english, ascii: false).render(BrowserState(tours: sampleListings()), width: 50, height: 10)
        expectContains(grid.text, "terminal too small: need 60×20 (50×10)")
    }
}

@Suite struct ASCIIFallbackTests {
    @Test func accentedLettersLoseTheirAccents() {
        let text = "Du Louvre à l'île de la Cité, Città, Ça, ŒUVRE, Straße"
        expectEqual(String(text.map(ASCIIFallback.transliterate)), "Du Louvre a l'ile de la Cite, Citta, Ca, OUVRE, Strase")
    }

    @Test func signsBecomeLookAlikesAndEverythingElseAQuestionMark() {
        expectEqual(String("— · … × ← ↑ → ↓ ‹ › ▶ 🔒 ├─┤".map(ASCIIFallback.transliterate)), "- . . x < ^ > v < > > * +-+")
        expectEqual(ASCIIFallback.transliterate("⣿"), "?")
        expectEqual(ASCIIFallback.transliterate("漢"), "?")
    }

    @Test func textIsTransliteratedNotDropped() {
        expectEqual(ASCIIFallback.transliterate(text: "cœur Straße Æsir café naïve “x” ‘y’ Łódź"), "coeur Strasse AEsir cafe naive \"x\" 'y' Lodz")
        expectEqual(ASCIIFallback.transliterate(text: "Città — Москва · 1…2"), "Citta - Moskva . 1.2")
        expectEqual(ASCIIFallback.transliterate(text: "plain ASCII"), "plain ASCII")
        expectTrue(ASCIIFallback.transliterate(text: "⣿").unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func asciiScreensSpellTheToursTextsOut() {
        var frame = sampleFrame()
        frame.tourTitle = "Le cœur de Paris"
        frame.audio.title = "Straße"
        let player = PlayerScreen(strings: UIStrings(language: "fr"), ascii: true).render(frame, width: 80, height: 24).text
        expectContains(player, "Le coeur de Paris", "\(player)")
        expectContains(player, "Strasse")
        expectContains(player, "Etape 2/3")
        var state = BrowserState(tours: sampleListings())
        state.tours[0].title = "Cœur de Torino"
        let catalogue = BrowserScreen(strings: UIStrings(language: "it"), ascii: true).render(state, width: 80, height: 24).text
        expectContains(catalogue, "Coeur de Torino")
        expectContains(catalogue, "CITTA")
    }

    @Test func everyCellOfAnAsciiScreenIsAsciiAfterTheFallback() {
        var state = BrowserState(tours: sampleListings())
        state.screen = .help(over: .catalogue)
        let grid = BrowserScreen(strings: UIStrings(language: "fr"), ascii: true).render(state, width: 80, height: 24)
        var other: Set<Character> = []
        for y in 0..<grid.height {
            for x in 0..<grid.width where !grid[x, y].isContinuation {
                let c = grid[x, y].character
                if !c.isASCII { other.insert(c) }
                expectTrue(c == "?" || ASCIIFallback.transliterate(c) != "?", "\(c) at \(x),\(y) has no ASCII look-alike")
            }
        }
        expectTrue(other.isSubset(of: Set("éèàâî—·…🔒ÉÀ")), "only text characters are left to the fallback: \(other)")
    }
}
