/// Thrown by a command to end with a status after it has said why.
public struct CommandExit: Error, Sendable {
    /// The process exit status.
    public var code: Int32

    public init(_ status: ExitStatus) { code = status.rawValue }

    /// Ended by a signal the program handled (SIGINT, SIGTERM, SIGHUP): 128 + the signal, as shells report it.
    public init(signal: Int32) { code = 128 + signal }
}
