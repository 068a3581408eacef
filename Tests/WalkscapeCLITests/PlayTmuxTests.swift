import Foundation
import WalkscapeTestSupport
import Testing

/// Drives `walkscape play` in a real terminal: a detached tmux session, keys sent with `send-keys`, the
/// screen read with `capture-pane`. Skipped when tmux is not installed (`make test` installs it).
struct Tmux {
    static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    let session = "walkscape-test-\(UUID().uuidString.prefix(8))"
    let socket = NSTemporaryDirectory() + "walkscape-tmux-\(UUID().uuidString.prefix(8))"

    /// Runs tmux with `arguments` and returns its standard output (through `ChildProcess`: the tmux server
    /// that `new-session` forks would keep Foundation's `Process` waiting).
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) throws -> String {
        try ChildProcess.run([Tmux.path!, "-S", socket] + arguments, capture: capture).output
    }

    /// Starts `command` in a new detached session of `width` × `height`.
    func start(_ command: String, width: Int = 100, height: Int = 30) throws {
        try run(["new-session", "-d", "-s", session, "-x", String(width), "-y", String(height), command], capture: false)
    }

    func screen() throws -> String { try run(["capture-pane", "-t", session, "-p"]) }

    func keys(_ keys: String...) throws { try run(["send-keys", "-t", session] + keys) }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", session, "-x", String(width), "-y", String(height)])
    }

    /// Polls the screen until `predicate` holds on a whole frame (or `timeout` seconds pass); returns that screen.
    ///
    /// On a loaded machine tmux can answer `capture-pane` while a frame is still arriving: the header drawn, the
    /// rows below still blank. So once `predicate` holds, the screen is read again a moment later, and the wait
    /// goes on while that later read still satisfies `predicate` and has more non-blank rows than the one before.
    /// If the later read no longer satisfies `predicate` (a passing message), the earlier one is returned.
    /// `settle: false` returns the first read that satisfies `predicate`, for a screen that is meant to pass
    /// (progress shown before the player's first frame).
    func waitFor(timeout: Double = 15, settle: Bool = true, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = try screen()
        while Date() < deadline {
            if predicate(text) {
                guard settle else { return text }
                Thread.sleep(forTimeInterval: 0.06)
                let later = try screen()
                guard predicate(later) else { return text }
                if Tmux.drawnRows(later) <= Tmux.drawnRows(text) { return later }
                text = later
                continue
            }
            Thread.sleep(forTimeInterval: 0.05)
            text = try screen()
        }
        return text
    }

    /// The number of rows of `screen` with anything drawn on them.
    static func drawnRows(_ screen: String) -> Int {
        screen.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains { !$0.isWhitespace } }.count
    }

    /// Stops the server and removes its socket.
    func kill() {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
    }
}

