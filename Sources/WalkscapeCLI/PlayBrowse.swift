import Foundation
import WalkscapeCore
import WalkscapePlayer
import WalkscapeRuntime
import WalkscapeTUI
import WalkscapeTerminal
import WalkscapeTours

extension PlayCommand {
    /// The catalogue, detail and settings screens until the user quits; returns the signal that stopped it, or 0.
    func browse(_ initial: BrowserState, loop: PlayerLoop, session: TerminalSession, strings: UIStrings) -> Int32 {
        let terminal = session.terminal
        var state = initial
        while true {
            let signal = StopSignals.pending
            if signal != 0 { return signal }
            let size = terminal.size
            terminal.draw(BrowserScreen(strings: strings, ascii: !terminal.capabilities.unicode).render(state, width: size.width, height: size.height))
            guard let key = terminal.readKey(timeout: 100), let input = PlayCommand.browserInput(key) else { continue }
            switch Browser.reduce(&state, input) {
            case .quit?: return 0
            case let .play(index, walk, settings)?:
                let listing = state.tours[index]
                // Reading the walk can take seconds: a box says what loads, and how far along, at once.
                let label = walk.path.map { ($0 as NSString).lastPathComponent } ?? strings[walk.name]
                let drawLoading = { (fraction: Double?) in
                    let size = terminal.size
                    var grid = BrowserScreen(strings: strings, ascii: !terminal.capabilities.unicode).render(state, width: size.width, height: size.height)
                    if size.width >= PlayerScreen.minimumSize.columns && size.height >= PlayerScreen.minimumSize.rows {
                        LoadingBox(label: label, fraction: fraction).draw(into: &grid, strings: strings, ascii: !terminal.capabilities.unicode)
                    }
                    terminal.draw(grid)
                }
                drawLoading(nil)
                let loading = LoadingProgress(show: { _, fraction in drawLoading(fraction) })
                switch PlayCommand.prepare(
                    listing, walk: walk, settings: settings, walkSpeed: policyOptions.walkSpeed, progress: { loading.update(label, fraction: $0) }) {
                case let .failure(error): state.message = error.message
                case let .success(prepared):
                    let outcome = loop.run(replay: prepared.replay, trace: prepared.trace, traceName: walk.path.map { ($0 as NSString).lastPathComponent } ?? strings[walk.name], policy: settings.policy, speed: settings.speed, subtitles: prepared.subtitles)
                    if case let .interrupted(signal) = outcome { return signal }
                }
            case let .download(index)?:
                let listing = state.tours[index]
                guard let loaded = try? TourLoader.load(listing.directory), let tour = loaded.tour,
                    let arguments = TourListings.downloadArguments(document: loaded.document, tour: tour, directory: listing.directory, token: AccessToken.resolve(token))
                else {
                    state.message = "\(listing.directory): cannot tell where to download it from"
                    continue
                }
                terminal.suspend()
                // The token goes only with a protected tour's download, to the host the detail showed.
                let status = PlayCommand.runDownload(arguments, token: tour.isProtected ? AccessToken.resolve(token) : nil, stderr: session.standardError)
                // Ctrl-C stopped the download (which keeps what it fetched), not walkscape.
                StopSignals.clear(SIGINT)
                terminal.resume()
                // Only this tour changed: read it again and list it as the catalogue did.
                if let reloaded = try? TourLoader.load(listing.directory), let tour = reloaded.tour {
                    let directory = (listing.directory as NSString).deletingLastPathComponent
                    state.tours[index] = TourListings.listing(
                        tour, document: reloaded.document, directory: listing.directory,
                        language: state.settings.audioLanguage ?? LanguagePreference.fromEnvironment(ProcessInfo.processInfo.environment),
                        searchDirectories: TourListings.searchDirectories(catalogue: directory), token: AccessToken.resolve(token))
                }
                state.message = status == 0 ? nil : "the download stopped (status \(status)); press d to resume it"
            case nil: break
            }
        }
    }

    /// A catalogue key from a terminal key (nil: not one the screens use).
    static func browserInput(_ key: TerminalKey) -> BrowserInput? {
        switch key {
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .character("\n"), .character("\r"), .other(343): return .enter  // 343: KEY_ENTER
        case .character("\u{1B}"), .character("\u{7F}"), .character("\u{8}"), .other(263): return .back  // Esc, backspace
        case .character("\t"): return .tab
        case let .character(c): return .character(c)
        case .resize, .other: return nil
        }
    }

    /// The catalogue for `argument`: a directory of tours, or one tour (opened on its detail, among its siblings).
    static func browserState(argument: String, settings: PlaySettings, language: String?, token: String?, console: Console) throws -> BrowserState {
        var path = argument.hasSuffix("/tour.json") ? String(argument.dropLast("/tour.json".count)) : argument
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        let isTour = FileManager.default.fileExists(atPath: path + "/tour.json")
        // One tour opens among its siblings: the catalogue of its parent ("." for a bare name like `milan`).
        let parent = (path as NSString).deletingLastPathComponent
        let directory = isTour ? (parent.isEmpty ? "." : parent) : path
        let catalogue = try TourInput.catalogue(directory, console: console)
        let listings = TourListings.make(
            catalogue, language: settings.audioLanguage ?? language, searchDirectories: TourListings.searchDirectories(catalogue: directory),
            token: token)
        var state = BrowserState(tours: listings, settings: settings)
        if state.tours.isEmpty {
            console.error("\(directory): no tours here (a tour is a directory with a tour.json); give a tour or a directory of tours")
            throw CommandExit(.failure)
        }
        // The catalogue spells the tour's directory its own way (`./milan` for `milan`): compare where they lead.
        let wanted = URL(fileURLWithPath: path).standardizedFileURL.path
        if isTour, let index = state.tours.firstIndex(where: { URL(fileURLWithPath: $0.directory).standardizedFileURL.path == wanted }) {
            state.selection = state.visible.firstIndex(of: index) ?? 0
            state.screen = .detail(index)
        }
        return state
    }

}
