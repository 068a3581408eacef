/// walkscape's exit statuses, the same for every command (documented in README.md).
public enum ExitStatus: Int32, Sendable {
    /// Success: the tour is valid, the timeline matched, the command did what was asked.
    case success = 0
    /// The input was read but is wrong: an invalid tour, a timeline that does not match its golden file,
    /// a manifest check that found stale digests.
    case failure = 1
    /// The command could not run: bad usage, or an input that cannot be read at all.
    case usage = 2
}
