import Foundation
import WalkscapeCore
import WalkscapeLive
import WalkscapeReplay
import WalkscapeSystem
import WalkscapeTUI
import WalkscapeTours

/// What the terminal opens on, read and checked before curses takes the terminal: the player for a trace or a
/// live source, else the catalogue.
public enum PlayStart {
    /// `watch`: `--watch`'s reloader (nil without it).
    case player(Replay.Inputs, subtitles: String?, watch: PlayerReloader?)
    case browser(BrowserState)
    /// `--gps`: a live walk, its source connected.
    case live(ReplayTour, subtitles: String?, feed: LiveFeed)

    /// The start `request` asks for; problems are written to `console`, then thrown as a `CommandExit`.
    public static func prepare(_ request: PlayRequest, console: Console) throws -> PlayStart {
        if let live = request.live, let tour = request.tour { return try startLive(request, tour: tour, source: live, console: console) }
        guard let trace = request.trace, let tour = request.tour else {
            return .browser(try browserState(
                argument: request.tour ?? request.toursDirectory, settings: request.settings, language: request.language, token: request.token,
                console: console))
        }
        // An explicit --lang must exist in the tour; a language from the locale is only a preference.
        // A large trace takes seconds to read: say so rather than leave the terminal blank.
        let loading = LoadingProgress.onStandardError()
        let name = (trace as NSString).lastPathComponent
        let inputs: Replay.Inputs
        do {
            defer { loading.finish() }
            inputs = try Replay.load(
                tour: tour, trace: trace, language: request.language, languageIsPreference: request.languageIsPreference,
                allowMissing: request.allowMissing, walkSpeed: request.walkSpeed, selection: request.selection, console: console,
                progress: { loading.update(name, fraction: $0) })
        }
        try requireSubtitles(request, tour: tour, inputs.tour, console: console)
        let reloader: PlayerReloader?
        do { reloader = request.watch ? try PlayerReloader(replay: inputs.tour, allowMissing: request.allowMissing) : nil } catch {
            console.error("walkscape play: --watch: \(error.message)")
            throw CommandExit(.failure)
        }
        return .player(inputs, subtitles: startingSubtitles(request, inputs.tour), watch: reloader)
    }

    /// The player for a live walk: the tour read and checked, the source connected (so that a wrong address
    /// fails here, before curses takes the terminal).
    static func startLive(_ request: PlayRequest, tour: String, source: LiveWalkSource, console: Console) throws -> PlayStart {
        let replay = try Replay.loadTour(
            tour, language: request.language, languageIsPreference: request.languageIsPreference, allowMissing: request.allowMissing,
            offersAllowMissing: true, console: console)
        try requireSubtitles(request, tour: tour, replay, console: console)
        let feed: LiveFeed
        do {
            feed = try LiveFeed(
                address: source.address, clock: source.clock, recordPath: source.record, idleTimeout: source.idleSeconds,
                reachTargets: replay.reachTargets)
        } catch {
            console.error("walkscape play: \(error.message)")
            throw CommandExit(.failure)
        }
        return .live(replay, subtitles: startingSubtitles(request, replay), feed: feed)
    }

    /// Refuses `--subs L` when the narration has no subtitles in L.
    static func requireSubtitles(_ request: PlayRequest, tour: String, _ replay: ReplayTour, console: Console) throws {
        let languages = PlayerTour.subtitleLanguages(replay)
        if let wanted = request.subtitles, wanted != "off", !languages.contains(wanted) {
            console.error("\(tour): no \"\(wanted)\" subtitles for the \"\(replay.language)\" narration; available: \(languages.isEmpty ? "none" : languages.joined(separator: ", "))")
            throw CommandExit(.failure)
        }
    }

    static func startingSubtitles(_ request: PlayRequest, _ replay: ReplayTour) -> String? {
        PlayerTour.startingSubtitles(replay, wanted: request.subtitles, off: request.subtitles == "off")
    }

    /// The catalogue for `argument`: a directory of tours, or one tour (opened on its detail, among its siblings).
    public static func browserState(argument: String, settings: PlaySettings, language: String?, token: String?, console: Console) throws -> BrowserState {
        var path = argument.hasSuffix("/tour.json") ? String(argument.dropLast("/tour.json".count)) : argument
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        let isTour = FileManager.default.fileExists(atPath: path + "/tour.json")
        // One tour opens among its siblings: the catalogue of its parent ("." for a bare name like `milan`).
        let parent = FilePathText.parent(of: path)
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
