/// A golden timeline that cannot be read, at a line (from 1).
public struct TimelineParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}
