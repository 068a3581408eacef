import Foundation

/// Keeps the terminal safe: remembers its settings at start and, on a crash, restores them, leaves the
/// alternate screen and shows the cursor with async-signal-safe calls before dying of the same signal. The
/// stop signals (Ctrl-C, `kill`, a closed terminal) are `StopSignals`' (WalkscapeSystem): the loop polls its
/// flag, ends curses and the command exits with 128 + the signal.
public enum TerminalGuard {
    /// Signals a fault raises in the program itself: the terminal is restored, then the program dies of the
    /// same signal with its default action (core dump, exit status).
    public static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    nonisolated(unsafe) private static var savedSettings = termios()
    nonisolated(unsafe) private static var haveSettings = false

    /// Saves the terminal's settings and installs the crash handlers. Call before curses starts (after
    /// `StopSignals.install(StopSignals.terminal)`).
    public static func install() {
        if tcgetattr(STDIN_FILENO, &savedSettings) == 0 { haveSettings = true }
        // A parent may start us with SIGWINCH blocked or ignored (both survive exec): take it back, so that
        // ncurses sees it (it installs its own handler when the disposition is the default).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        sigaction(SIGWINCH, &defaultAction, nil)
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
