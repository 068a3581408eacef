import Foundation
import Synchronization

/// Keeps the terminal safe: remembers its settings at start, and on every signal whose default action would
/// end the process it either sets a flag the loop polls (the stop signals: the loop ends curses and the
/// command exits with 128 + the signal) or, on a crash, restores the saved settings, leaves the alternate
/// screen and shows the cursor with async-signal-safe calls before dying of the same signal.
public enum TerminalGuard {
    /// Signals sent from outside that end the process by default: Ctrl-C, Ctrl-\, `kill`, a closed terminal,
    /// timers, user signals, a broken pipe, resource limits. Each only sets `stopSignal`. SIGQUIT is among
    /// them because the Swift runtime's backtracer would otherwise catch it and leave the program running
    /// (or, with backtraces off, let it die with the terminal raw). SIGKILL and SIGSTOP cannot be caught.
    public static let stopSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2, SIGPIPE,
        SIGXCPU, SIGXFSZ, SIGPWR, SIGIO, SIGSTKFLT,
    ]

    /// Signals a fault raises in the program itself: the terminal is restored, then the program dies of the
    /// same signal with its default action (core dump, exit status).
    public static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// The signal that asked the program to stop (0 when none): set by handlers, read by the loop.
    public static let stopSignal = Atomic<Int32>(0)

    nonisolated(unsafe) private static var savedSettings = termios()
    nonisolated(unsafe) private static var haveSettings = false

    /// Saves the terminal's settings and installs the handlers. Call before curses starts.
    public static func install() {
        if tcgetattr(STDIN_FILENO, &savedSettings) == 0 { haveSettings = true }
        // A parent may start us with these signals blocked or ignored (both survive exec): take them back,
        // so that ncurses sees SIGWINCH (it installs its own handler when the disposition is the default)
        // and the stop signals reach the flag.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in [SIGWINCH] + stopSignals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        sigaction(SIGWINCH, &defaultAction, nil)
        for signal in stopSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in TerminalGuard.stopSignal.store(number, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TerminalGuard.restoreFromSignal()
                // Die of the same signal with its default action (core dump, exit status).
                var defaultAction = sigaction()
                defaultAction.__sigaction_handler.sa_handler = SIG_DFL
                sigaction(number, &defaultAction, nil)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// Restores the terminal with async-signal-safe calls only: the saved termios, then escape sequences
    /// that leave the alternate screen, reset attributes and show the cursor.
    static func restoreFromSignal() {
        if haveSettings { tcsetattr(STDIN_FILENO, TCSANOW, &savedSettings) }
        let reset: StaticString = "\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h\r\n"
        reset.withUTF8Buffer { buffer in _ = write(STDOUT_FILENO, buffer.baseAddress, buffer.count) }
    }

    /// Puts back the saved settings (after curses has ended, as a last guard).
    public static func restore() {
        if haveSettings { tcsetattr(STDIN_FILENO, TCSANOW, &savedSettings) }
    }
}
