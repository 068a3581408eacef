/// Why talking to the API or downloading failed, in one line that says what to do.
public struct RemoteError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure, which decides the exit status.
    public enum Kind: Sendable, Equatable {
        /// The server could not be reached, or refused (401/403), or has no such thing (404), or failed
        /// (5xx after retries): the input cannot be read (exit 2).
        case unavailable
        /// The server answered, but wrongly: bad JSON, a wrong size or corrupt bytes, a refused voucher,
        /// a downloaded tour that does not validate (exit 1).
        case invalid
        /// The local disk: full, unwritable (exit 2).
        case local
        /// Stopped by a signal; what was downloaded is kept for a resume (exit 128 + signal).
        case interrupted(Int32)
    }

    public var kind: Kind
    public var message: String
    /// The server could not be reached at all (refused, unknown host, silent, cut), after every retry: asking
    /// it anything else now would fail the same way.
    public var isUnreachable: Bool
    /// The HTTP status of an answer that was not a success (404 …), nil when there was no such answer.
    public var httpStatus: Int?

    public init(_ kind: Kind, _ message: String, isUnreachable: Bool = false, httpStatus: Int? = nil) {
        self.kind = kind
        self.message = message
        self.isUnreachable = isUnreachable
        self.httpStatus = httpStatus
    }

    public var description: String { message }
}
