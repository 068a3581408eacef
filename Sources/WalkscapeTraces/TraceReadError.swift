/// Why a trace file could not be read: `path:LINE: what is wrong; what was expected`.
public struct TraceReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Whether the file could not be read at all, or was read and found broken.
    public enum Kind: Sendable, Equatable {
        /// Missing, a directory, no permission, an I/O error.
        case unreadable
        /// Read, but not a valid trace (bad XML, bad gzip data, a bad time, …).
        case malformed
        /// More fixes than the reader was allowed to keep.
        case overFixLimit
    }

    /// The file as it was named.
    public var path: String
    /// The line (from 1) of the decompressed text where the problem is, when it is tied to one.
    public var line: Int?
    /// What is wrong and what was expected.
    public var message: String
    public var kind: Kind

    public init(path: String, line: Int? = nil, message: String, kind: Kind = .malformed) {
        self.path = path
        self.line = line
        self.message = message
        self.kind = kind
    }

    /// Whether the file could not be read at all (missing, a directory, no permission, an I/O error).
    public var isUnreadable: Bool { kind == .unreadable }

    /// `path:LINE: message`, or `path: message` when no line applies.
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
