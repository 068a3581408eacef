import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeTUI
import WalkscapeTerminal
import WalkscapeTours
import WalkscapeTraces

/// `walkscape play [TOUR] [--trace FILE]`: the terminal player, and the catalogue, tour detail and settings
/// screens before it.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a tour in the terminal: catalogue, tour detail, settings, and the player (map, route card, subtitles, audio).",
        discussion: """
            Without --trace it opens the catalogue of the tours in TOUR (a directory of tours; default: the tours directory, see `walkscape tours --help`) or, \
            when TOUR is one tour, that tour's detail: pick a walk (a trace found for the tour, or a simulated walk \
            along its route), change the settings (`,`), press enter to play. A tour with missing files cannot \
            start; its detail says what is missing and the command that downloads it, and `d` runs that command \
            when the tour records where it came from (a protected tour also needs --token or WALKSCAPE_TOKEN, \
            handed to the download through its environment, never written anywhere).

            With --trace it opens the player at once. The trace replays through the same trigger engine as \
            `simulate`, on a clock you can pause, step and speed up (¼× … 64×). From ×1/2 to ×2 the audio is \
            heard (PulseAudio), time-stretched with its pitch kept away from ×1; at other speeds it is muted and \
            its position follows the clock, so the queue behaves exactly as at ×1. Subtitles follow the heard \
            position.

            Player keys: space play/pause · ←/→ seek ∓10 s (15 s as android-app) · n/p next/previous point (as the profile's app) · r replay · [ ] or -/+ speed · \
            . step one fix while paused · f follow walker · h/L k/j ↑/↓ pan · z/x zoom · 0 fit route · \
            s subtitle language · l event log · ? help · q quit.
            Catalogue keys: ↑/↓ select · enter open · tab filter (all/protected/free) · , settings · esc back · q quit.

            Needs a terminal (TERM set, not dumb), at least 60×20. Without a UTF-8 locale the map is drawn in \
            ASCII; NO_COLOR turns colours off. Messages from the audio libraries go to \
            $XDG_STATE_HOME/walkscape/play.log (default ~/.local/state/walkscape, created 0700), never over \
            the screen.

            Examples:
              walkscape play
              walkscape play tours/torino-portici
              walkscape play tours/torino-portici \\
                  --trace fixtures/traces/torino-portici-clean.gpx
              walkscape play tours/paris-ile-de-la-cite --trace walk.gpx --lang en \\
                  --subs fr --speed 8
              walkscape play tours/torino-portici --trace walk.gpx --audio none \\
                  --profile ios-app
            """)

    @Argument(help: "A tour directory (or its tour.json), or a directory of tours (default: --tours, else $WALKSCAPE_TOURS, ./tours, ~/.local/share/walkscape/tours).")
    var tour: String?

    @Option(help: ArgumentHelp("The GPS trace to replay (GPX, NMEA or GeoJSON); opens the player at once.", valueName: "FILE"))
    var trace: String?

    /// `--lang`, defaulting to the locale's language when the tour has it (the headless commands default to
    /// the tour's first language instead, so their output never depends on who runs them).
    @OptionGroup var narration: LanguageOption

    @OptionGroup var toursDirectory: ToursDirectoryOption

    @Option(help: ArgumentHelp("Subtitle language, or off (default: the narration's language when available).", valueName: "L|off"))
    var subs: String?

    @Option(help: ArgumentHelp("Replay speed: 0.25, 0.5, 1, 1.5, 2, 4, 8, 16, 32 or 64 (heard from 0.5 to 2).", valueName: "X"))
    var speed: Double = 1

    @OptionGroup var audioOptions: AudioOptions
    @OptionGroup var policyOptions: PolicyOptions
    @OptionGroup var traceSelection: TraceSelectionOptions

    @Option(help: ArgumentHelp("A bearer token for downloading protected tours from their detail (`d`); default: $WALKSCAPE_TOKEN.", valueName: "T"))
    var token: String?

    func validate() throws {
        guard PlayerSession.speeds.contains(speed) else {
            throw ValidationError("--speed must be one of \(PlayerSession.speeds.map { formatShortNumber($0) }.joined(separator: ", ")), got \(formatShortNumber(speed)).")
        }
        if trace != nil && tour == nil { throw ValidationError("--trace needs a TOUR to replay it against.") }
    }

    /// What the terminal opens on.
    enum Start {
        case player(Replay.Inputs, subtitles: String?)
        case browser(BrowserState)
    }

    func run() throws {
        let console = CommandContext.console
        let environment = ProcessInfo.processInfo.environment
        if let refusal = TerminalCapabilities.refusal(environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1) {
            console.error("walkscape play: " + refusal)
            throw CommandExit(.usage)
        }
        let settings = PlaySettings(
            audioLanguage: narration.language, subtitles: subs == "off" ? .off : subs.map { .language($0) } ?? .sameAsAudio,
            profile: policyOptions.engineProfile, policy: policyOptions.policy, speed: speed)

        // Everything that can fail on bad input is read before curses takes the terminal.
        let start: Start
        if let trace, let tour {
            // An explicit --lang must exist in the tour; a language from the locale is only a preference.
            // A large trace takes seconds to read: say so rather than leave the terminal blank.
            let loading = LoadingProgress.onStandardError()
            let name = (trace as NSString).lastPathComponent
            let inputs: Replay.Inputs
            do {
                defer { loading.finish() }
                inputs = try Replay.load(
                    tour: tour, trace: trace, language: narration.requested,
                    languageIsPreference: narration.language == nil, walkSpeed: policyOptions.walkSpeed,
                    selection: traceSelection.selection, console: console,
                    progress: { loading.update(name, fraction: $0) })
            }
            let languages = PlayCommand.subtitleLanguages(inputs.tour)
            let subtitles: String? = subs == "off" ? nil : (subs ?? (languages.contains(inputs.tour.language) ? inputs.tour.language : languages.first))
            if let wanted = subtitles, !languages.contains(wanted) {
                console.error("\(tour): no \"\(wanted)\" subtitles for the \"\(inputs.tour.language)\" narration; available: \(languages.isEmpty ? "none" : languages.joined(separator: ", "))")
                throw CommandExit(.failure)
            }
            start = .player(inputs, subtitles: subtitles)
        } else {
            start = .browser(try PlayCommand.browserState(
                argument: tour ?? toursDirectory.resolved(), settings: settings, language: narration.requested, token: AccessToken.resolve(token), console: console))
        }

        let strings = UIStrings(language: LanguagePreference.fromEnvironment(environment))
        // From here on the terminal belongs to curses: library chatter goes to the log file in the private
        // state directory (or nowhere when it cannot be made), never over the screen.
        TerminalGuard.install()
        var interrupted: Int32 = 0
        let savedStderr = dup(STDERR_FILENO)
        let logDescriptor = StateDirectory.openLog("play.log", environment: environment)?.descriptor ?? open("/dev/null", O_WRONLY | O_CLOEXEC)
        if logDescriptor >= 0 {
            dup2(logDescriptor, STDERR_FILENO)
            close(logDescriptor)
        }
        defer {
            // Runs last, after curses has ended: back to the real standard error.
            if savedStderr >= 0 {
                dup2(savedStderr, STDERR_FILENO)
                close(savedStderr)
            }
            if interrupted != 0 { console.error("walkscape play: stopped by signal \(interrupted); the terminal is restored") }
        }
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(environment: environment)
        } catch {
            TerminalGuard.restore()
            if savedStderr >= 0 { dup2(savedStderr, STDERR_FILENO) }
            console.error("walkscape play: \(error.message)")
            throw CommandExit(.usage)
        }
        let notices = NoticeBox()
        let output: any AudioOutput
        do {
            output = try audioOptions.choice.makeOutput { notices.add($0) }
        } catch {
            terminal.end()
            if savedStderr >= 0 { dup2(savedStderr, STDERR_FILENO) }
            console.error("walkscape play: \(error.message)")
            throw CommandExit(.usage)
        }
        let player = AudioPlayer(output: output, onError: { notices.add($0) })
        defer {
            player.shutdown()
            terminal.end()
        }
        let loop = PlayerLoop(terminal: terminal, player: player, notices: notices, strings: strings)
        switch start {
        case let .player(inputs, subtitles):
            if case let .interrupted(signal) = loop.run(replay: inputs.tour, trace: inputs.trace.trace, traceName: ((self.trace ?? "") as NSString).lastPathComponent, policy: settings.policy, speed: speed, subtitles: subtitles) {
                interrupted = signal
            }
        case let .browser(state):
            interrupted = browse(state, loop: loop, terminal: terminal, strings: strings, stderr: savedStderr)
        }
        if interrupted != 0 { throw CommandExit(signal: interrupted) }
    }

    /// The catalogue, detail and settings screens until the user quits; returns the signal that stopped it, or 0.
    func browse(_ initial: BrowserState, loop: PlayerLoop, terminal: CursesTerminal, strings: UIStrings, stderr: Int32) -> Int32 {
        var state = initial
        while true {
            let signal = TerminalGuard.stopSignal.load(ordering: .relaxed)
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
                let status = PlayCommand.runDownload(arguments, token: tour.isProtected ? AccessToken.resolve(token) : nil, stderr: stderr)
                // Ctrl-C stopped the download (which keeps what it fetched), not walkscape.
                _ = TerminalGuard.stopSignal.compareExchange(expected: SIGINT, desired: 0, ordering: .relaxed)
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

    /// Runs `walkscape ARGUMENTS` (this very executable) on the plain terminal, its errors on `stderr`, then
    /// waits for Enter so its last lines can be read; returns its exit status. A `token` reaches it as
    /// `WALKSCAPE_TOKEN` in its environment, not on its command line (which `ps` shows).
    static func runDownload(_ arguments: [String], token: String?, stderr: Int32) -> Int32 {
        var executable = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &executable, executable.count - 1)
        let path = length > 0 ? String(decoding: executable.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        // The terminal as it is while curses is suspended: standard output, and the real standard error.
        let console = Console(
            out: { text in _ = text.withCString { Foundation.write(STDOUT_FILENO, $0, strlen($0)) } },
            err: { text in _ = text.withCString { Foundation.write(stderr >= 0 ? stderr : STDERR_FILENO, $0, strlen($0)) } })
        console.line("\nwalkscape " + arguments.map { TourIntegrity.shellQuoted($0) }.joined(separator: " "))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stderr >= 0 { posix_spawn_file_actions_adddup2(&actions, stderr, STDERR_FILENO) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = [path] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        if let token { environment[AccessToken.environmentVariable] = token }
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var pid: pid_t = 0
        var status: Int32 = 0
        if posix_spawn(&pid, path, &actions, &attributes, cArguments, cEnvironment) == 0 {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            status = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        } else {
            console.error("walkscape play: cannot run the download: \(String(cString: strerror(errno)))")
            status = 2
        }
        console.line("\n[walkscape] download \(status == 0 ? "finished" : "stopped (status \(status))"); press Enter to go back")
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 && byte != UInt8(ascii: "\n") {}
        return status
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

    /// What the player needs for a walk chosen on the detail screen, or one line saying why it cannot start.
    static func prepare(
        _ listing: TourListing, walk: TourListing.Walk, settings: PlaySettings, walkSpeed: Double, progress: ((Double) -> Void)? = nil
    ) -> Result<(replay: ReplayTour, trace: Trace, subtitles: String?), PrepareError> {
        let replay: ReplayTour
        do {
            let requested = settings.audioLanguage ?? LanguagePreference.fromEnvironment(ProcessInfo.processInfo.environment)
            replay = try ReplayTour.load(listing.directory, language: requested, requestedIsPreference: true)
        } catch {
            return .failure(PrepareError(error.problems.first.map { TerminalText.sanitize($0.description) } ?? "\(listing.directory): cannot be replayed"))
        }
        let trace: Trace
        if let path = walk.path {
            do {
                trace = try TraceFileReader.readForReplay(path: path, walkSpeed: walkSpeed, progress: progress).trace
            } catch {
                return .failure(PrepareError(TerminalText.sanitize(error.description)))
            }
        } else {
            let path = SyntheticWalk.path(for: replay.tour)
            let pauses = SyntheticWalk.pauses(along: path, at: replay.engineTour.points.map { ($0.location, $0.audioSeconds) })
            trace = SyntheticWalk(path: path, pauses: pauses).generate(seed: 1)
        }
        let languages = subtitleLanguages(replay)
        let subtitles: String?
        switch settings.subtitles {
        case .off: subtitles = nil
        case .sameAsAudio: subtitles = languages.contains(replay.language) ? replay.language : languages.first
        case let .language(code): subtitles = languages.contains(code) ? code : (languages.contains(replay.language) ? replay.language : languages.first)
        }
        return .success((replay, trace, subtitles))
    }

    struct PrepareError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// Audio follows a speed change: muted (stopped) outside `PlayerSession.audibleSpeeds`; within them the
    /// playing point starts again at the clock's position in its recording, stretched for the new speed.
    static func resync(session: PlayerSession, audiblePoint: Int?) -> [PlayerSession.AudioCommand] {
        if !PlayerSession.isAudible(speed: session.speed) { return audiblePoint == nil ? [] : [.stop] }
        guard let playing = session.engine.playing, let position = session.audioPosition else { return [] }
        return [.play(point: playing.point, offset: position)]
    }

    /// Every subtitle language the narration's tracks have, in first-seen order.
    static func subtitleLanguages(_ replay: ReplayTour) -> [String] {
        var languages: [String] = []
        for point in replay.tour.points {
            for subtitle in point.track(replay.language)?.subtitles ?? [] where !languages.contains(subtitle.language) {
                languages.append(subtitle.language)
            }
        }
        return languages
    }

    /// The tour's texts in the narration language, with each point's subtitles in `subtitles` (nil: off).
    static func tourInfo(_ replay: ReplayTour, subtitles language: String?) -> PlayerTourInfo {
        var tracks: [Int: SubtitleTrack] = [:]
        if let language {
            for point in replay.tour.points {
                guard let asset = point.track(replay.language)?.subtitles(in: language),
                    let data = FileManager.default.contents(atPath: replay.location.path(of: asset.file)),
                    data.count <= SRTParser.maxFileBytes  // as `listen` and `validate`: not a subtitle file
                else { continue }
                tracks[point.order] = SubtitleTrack(SRTParser().parse(Array(data)).cues)
            }
        }
        let tour = replay.tour
        return PlayerTourInfo(
            title: tour.title.resolved(replay.language, fallbacks: tour.languages), pointTitles: replay.pointTitles(),
            route: tour.route?.points ?? [], completionMessage: tour.completionMessage?.resolved(replay.language, fallbacks: tour.languages),
            subtitles: tracks)
    }
}

/// Notices from the audio side (any thread), shown in the event log.
final class NoticeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []
    private var kept: [String] = []

    func add(_ text: String) {
        lock.lock()
        pending.append(text)
        lock.unlock()
    }

    /// Every notice so far (the last few), for the log.
    func drain() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        kept += pending.map { "audio: " + $0 }
        pending.removeAll()
        kept = Array(kept.suffix(5))
        return kept
    }
}

/// The map's view: fitted to the route, or zoomed, panned, or following the walker.
struct MapView {
    var follow = false
    var zoom = 1.0
    var offset = (x: 0, y: 0)

    mutating func pan(dx: Int, dy: Int) {
        follow = false
        offset.x += dx
        offset.y += dy
    }

    func projection(for scene: MapScene, columns: Int, rows: Int, ascii: Bool) -> MapProjection? {
        if zoom == 1 && offset == (0, 0) && !follow { return nil }
        var projection = RouteMapWidget(mode: ascii ? .ascii : .braille).fittedProjection(scene, columns: columns, rows: rows).zoomed(by: zoom)
        if follow, let walker = scene.walker { projection.center = walker }
        return projection.panned(dx: offset.x, dy: offset.y)
    }
}

extension ReplayTour {
    /// The path of point `order`'s audio in the narration language.
    func audioPath(point order: Int) -> String? {
        guard let point = tour.points.first(where: { $0.order == order }), let track = point.track(language) else { return nil }
        return location.path(of: track.audio.file)
    }
}
