import Foundation
import WalkscapeSystem
import WalkscapeRuntime
import WalkscapeTUI
import WalkscapeTours

/// The catalogue, tour detail and settings screens on a terminal backend (`walkscape play` without
/// `--trace`): keys into `Browser.reduce` until the user quits or a stop signal arrives. A walk chosen on
/// the detail screen is read (a loading box says how far along) and played by the player's loop; a tour's
/// download runs through the injected `download`, and the tour is listed again when it returns.
public struct CatalogueLoop {
    /// Asks the loop to stop (by default, a stop signal while `StopSignals` watches); the one token its work polls.
    public var stop: StopToken = StopSignals.token()
    /// Runs `walkscape download ARGUMENTS` with the terminal given to it while it runs, and returns its exit
    /// status; `token` (nil: none) is for a protected tour's host and must not go on a command line.
    public typealias Download = (_ arguments: [String], _ token: String?) -> Int32

    let backend: any TerminalBackend
    let player: PlayerLoop
    let strings: UIStrings
    let language: String?
    let token: String?
    let walkSpeed: Double
    let download: Download

    /// `language` is the user's (the locale's), used when the settings name no narration language; `token`
    /// lets protected tours be downloaded; `walkSpeed` (metres a second) times trace fixes that have none.
    public init(
        backend: any TerminalBackend, player: PlayerLoop, strings: UIStrings, language: String?, token: String?, walkSpeed: Double,
        download: @escaping Download
    ) {
        self.backend = backend
        self.player = player
        self.strings = strings
        self.language = language
        self.token = token
        self.walkSpeed = walkSpeed
        self.download = download
    }

    /// The screens from `initial` until the user quits (`.quit`) or a stop signal arrives, here or in the player.
    public func run(_ initial: BrowserState) -> PlayerLoop.Outcome {
        var state = initial
        while true {
            let signal = stop.signal
            if signal != 0 { return .interrupted(signal) }
            backend.draw(screen(state))
            let read = backend.readKey(timeout: 100)
            if backend.inputGone { return .interrupted(SIGHUP) }
            guard let key = read, let input = CatalogueLoop.input(key) else { continue }
            switch Browser.reduce(&state, input) {
            case .quit?: return .quit
            case let .play(index, walk, settings)?:
                if case let .interrupted(signal) = play(walk, of: index, settings: settings, state: &state) { return .interrupted(signal) }
            case let .download(index)?: fetch(index, state: &state)
            case nil: break
            }
        }
    }

    /// A catalogue key from a terminal key (nil: not one the screens use).
    public static func input(_ key: TerminalKey) -> BrowserInput? {
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

    private func screen(_ state: BrowserState) -> CellGrid {
        let size = backend.size
        return BrowserScreen(strings: strings, ascii: !backend.unicode).render(state, width: size.width, height: size.height)
    }

    /// Reads and plays `walk` of tour `index`; a walk that cannot start leaves its reason on the detail screen.
    private func play(_ walk: TourListing.WalkChoice, of index: Int, settings: PlaySettings, state: inout BrowserState) -> PlayerLoop.Outcome? {
        // Reading the walk can take seconds: a box says what loads, and how far along, at once.
        let label = walk.path.map { ($0 as NSString).lastPathComponent } ?? strings[walk.name]
        let shown = state
        let drawLoading = { (fraction: Double?) in
            var grid = screen(shown)
            if grid.width >= PlayerScreen.minimumSize.columns && grid.height >= PlayerScreen.minimumSize.rows {
                LoadingBox(label: label, fraction: fraction).draw(into: &grid, strings: strings, ascii: !backend.unicode)
            }
            backend.draw(grid)
        }
        drawLoading(nil)
        let loading = LoadingProgress(show: { _, fraction in drawLoading(fraction) })
        switch PreparedWalk.load(
            state.tours[index], walk: walk, settings: settings, language: language, walkSpeed: walkSpeed,
            progress: { loading.update(label, fraction: $0) })
        {
        case let .failure(failure):
            state.message = failure.message
            return nil
        case let .success(prepared):
            return player.run(
                replay: prepared.replay, trace: prepared.trace, traceName: label, policy: settings.policy, speed: settings.speed, subtitles: prepared.subtitles)
        }
    }

    /// Downloads tour `index` again (its files missing) through `download`, then lists it again.
    private func fetch(_ index: Int, state: inout BrowserState) {
        let listing = state.tours[index]
        guard let loaded = try? TourLoader.load(listing.directory), let tour = loaded.tour,
            let arguments = TourListings.downloadArguments(document: loaded.document, tour: tour, directory: listing.directory, token: token)
        else {
            state.message = "\(listing.directory): cannot tell where to download it from"
            return
        }
        // The token goes only with a protected tour's download, to the host the detail showed.
        let status = download(arguments, tour.isProtected ? token : nil)
        // Ctrl-C stopped the download (which keeps what it fetched), not walkscape.
        StopSignals.clear(SIGINT)
        // Only this tour changed: read it again and list it as the catalogue did.
        if let reloaded = try? TourLoader.load(listing.directory), let tour = reloaded.tour {
            let directory = FilePathText.parent(of: listing.directory)
            state.tours[index] = TourListings.listing(
                tour, document: reloaded.document, directory: listing.directory, language: state.settings.audioLanguage ?? language,
                searchDirectories: TourListings.searchDirectories(catalogue: directory), token: token)
        }
        state.message = status == 0 ? nil : "the download stopped (status \(status)); press d to resume it"
    }
}
