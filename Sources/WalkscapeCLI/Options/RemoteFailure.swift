import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemote
import WalkscapeRuntime

/// Turns a remote failure into its message on standard error and the exit status of docs/downloads.md.
enum RemoteFailure {
    static func exit(_ error: RemoteError, console: Console) -> CommandExit {
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