@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PlayTmuxTests {
    /// The shell command that plays the brisk Turin walk, then prints the exit status and the tty modes.
    func playCommand(_ extra: String = "", speed: Int = 8) -> String {
        "cd \(repositoryRoot) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play tours/torino-portici "
            + "--trace fixtures/traces/torino-portici-brisk.gpx --audio none --speed \(speed) \(extra); "
            + "status=$?; modes=$(stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '); "
            + "echo \"EXIT $status MODES $modes END\"; sleep 60"
    }

    @Test func atOneAndAHalfTheNarrationIsHeard() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        let wav = NSTemporaryDirectory() + "walkscape-play-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: wav) }
        try tmux.start(playCommand(speed: 8).replacingOccurrences(of: "--audio none --speed 8", with: "--audio wav:\(wav) --speed 1.5"))
        // Point 1 plays at once; its second cue (4.541 s into the recording) shows on the heard audio's clock.
        var screen = try tmux.waitFor(timeout: 30) { $0.contains("Stop 1/7") && $0.contains("Alle vostre spalle") }
        let header = screen.split(separator: "\n").first.map(String.init) ?? ""
        expectTrue(header.hasSuffix("×1.5"), "\(header)")
        expectTrue(!screen.contains("muted"))
        // Paused, then ×2, then resumed: the narration goes on from where the clock is, stretched for ×2.
        try tmux.keys("Space")
        try tmux.keys("]")
        screen = try tmux.waitFor { ($0.split(separator: "\n").first ?? "").hasSuffix("×2") }
        try tmux.keys("Space")
        // The fourth cue, 11.521 s into the recording.
        screen = try tmux.waitFor(timeout: 30) { $0.contains("Davanti a voi") }
        expectContains(screen, "Davanti a voi", "\(screen)")
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains("Quit the tour in progress?") }
        try tmux.keys("y")
        screen = try tmux.waitFor { $0.contains("EXIT ") }
        expectContains(screen, "EXIT 0", "\(screen)")
        // What was heard is the narration, not the silence of a muted player.
        let data = try #require(FileManager.default.contents(atPath: wav))
        let floats = data.count > 4096 ? data.dropFirst(data.count / 2).prefix(16384) : Data()
        let samples = floats.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let loud = samples.filter { abs($0) > 0.05 }.count
        expectTrue(data.count > 44100 && loud > 100, "\(data.count) bytes, \(loud) loud samples")
        // 4.541 s of the recording at ×1.5 and at least 11.521 − 4.541 s more at ×2 were heard: ≥ 6.5 s of
        // 22,050 Hz mono float (not ~3 s, had the speed change while paused dropped the narration).
        let heardSeconds = Double(data.count) / 4 / 22050
        expectTrue(heardSeconds > 6, "\(heardSeconds) s heard")
    }

    @Test func playsTheWalkAndAnswersTheKeys() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(playCommand(speed: 8))

        // The player screen: header, map markers, route card, key hints (waited for whole: on a slow machine
        // tmux can read the screen while the first frame is still being drawn, the header without the map).
        var screen = try tmux.waitFor { $0.contains("Stop 1/7") && $0.contains("? help") }
        expectContains(screen, "Torino sotto i portici")
        expectContains(screen, "×8 (muted above ×2)")
        expectContains(screen, "Next stop 2")
        expectContains(screen, "N↑")
        for marker in ["1", "2", "3", "4", "5", "6", "7"] { expectTrue(screen.contains(marker)) }
        expectContains(screen, "? help")

        // Subtitles follow the (muted) audio of point 2 as the walk reaches it.
        screen = try tmux.waitFor(timeout: 40) { $0.contains("Stop 2/7 · Piazza San Carlo") && $0.contains("Piazza San Carlo") && $0.contains("━") }
        expectContains(screen, "Stop 2/7")
        screen = try tmux.waitFor(timeout: 10) { $0.contains("salotto") || $0.contains("Carlo Emanuele") || $0.contains("cavallo") }
        expectTrue(screen.contains("salotto") || screen.contains("Carlo Emanuele") || screen.contains("cavallo"), "no subtitle seen:\n\(screen)")

        // Pause: the clock stops.
        try tmux.keys("Space")
        Thread.sleep(forTimeInterval: 0.4)
        let paused = try tmux.screen().split(separator: "\n").first ?? ""
        Thread.sleep(forTimeInterval: 1.0)
        let stillPaused = try tmux.screen().split(separator: "\n").first ?? ""
        expectEqual(paused, stillPaused, "the clock moved while paused")
        try tmux.keys("Space")

        // Help overlay, any key closes it.
        try tmux.keys("?")
        // Waits for the whole box: a capture can land while the frame is still being written.
        screen = try tmux.waitFor { $0.contains("Help") && $0.contains("q  quit") }
        expectContains(screen, "step one fix while paused")
        try tmux.keys("Escape")
        screen = try tmux.waitFor { !$0.contains("step one fix while paused") }
        expectTrue(!screen.contains("step one fix while paused"))

        // Zoom changes the map (the scale bar's length).
        let before = try tmux.screen()
        try tmux.keys("z")
        screen = try tmux.waitFor { $0 != before }
        try tmux.keys("0")

        // Resize below the minimum and back.
        try tmux.resize(width: 50, height: 15)
        screen = try tmux.waitFor { $0.contains("terminal too small") }
        expectContains(screen, "need 60×20 (50×15)")
        try tmux.resize(width: 100, height: 30)
        // The whole frame, the route card with the header (a read can land while the frame is being drawn).
        screen = try tmux.waitFor { $0.contains("Torino sotto i portici") && ($0.contains("Next stop") || $0.contains("Tour complete")) }
        expectTrue(screen.contains("Next stop") || screen.contains("Tour complete"), "\(screen)")

        // Quit asks while the tour is in progress, then the terminal is back in cooked mode.
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains("Quit the tour in progress?") }
        expectContains(screen, "(y/n)")
        try tmux.keys("y")
        screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0 MODES icanon echo  END", "\(screen)")
    }

    @Test func keysThatDoNothingSayWhyOnTheLastRow() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        // At ×1 the second point is minutes away.
        try tmux.start(playCommand(speed: 1))
        var screen = try tmux.waitFor { $0.contains("Stop 1/7") }
        // The Turin tour has no map tiles.
        try tmux.keys("b")
        screen = try tmux.waitFor { $0.contains("b: this tour has no map tiles (walkscape tiles adds them)") }
        expectContains(screen, "b: this tour has no map tiles", "\(screen)")
        try tmux.keys("p")
        screen = try tmux.waitFor { $0.contains("p: no previous point until a second one has played") }
        expectContains(screen, "p: no previous point until a second one has played", "\(screen)")
        expectContains(screen, "Stop 1/7")
        // Up to ×64 (seven steps), to the end; then n has nothing to go to.
        for _ in 1...7 { try tmux.keys("]") }
        screen = try tmux.waitFor(timeout: 120) { $0.contains("Tour complete") }
        expectContains(screen, "Tour complete", "\(screen)")
        try tmux.keys("n")
        screen = try tmux.waitFor { $0.contains("n: no next point: the last one has played") }
        expectContains(screen, "n: no next point: the last one has played", "\(screen)")
        // ←/→ with no narration playing: nothing to seek in, said (they did nothing and said nothing).
        try tmux.keys("Left")
        screen = try tmux.waitFor { $0.contains("←: no narration is playing to seek in") }
        expectContains(screen, "←: no narration is playing to seek in", "\(screen)")
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0", "\(screen)")
    }

    @Test func aUTF8LocaleThatIsNotInstalledStillDrawsInUTF8() throws {
        // fr_FR.UTF-8 is not installed on a bare Debian (only C.UTF-8 is): the terminal's UTF-8 is used
        // through C.UTF-8 rather than ASCII transliteration. (Where fr_FR.UTF-8 is installed it is used.)
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(
            "cd \(repositoryRoot) && env -u LC_ALL -u LC_CTYPE -u LC_MESSAGES LANG=fr_FR.UTF-8 TERM=xterm-256color \(CLI.binary) play tours/torino-portici "
                + "--trace fixtures/traces/torino-portici-brisk.gpx --audio none --speed 1 2>&1; echo \"EXIT $? END\"; sleep 60")
        var screen = try tmux.waitFor { $0.contains("tape 1/7") }
        expectContains(screen, "Étape 1/7", "\(screen)")
        expectTrue(screen.contains("N↑") && screen.contains("portici — Étape"), "\(screen)")
        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("(o/n)") || $0.contains("(y/n)") }
        try tmux.keys("o")
        screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0 END", "\(screen)")
        expectTrue(!screen.contains("ASCII"), "\(screen)")
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(playCommand(speed: 4))
        _ = try tmux.waitFor { $0.contains("Stop 1/7") }
        let pid = try tmux.run(["display-message", "-p", "-t", tmux.session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // The shell's child is walkscape: signal it.
        let pkill = Process()
        pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        pkill.arguments = ["-TERM", "-P", pid, "-x", "walkscape"]
        try pkill.run()
        pkill.waitUntilExit()
        let screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "stopped by signal 15; the terminal is restored")
        expectContains(screen, "EXIT 143 MODES icanon echo  END", "\(screen)")
        expectTrue(!screen.contains("\u{1B}"))
    }

    /// Every signal that ends the process leaves the terminal as it found it: cooked mode, the normal screen,
    /// the cursor shown; the status is 128 + the signal. SIGQUIT is tried with the Swift runtime's
    /// backtracer on (it used to swallow the signal) and off (the program used to die with the terminal raw).
    @Test(arguments: [
        ("QUIT", SIGQUIT, ""), ("QUIT", SIGQUIT, "SWIFT_BACKTRACE=enable=no"), ("ALRM", SIGALRM, "SWIFT_BACKTRACE=enable=no"),
        ("USR1", SIGUSR1, "SWIFT_BACKTRACE=enable=no"), ("USR2", SIGUSR2, ""), ("PIPE", SIGPIPE, "SWIFT_BACKTRACE=enable=no"),
    ])
    func everyEndingSignalRestoresTheTerminal(name: String, number: Int32, environment: String) throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start((environment.isEmpty ? "" : "export \(environment); ") + playCommand(speed: 4))
        _ = try tmux.waitFor { $0.contains("Stop 1/7") }
        let pid = try tmux.run(["display-message", "-p", "-t", tmux.session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let pkill = Process()
        pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        pkill.arguments = ["-\(name)", "-P", pid, "-x", "walkscape"]
        try pkill.run()
        pkill.waitUntilExit()
        let screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "stopped by signal \(number); the terminal is restored", "\(screen)")
        expectContains(screen, "EXIT \(128 + number) MODES icanon echo  END", "\(screen)")
        // tmux's own view of the pane: back on the normal screen, the cursor visible.
        let state = try tmux.run(["display-message", "-p", "-t", tmux.session, "#{alternate_on} #{cursor_flag}"])
        expectEqual(state.trimmingCharacters(in: .whitespacesAndNewlines), "0 1", "alternate screen, cursor: \(state)")
    }

    /// The log of the audio libraries goes to the private state directory ($XDG_STATE_HOME/walkscape, made
    /// 0700, the log 0600), never to a fixed name in the shared temporary directory.
    @Test func logsToThePrivateStateDirectory() throws {
        let scratch = NSTemporaryDirectory() + "walkscape-state-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: scratch + "/tmp", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start("export XDG_STATE_HOME=\(scratch)/state TMPDIR=\(scratch)/tmp; " + playCommand(speed: 4))
        _ = try tmux.waitFor { $0.contains("Stop 1/7") }
        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("Quit the tour in progress?") }
        try tmux.keys("y")
        let screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0 ", "\(screen)")
        let directory = try FileManager.default.attributesOfItem(atPath: scratch + "/state/walkscape")
        expectEqual((directory[.posixPermissions] as? Int), 0o700)
        let log = try FileManager.default.attributesOfItem(atPath: scratch + "/state/walkscape/play.log")
        expectEqual((log[.posixPermissions] as? Int), 0o600)
        try expectTrue(FileManager.default.contentsOfDirectory(atPath: scratch + "/tmp").isEmpty)
    }

    @Test func refusesADumbTerminalWithOneLine() throws {
        let result = try CLI.run(["play", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx"], environment: ["TERM": "dumb"])
        expectEqual(result.status, 2)
        expectEqual(result.stderr.split(separator: "\n").count, 1)
        expectTrue(result.stderr.hasPrefix("walkscape play: "))
    }

    @Test func catalogueDetailSettingsThenThePlayerAndBack() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(
            "cd \(repositoryRoot) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play --audio none; "
                + "status=$?; modes=$(stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '); "
                + "echo \"EXIT $status MODES $modes END\"; sleep 60")

        // The catalogue of tours/: the three sample tours, the protected mark, the filter.
        var screen = try tmux.waitFor { $0.contains("walkscape — Tours (3/3)") && $0.contains("q quit") }
        expectContains(screen, "Helsingin keskusta jalan")
        expectContains(screen, "Torino sotto i portici")
        expectContains(screen, "Du Louvre à l'île de la Cité")
        expectContains(screen, "🔒 protected")
        try tmux.keys("Tab", "Tab")  // free only
        screen = try tmux.waitFor { $0.contains("[free]") && !$0.contains("Du Louvre") }
        expectTrue(!screen.contains("Du Louvre"))
        expectContains(screen, "filter:  all  protected [free]")

        // The detail: stats, stops, the walks found for the tour, the map (Torino: below Helsinki).
        try tmux.keys("Down")
        try tmux.keys("Enter")
        screen = try tmux.waitFor { $0.contains("Walk:") && $0.contains("esc back") }
        expectContains(screen, "Torino · 55 min · 2.8 km · 7 stops · it, en")
        expectContains(screen, "Downloaded: every file present.")
        expectTrue(screen.contains("simulated walk") && screen.contains("brisk") && screen.contains("clean"))
        expectContains(screen, "N↑")

        // Settings: the speed up to ×64, back to the detail.
        try tmux.keys(",")
        screen = try tmux.waitFor { $0.contains("walkscape — Settings") }
        for _ in 0..<7 { try tmux.keys("Down") }
        for _ in 0..<7 { try tmux.keys("Right") }
        screen = try tmux.waitFor { $0.contains("‹ ×64 ›") }
        expectContains(screen, "‹ ×64 ›")
        try tmux.keys("Escape")
        screen = try tmux.waitFor { $0.contains("Walk:") }

        // The clean walk at ×64 in the player, then q y goes back to the detail, q quits.
        try tmux.keys("Right", "Right")
        try tmux.keys("Enter")
        screen = try tmux.waitFor { $0.contains("Stop 1/7") || $0.contains("Stop 2/7") }
        expectContains(screen, "×64 (muted above ×2)", "\(screen)")
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains("Quit the tour in progress?") || $0.contains("Tour complete") }
        try tmux.keys("y")
        if screen.contains("Tour complete") { try tmux.keys("q") }
        screen = try tmux.waitFor { $0.contains("Walk:") }
        expectContains(screen, "Torino sotto i portici")
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0 MODES icanon echo  END", "\(screen)")
    }

    /// Issue 46, item 2: the terminal closed without a SIGHUP (a pseudo-terminal that is not the player's
    /// controlling terminal, its master closed; `tools/probe/terminal_gone.py`): the player ends at once with
    /// SIGHUP's status and restores nothing it cannot; it spun at 60-90 % of a core for minutes before.
    @Test func thePlayerEndsWhenItsTerminalIsGone() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = [repositoryRoot + "/tools/probe/terminal_gone.py", CLI.binary, "--wait", "15"]
        probe.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        expectEqual(probe.terminationStatus, 0, "\(text)")
        expectTrue(text.hasPrefix("exited 129 after "), "\(text)")
        let seconds = Double(text.dropFirst("exited 129 after ".count).prefix { $0 != " " }) ?? .infinity
        expectTrue(seconds < 2, "\(text)")
    }
}
