import Foundation
import WalkscapeSystem
import WalkscapeReplay
import WalkscapePlayer
import WalkscapeTUI

extension PlayCommand {
    /// The catalogue, detail and settings screens (`CatalogueLoop`) until the user quits; returns the signal
    /// that stopped them, or 0. A download runs this executable on the plain terminal (`runDownload`).
    func browse(_ initial: BrowserState, loop: PlayerLoop, session: TerminalSession, strings: UIStrings) -> Int32 {
        let catalogue = CatalogueLoop(
            backend: session.terminal, player: loop, strings: strings, language: LanguagePreference.fromEnvironment(ProcessInfo.processInfo.environment),
            token: AccessToken.resolve(token), walkSpeed: policyOptions.walkSpeed
        ) { arguments, token in
            session.terminal.suspend()
            defer { session.terminal.resume() }
            return PlayCommand.runDownload(arguments, token: token, stderr: session.standardError)
        }
        if case let .interrupted(signal) = catalogue.run(initial) { return signal }
        return 0
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
