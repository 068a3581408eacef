import WalkscapeCore

/// Why an audio file cannot be used.
public struct AudioFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, without the file name (callers put the file in front).
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
