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
        discussion: """
            Fetches the tour's detail, points and manifest in each language, merges them into one tour.json \
            (docs/tour-format.md) and downloads every file into DEST/.walkscape-staging/NAME first: a rerun after \
            an interruption (Ctrl-C, a lost connection) continues partial files with HTTP Range and skips \
            complete ones. Each file's size is checked against the manifest, its SHA-256 written into tour.json; \
            a file that came over plain HTTP is also checked against the server's MD5 ETag when it sends one \
            (over HTTPS, TLS already guarantees the bytes; --etag-check always|never changes this). The whole \
            tour is validated, then \
            moved into DEST/NAME in one step. When the manifest's offlineMap names map tiles, every tile of its \
            recommended zoom levels covering its bounds (plus 100 m; at most 10,000 tiles) is fetched too, each \
            decoded before it is stored, into map/tiles.mbtiles, the tour's mapTiles; a box far larger than the \
            route is bounded by the route's points plus 500 m. The map is an extra: when it cannot be fetched \
            the tour is installed without it, with one warning line; `walkscape tiles DIR --fetch` (or --map-only) \
            fetches it later, resuming; --no-map leaves it out. The version it replaces is kept for `walkscape remove \
            --restore-previous`. 5xx answers and broken connections are retried with backoff.

            On a terminal a progress bar shows bytes, total, rate and ETA; otherwise one line a file.

            Exit status: 0 installed or up to date; 1 the server's answers or files are wrong (bad JSON, wrong \
            size, corrupt bytes, a refused voucher, a tour that does not validate; with --map-only, a map that \
            cannot be fetched); 2 usage, unreachable \
            server, 401/403/404, disk full; 130 interrupted (rerun to resume).

            Examples:
              walkscape download --api https://api.example.org/v1 torino-portici \\
                  --lang it,en
              walkscape download --api https://api.example.org/v1 6f1c... --lang fr \\
                  --token T --voucher PARIS-2024
            """)

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
        let interruption = InterruptWatch.interruption()
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
            outcome = try InterruptWatch.run(interruption) { () throws(RemoteError) -> TourDownloader.Outcome in
                try downloader.download(tourID, languages: languageList, destination: toursDirectory.resolved(override: dest), voucher: voucher, force: force)
            }
        } catch let error as RemoteError {
            view.clear()
            throw RemoteFailure.exit(error, console: console)
        }
        view.clear()
        switch outcome {
        case let .upToDate(directory, plan):
            console.line("\(directory) is up to date (version \(plan.version), \(plan.languages.joined(separator: ", ")), \(plan.files) files, all present and intact); --force downloads it again")
        case let .installed(directory, previous, plan, warnings, received, seconds):
            let rate = seconds >= 0.001 ? " at \(formatBytes(Int(min(Double(received) / seconds, 1e15))))/s" : ""
            console.line("Installed \(directory): version \(plan.version), \(plan.languages.joined(separator: ", ")), \(plan.files) files, \(formatBytes(plan.totalBytes)); \(formatBytes(received)) downloaded in \(String(format: "%.2f", seconds)) s\(rate)")
            if !warnings.isEmpty {
                console.line("\(warnings.count) warning\(warnings.count == 1 ? "" : "s") from validation; `walkscape validate \(directory)` shows them")
            }
            if let previous { console.line("The version it replaced is kept in \(previous) (`walkscape remove \(directory) --restore-previous` puts it back)") }
        }
        if let note = downloader.mapNote { console.line("Map: \(note)") }
        if let problem = downloader.mapProblem {
            console.error(TerminalText.sanitize("warning: the offline map was not installed (\(problem)); the tour was. `walkscape tiles \(outcome.directory) --fetch` fetches it later, resuming"))
        }
    }
}

extension ETagCheck: ExpressibleByArgument {}

/// How `download` shows its progress: a redrawn bar on a terminal, plain lines otherwise.
final class ProgressView: @unchecked Sendable {
    let console: Console
    let terminal: Bool
    private var barShown = false
    private var plan: TourDownloader.DownloadPlan?
    private var filesDone = 0

    init(console: Console, terminal: Bool) {
        self.console = console
        self.terminal = terminal
    }

    func show(_ event: TourDownloader.Event) {
        clear()
        switch event {
        case let .plan(plan):
            self.plan = plan
            filesDone = plan.stagedFiles
            let tiles = plan.tiles > 0 ? " (one of them \(plan.tiles) map tiles, \(zoomText(plan.tileZooms)))" : ""
            console.line("Tour \(plan.slug) (id \(plan.tourID), version \(plan.version)) in \(plan.languages.joined(separator: ", ")): \(plan.files) files\(tiles), \(formatBytes(plan.totalBytes))\(plan.tiles > 0 ? " + the tiles" : "") → \(plan.directory)")
            if plan.stagedBytes > 0 {
                console.line("Resuming: \(plan.stagedFiles) of \(plan.files) files complete, \(formatBytes(plan.stagedBytes)) already on disk")
            }
        case let .fileDone(path, bytes, resumedFrom):
            filesDone += 1
            if !terminal {
                let count = plan.map { String($0.files) } ?? "?"
                let index = String(filesDone)
                let resumed = resumedFrom > 0 ? "  (resumed at \(formatBytes(resumedFrom)))" : ""
                console.line("[\(String(repeating: " ", count: max(0, count.count - index.count)))\(index)/\(count)] \(formatBytes(bytes).leftPadded(to: 9))  \(path)\(resumed)")
            }
        case let .mapTilesDone(path, bytes, tiles, absent, fetched, zooms):
            filesDone += 1
            if !terminal {
                let count = plan.map { String($0.files) } ?? "?"
                let index = String(filesDone)
                let missing = absent > 0 ? "; \(absent) not on the server" : ""
                let earlier = fetched < tiles ? "; \(tiles - fetched) from an earlier run" : ""
                console.line("[\(String(repeating: " ", count: max(0, count.count - index.count)))\(index)/\(count)] \(formatBytes(bytes).leftPadded(to: 9))  \(path)  (\(tiles) tiles, \(zoomText(zooms))\(missing)\(earlier))")
            }
        case let .retry(what, attempt, delay):
            console.line("retrying in \(String(format: "%.1f", delay)) s (attempt \(attempt)): \(TerminalText.sanitize(what))")
        case let .validating(staging):
            console.line("Checking the downloaded tour (\(staging))…")
        }
    }

    /// `z14–16`, `z15`, `z12, 14, 16`.
    private func zoomText(_ zooms: [Int]) -> String {
        guard let low = zooms.first, let high = zooms.last else { return "" }
        if low == high { return "z\(low)" }
        if high - low + 1 == zooms.count { return "z\(low)–\(high)" }
        return "z" + zooms.map(String.init).joined(separator: ", ")
    }

    func tick(_ progress: TourDownloader.Progress) {
        guard terminal else { return }
        var size = winsize()
        let width = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        console.write("\r\u{1B}[K" + DownloadProgressLine.render(progress, width: width))
        barShown = true
    }

    /// Erases the bar so that a line can be printed.
    func clear() {
        guard barShown else { return }
        console.write("\r\u{1B}[K")
        barShown = false
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
