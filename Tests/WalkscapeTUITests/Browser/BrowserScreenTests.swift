import Testing
import WalkscapeCore
@testable import WalkscapeTUI

@Suite struct BrowserScreenTests {
    let english = UIStrings(language: "en")

    @Test func catalogue100x30() throws {
        var state = BrowserState(tours: sampleListings())
        state.selection = 1
        let grid = BrowserScreen(strings: english, ascii: false).render(state, width: 100, height: 30)
        #expect(try matchesSnapshot(grid.text, "catalogue-100x30-en.txt"), "\n\(grid.text)")
        let text = grid.text
        #expect(text.contains("walkscape — Tours (3/3)"))
        #expect(text.contains("filter: [all] protected  free"))
        #expect(text.contains("▶ Du Louvre à l'île de la Cité"))
        #expect(text.contains("🔒 protected"))
        #expect(text.contains("not downloaded"))
        #expect(text.contains("Une promenade."), "the selected tour's description under the list")
        // The selected row is drawn reversed; a tour that cannot start is dimmed, its state in the warning colour.
        let row = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Du Louvre") }!
        #expect(grid[2, row].style.reverse)
        let genova = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Genova") }!
        #expect(grid[2, genova].style.foreground == .dim)
        #expect(grid[100 - 2 - 15, genova].style.foreground == .warning)
    }

    @Test func catalogueFilteredAsciiItalian() throws {
        var state = BrowserState(tours: sampleListings())
        state.filter = .free
        let grid = BrowserScreen(strings: UIStrings(language: "it"), ascii: true).render(state, width: 80, height: 24)
        #expect(try matchesSnapshot(grid.text, "catalogue-ascii-80x24-it.txt"), "\n\(grid.text)")
        #expect(grid.text.contains("Tour (2/3)"))
        #expect(grid.text.contains("filtro:  tutti  protetto [gratuito]"))
        #expect(!grid.text.contains("Louvre"))
        #expect(grid.text.contains("> Torino sotto i portici"))
    }

    @Test func detailWithMapAndWalks() throws {
        var state = BrowserState(tours: sampleListings())
        state.screen = .detail(0)
        state.walkSelection = 1
        let grid = BrowserScreen(strings: english, ascii: false).render(state, width: 100, height: 30)
        #expect(try matchesSnapshot(grid.text, "detail-100x30-en.txt"), "\n\(grid.text)")
        let text = grid.text
        #expect(text.contains("Torino · 55 min · 2.8 km · 3 stops · it, en"))
        #expect(text.contains(" 2 Piazza San Carlo"))
        #expect(text.contains("Downloaded: every file present."))
        #expect(text.contains("Walk:  simulated walk   clean"))
        #expect(text.contains("N↑"), "the small route map has its north mark")
        let walkRow = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("Walk:") }!
        let clean = text.split(separator: "\n", omittingEmptySubsequences: false)[walkRow].range(of: "clean")!
        let column = text.split(separator: "\n", omittingEmptySubsequences: false)[walkRow].distance(from: text.split(separator: "\n", omittingEmptySubsequences: false)[walkRow].startIndex, to: clean.lowerBound)
        #expect(grid[column, walkRow].style.reverse, "the chosen walk is highlighted")
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
            #expect(row.contains(" \(name) ") || row.hasSuffix(" \(name)"), "choice \(choice) is off screen: \(row)")
            #expect(choice == 14 || row.hasSuffix("›"), "more walks to the right: \(row)")
            #expect(choice < 5 || row.contains("‹"), "more walks to the left: \(row)")
        }
        #expect(BrowserScreen.walkWindow(widths: [10, 10, 10], chosen: 2, room: 100) == 0..<3)
        #expect(BrowserScreen.walkWindow(widths: Array(repeating: 10, count: 10), chosen: 9, room: 36) == 7..<10)
        #expect(BrowserScreen.walkWindow(widths: [], chosen: 0, room: 10) == 0..<0)
        // The Italian screen names the simulated walk in Italian.
        state.walkSelection = 0
        let italian = BrowserScreen(strings: UIStrings(language: "it"), ascii: false).render(state, width: 100, height: 30).text
        #expect(italian.contains("percorso simulato"))
    }

    @Test func detailOfATourNotDownloaded() throws {
        var state = BrowserState(tours: sampleListings())
        state.screen = .detail(2)
        _ = Browser.reduce(&state, .enter)
        let grid = BrowserScreen(strings: english, ascii: true).render(state, width: 80, height: 24)
        #expect(try matchesSnapshot(grid.text, "detail-not-downloaded-80x24-en.txt"), "\n\(grid.text)")
        #expect(grid.text.contains("Not downloaded: audio/it/p1.mp3: missing (+1)"))
        #expect(grid.text.contains("to fix: walkscape download --api URL genova --lang it"))
        #expect(grid.text.contains("not downloaded (2 problems): run"))
        #expect(!grid.text.contains("Walk:"), "no walk can start")
    }

    @Test func settingsFrench() throws {
        var state = BrowserState(tours: sampleListings())
        state.screen = .settings(returnTo: .catalogue)
        state.settingsField = .profile
        state.settings.profile = .ideal
        state.settings.policy = EngineProfile.ideal.policy
        let grid = BrowserScreen(strings: UIStrings(language: "fr"), ascii: false).render(state, width: 80, height: 24)
        #expect(try matchesSnapshot(grid.text, "settings-80x24-fr.txt"), "\n\(grid.text)")
        #expect(grid.text.contains("▶ Règles"))
        #expect(grid.text.contains("‹ ideal ›"))
        #expect(grid.text.contains("‹ 25 m ›"), "the ideal profile's accuracy gate")
        #expect(grid.text.contains("‹ 2 ›"), "two fixes to confirm")
    }

    @Test func helpOverlay() throws {
        var state = BrowserState(tours: sampleListings())
        state.screen = .help(over: .catalogue)
        let grid = BrowserScreen(strings: english, ascii: true).render(state, width: 80, height: 24)
        #expect(grid.text.contains("tab or t    filter: all / protected / free"))
    }

    @Test func tooSmall() {
        let grid = BrowserScreen(strings: english, ascii: false).render(BrowserState(tours: sampleListings()), width: 50, height: 10)
        #expect(grid.text.contains("terminal too small: need 60×20 (50×10)"))
    }
}

