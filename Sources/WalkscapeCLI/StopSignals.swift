import Foundation

/// The signals that stop walkscape (Ctrl-C, `kill`, a closed terminal).
public enum StopSignals {
    /// Unblocks SIGINT, SIGTERM and SIGHUP on the calling thread (and the threads it starts). A parent may
    /// hand down a mask that blocks them (test runners, some job launchers do); Ctrl-C must still work.
    public static func unblock() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
