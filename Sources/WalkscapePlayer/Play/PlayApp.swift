import Foundation
import WalkscapeAudio
import WalkscapeSystem
import WalkscapeTUI
import WalkscapeTerminal
import WalkscapeTours

/// `walkscape play`: the terminal app from start to end: what it opens on read first, then curses, the audio
/// output and the player or catalogue loop, then the terminal given back.
public enum PlayApp {
    /// Runs the app `request` asks for; problems are written to `console` and thrown as a `CommandExit`
    /// (`CommandExit(signal:)` when a signal stopped it).
    public static func run(_ request: PlayRequest, console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let refusal = TerminalCapabilities.refusal(environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1) {
            console.error("walkscape play: " + refusal)
            throw CommandExit(.usage)
        }
        // Everything that can fail on bad input is read before curses takes the terminal.
        let start = try PlayStart.prepare(request, console: console)
        let strings = UIStrings(language: LanguagePreference.fromEnvironment(environment))
        // From here on the terminal belongs to curses: library chatter goes to the log file in the private
        // state directory (or nowhere when it cannot be made), never over the screen.
        let session: TerminalSession
        do {
            session = try TerminalSession(environment: environment, log: StateDirectory.openLog("play.log", environment: environment)?.descriptor ?? -1)
        } catch {
            console.error("walkscape play: \(error.message)")
            throw CommandExit(.usage)
        }
        let notices = NoticeBox()
        let output: any AudioOutput
        do {
            output = try request.audio.makeOutput { notices.add($0) }
        } catch {
            session.end()
            console.error("walkscape play: \(error.message)")
            throw CommandExit(.usage)
        }
        // A sound server's stream stays open through the walk (silence between narrations): the sink never goes
        // idle, so a narration never waits for a long-buffered sink to wake.
        let player = AudioPlayer(output: output, keepsOutputOpen: output is PulseOutput, onError: { notices.add($0) })
        let interrupted: Int32
        do {
            defer {
                player.shutdown()
                session.end()
            }
            // The play log (standard error is the log file now): each narration's trigger and first sample heard.
            let loop = PlayerLoop(
                backend: session.terminal, player: player, notices: notices, strings: strings,
                log: { line in FileHandle.standardError.write(Data(("narration: " + line + "\n").utf8)) })
            switch start {
            case let .player(inputs, subtitles, watch):
                let outcome = loop.run(
                    replay: inputs.tour, trace: inputs.trace.trace, traceName: ((request.trace ?? "") as NSString).lastPathComponent,
                    policy: request.settings.policy, speed: request.speed, subtitles: subtitles, watch: watch)
                if case let .interrupted(signal) = outcome { interrupted = signal } else { interrupted = 0 }
            case let .live(tour, subtitles, feed):
                defer { feed.stop() }
                let outcome = loop.run(
                    replay: tour, source: feed.queue, sourceName: feed.address.description, policy: request.settings.policy, subtitles: subtitles,
                    warnings: { feed.takeWarnings() })
                if case let .interrupted(signal) = outcome { interrupted = signal } else { interrupted = 0 }
            case let .browser(state):
                interrupted = browse(state, request: request, loop: loop, session: session, strings: strings, environment: environment)
            }
        }
        if let note = session.terminal.localeNote { console.error("walkscape play: " + note) }
        if interrupted != 0 {
            console.error("walkscape play: stopped by signal \(interrupted); the terminal is restored")
            throw CommandExit(signal: interrupted)
        }
    }

    /// The catalogue, detail and settings screens (`CatalogueLoop`) until the user quits; returns the signal
    /// that stopped them, or 0. A download runs this executable on the plain terminal (`runDownload`).
    static func browse(
        _ initial: BrowserState, request: PlayRequest, loop: PlayerLoop, session: TerminalSession, strings: UIStrings, environment: [String: String]
    ) -> Int32 {
        let catalogue = CatalogueLoop(
            backend: session.terminal, player: loop, strings: strings, language: LanguagePreference.fromEnvironment(environment),
            token: request.token, walkSpeed: request.walkSpeed
        ) { arguments, token in
            session.terminal.suspend()
            defer { session.terminal.resume() }
            return runDownload(arguments, token: token, stderr: session.standardError)
        }
        if case let .interrupted(signal) = catalogue.run(initial) { return signal }
        return 0
    }

    /// Runs `walkscape ARGUMENTS` (this very executable) on the plain terminal, its errors on `stderr`, then
    /// waits for Enter so its last lines can be read; returns its exit status. A `token` reaches it as
    /// `WALKSCAPE_TOKEN` in its environment, not on its command line (which `ps` shows).
    static func runDownload(_ arguments: [String], token: String?, stderr: Int32) -> Int32 {
        // The terminal as it is while curses is suspended: standard output, and the real standard error.
        let console = Console(
            out: { text in _ = text.withCString { Foundation.write(STDOUT_FILENO, $0, strlen($0)) } },
            err: { text in _ = text.withCString { Foundation.write(stderr >= 0 ? stderr : STDERR_FILENO, $0, strlen($0)) } })
        console.line("\nwalkscape " + arguments.map { TourIntegrity.shellQuoted($0) }.joined(separator: " "))
        var environment = ProcessInfo.processInfo.environment
        if let token { environment[AccessToken.environmentVariable] = token }
        let status: Int32
        do {
            status = try ChildProcess.run(executable: ChildProcess.selfExecutable, arguments: arguments, environment: environment, stderr: stderr)
        } catch {
            console.error("walkscape play: cannot run the download: \(error.message)")
            status = 2
        }
        console.line("\n[walkscape] download \(status == 0 ? "finished" : "stopped (status \(status))"); press Enter to go back")
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 && byte != UInt8(ascii: "\n") {}
        return status
    }
}
