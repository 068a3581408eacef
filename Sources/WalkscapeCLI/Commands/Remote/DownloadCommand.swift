import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemote

/// `walkscape download --api URL TOUR_ID --lang L[,L…]`: a tour from the API into a tours directory.
struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download a tour from the backend's API, every language merged into one tour directory.",
        discussion: DownloadHelp.discussion)

    @OptionGroup var remote: RemoteOptions

    @Argument(help: ArgumentHelp("The tour's id on the server (see `walkscape remote tours`).", valueName: "TOUR_ID"))
    var tourID: String

    @Option(name: .customLong("lang"), help: ArgumentHelp("The languages to download, comma-separated (tracks, texts and subtitles of each).", valueName: "L[,L...]"))
    var languages: String

    @Option(help: ArgumentHelp("The tours directory to install into (same as --tours).", valueName: "DIR"))
    var dest: String?

    @OptionGroup var toursDirectory: ToursDirectoryOption

    @Option(help: ArgumentHelp("Redeem this voucher first (POST /vouchers/validate; needs --token).", valueName: "CODE"))
    var voucher: String?

    @Option(help: ArgumentHelp("How many files to download at once, each over its own connection (1 to 16).", valueName: "N"))
    var jobs = 4

    @Option(name: .customLong("etag-check"), help: ArgumentHelp(
        "When files are checked against the server's MD5 ETag: auto (over plain HTTP only), always, never.", valueName: "WHEN"))
    var etagCheck: ETagCheck = .auto

    @Flag(help: "Download again even when the installed copy is complete and of the same version.")
    var force = false

    @Flag(name: .customLong("no-map"), help: "Leave out the manifest's offline map (its tiles).")
    var noMap = false

    @Flag(name: .customLong("map-only"), help: "Fetch only the offline map, into the tour already installed (resumes the tiles an earlier run stored).")
    var mapOnly = false

    var languageList: [String] { LanguageList.split(languages) }

    func validate() throws {
        try LanguageList.check(languageList)
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 16, not \(jobs).") }
        guard !(noMap && mapOnly) else { throw ValidationError("--no-map and --map-only cannot be given together.") }
    }

    func run() throws {
        let console = CommandContext.console
        let interruption = StopSignals.token()
        let api = try remote.makeAPI(interruption: interruption)
        defer { api.client.close() }
        let downloader = TourDownloader(api: api)
        downloader.etagCheck = etagCheck
        downloader.jobs = jobs
        downloader.map = noMap ? .none : mapOnly ? .only : .withTour
        let terminal = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        let view = ProgressView(console: console, terminal: terminal)
        downloader.onEvent = { event in view.show(event) }
        downloader.onTick = { progress in view.tick(progress) }
        let outcome: TourDownloader.Outcome
        do {
            outcome = try StopSignals.watch { () throws(RemoteError) -> TourDownloader.Outcome in
                try downloader.download(tourID, languages: languageList, destination: toursDirectory.resolved(override: dest), voucher: voucher, force: force)
            }
        } catch let error as RemoteError {
            view.clear()
            throw RemoteFailure.exit(error, console: console)
        }
        view.clear()
        for line in ProgressView.lines(outcome) { console.line(line) }
        if let note = downloader.mapNote { console.line("Map: \(note)") }
        if let problem = downloader.mapProblem {
            console.error(TerminalText.sanitize("warning: the offline map was not installed (\(problem)); the tour was. `walkscape tiles \(outcome.directory) --fetch` fetches it later, resuming"))
        }
    }
}

extension ETagCheck: ExpressibleByArgument {}
