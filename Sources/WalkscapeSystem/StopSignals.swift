import Foundation
import Synchronization

/// The one way walkscape catches the signals that ask it to stop (Ctrl-C, `kill`, a closed terminal): a
/// handler that only stores the signal's number in `received`, which every command's loop polls. `play`,
/// `listen`, `download`, `simulate --post-events` and `remote tours` all use it; nothing else installs a
/// stop-signal handler.
public enum StopSignals {
    /// The signals a command that is not a full-screen program stops on: Ctrl-C, `kill`, a closed terminal.
    public static let standard: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Every signal sent from outside that ends the process by default, for a full-screen program that must
    /// restore the terminal whatever stops it: timers, user signals, a broken pipe and resource limits too.
    /// SIGQUIT is among them because the Swift runtime's backtracer would otherwise catch it and leave the
    /// program running (or, with backtraces off, let it die with the terminal raw).
    public static let terminal: [Int32] = standard + [
        SIGQUIT, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2, SIGPIPE, SIGXCPU, SIGXFSZ, SIGPWR, SIGIO, SIGSTKFLT,
    ]

    /// The signal that asked to stop (0 when none): set by the handlers, read by the loops.
    public static let received = Atomic<Int32>(0)

    /// The signal that asked to stop, or 0.
    public static var pending: Int32 { received.load(ordering: .relaxed) }

    /// A stop token that fires when a signal arrives while `watch` runs: what every long operation is given.
    public static func token() -> StopToken { StopToken(watching: { pending }) }

    /// Clears `signal` if it is the one pending (a child program was stopped by Ctrl-C, not walkscape).
    public static func clear(_ signal: Int32) {
        _ = received.compareExchange(expected: signal, desired: 0, ordering: .relaxed)
    }

    /// Makes `signals` set `received` instead of ending the process, and unblocks them (a parent may start
    /// us with them blocked; both masks and ignored dispositions survive exec). Clears `received`.
    public static func install(_ signals: [Int32] = standard) {
        received.store(0, ordering: .relaxed)
        unblock(signals)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in StopSignals.received.store(number, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            // Interrupted reads and writes start again (a WAV being written, a download); waits with a
            // timeout (poll, select: the player's key wait) still return early, and every loop polls the flag.
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// Gives `signals` their default action again (the command's watch is over); `received` is kept, so the
    /// command can still say which signal stopped it.
    public static func uninstall(_ signals: [Int32] = standard) {
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// Runs `body` with `signals` setting `received`, then gives them back their default action.
    public static func watch<T>(_ signals: [Int32] = standard, _ body: () throws -> T) rethrows -> T {
        install(signals)
        defer { uninstall(signals) }
        return try body()
    }

    /// Unblocks `signals` on the calling thread (and the threads it starts): a parent may hand down a mask
    /// that blocks them (test runners, some job launchers do); Ctrl-C must still work.
    public static func unblock(_ signals: [Int32] = standard) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
