/// A destination that cannot be opened or written, with one line saying what and what to do.
public struct LiveError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
