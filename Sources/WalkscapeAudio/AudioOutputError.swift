import WalkscapeCore
/// Why an output cannot play.
public struct AudioOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
