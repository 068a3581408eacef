import WalkscapeCore
/// Why `walkscape import` or `walkscape new` made nothing: one line naming the file, where in it, what was
/// expected and what to do.
public struct TourImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// How the command ends.
    public enum Kind: Sendable, Equatable {
        /// The source or the destination cannot be used (exit status 2).
        case unusable
        /// The source was read but the tour it makes is wrong (exit status 1).
        case invalid
        /// Stopped by a signal before the end (exit status 128 + the signal).
        case interrupted(signal: Int32)
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A source or destination that cannot be used.
    public init(_ message: String) { self.init(.unusable, message) }

    public var description: String { message }
}