@Suite struct ASCIIFallbackTests {
    @Test func accentedLettersLoseTheirAccents() {
        let text = "Du Louvre à l'île de la Cité, Città, Ça, ŒUVRE, Straße"
        #expect(String(text.map(ASCIIFallback.transliterate)) == "Du Louvre a l'ile de la Cite, Citta, Ca, OUVRE, Strase")
    }

    @Test func signsBecomeLookAlikesAndEverythingElseAQuestionMark() {
        #expect(String("— · … × ← ↑ → ↓ ‹ › ▶ 🔒 ├─┤".map(ASCIIFallback.transliterate)) == "- . . x < ^ > v < > > * +-+")
        #expect(ASCIIFallback.transliterate("⣿") == "?")
        #expect(ASCIIFallback.transliterate("漢") == "?")
    }

    @Test func textIsTransliteratedNotDropped() {
        #expect(ASCIIFallback.transliterate(text: "cœur Straße Æsir café naïve “x” ‘y’ Łódź") == "coeur Strasse AEsir cafe naive \"x\" 'y' Lodz")
        #expect(ASCIIFallback.transliterate(text: "Città — Москва · 1…2") == "Citta - Moskva . 1.2")
        #expect(ASCIIFallback.transliterate(text: "plain ASCII") == "plain ASCII")
        #expect(ASCIIFallback.transliterate(text: "⣿").unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func asciiScreensSpellTheToursTextsOut() {
        var frame = sampleFrame()
        frame.tourTitle = "Le cœur de Paris"
        frame.audio.title = "Straße"
        let player = PlayerScreen(strings: UIStrings(language: "fr"), ascii: true).render(frame, width: 80, height: 24).text
        #expect(player.contains("Le coeur de Paris"), "\(player)")
        #expect(player.contains("Strasse"))
        #expect(player.contains("Etape 2/3"))
        var state = BrowserState(tours: sampleListings())
        state.tours[0].title = "Cœur de Torino"
        let catalogue = BrowserScreen(strings: UIStrings(language: "it"), ascii: true).render(state, width: 80, height: 24).text
        #expect(catalogue.contains("Coeur de Torino"))
        #expect(catalogue.contains("CITTA"))
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
                #expect(c == "?" || ASCIIFallback.transliterate(c) != "?", "\(c) at \(x),\(y) has no ASCII look-alike")
            }
        }
        #expect(other.isSubset(of: Set("éèàâî—·…🔒ÉÀ")), "only text characters are left to the fallback: \(other)")
    }
}
