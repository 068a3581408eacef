import Foundation
import WalkscapeSystem
import WalkscapeRuntime
import WalkscapeTUI
import WalkscapeTerminal

/// The terminal taken over by a full-screen program, and given back: the stop signals set
/// `StopSignals.received`, a crash restores the terminal (`TerminalGuard`), standard error goes to a log (the
/// audio libraries' chatter never lands on the screen), curses starts. `end()` undoes all of it, once,
/// whatever path the program leaves by.
public final class TerminalSession {
    public let terminal: CursesTerminal
    /// The real standard error while the session lasts (for a child program's errors), -1 if none.
    public let standardError: Int32
    private var ended = false

    /// Takes the terminal; `log` is a descriptor standard error goes to (closed here; -1: /dev/null).
    /// Throws, with the terminal and standard error back as they were, when curses cannot start.
    public init(environment: [String: String], log: Int32) throws(TerminalError) {
        StopSignals.install(StopSignals.terminal)
        TerminalGuard.install()
        let saved = dup(STDERR_FILENO)
        let descriptor = log >= 0 ? log : open("/dev/null", O_WRONLY | O_CLOEXEC)
        if descriptor >= 0 {
            dup2(descriptor, STDERR_FILENO)
            close(descriptor)
        }
        do {
            terminal = try CursesTerminal(environment: environment)
        } catch {
            TerminalGuard.restore()
            TerminalSession.restore(saved)
            throw error
        }
        standardError = saved
    }

    /// Ends curses and puts standard error back (idempotent).
    public func end() {
        guard !ended else { return }
        ended = true
        terminal.end()
        TerminalSession.restore(standardError)
    }

    private static func restore(_ saved: Int32) {
        guard saved >= 0 else { return }
        dup2(saved, STDERR_FILENO)
        close(saved)
    }

    deinit { end() }
}

extension CursesTerminal: TerminalBackend {
    public var unicode: Bool { capabilities.unicode }
}
