import Foundation
import WalkscapeSystem

/// Turns a remote failure into its message on standard error and the exit status of docs/downloads.md.
public enum RemoteFailure {
    /// Writes `error`'s lines on `console` and gives the status: 1 a wrong answer, 2 unavailable or a local
    /// problem, 128 + N interrupted by signal N (SIGINT when the signal is unknown).
    public static func exit(_ error: RemoteError, console: Console) -> CommandExit {
        for line in error.message.split(separator: "\n", omittingEmptySubsequences: false) {
            console.error(String(line))
        }
        switch error.kind {
        case .invalid: return CommandExit(.failure)
        case .unavailable, .local: return CommandExit(.usage)
        case let .interrupted(signal): return CommandExit(signal: signal == 0 ? SIGINT : signal)
        }
    }
}
