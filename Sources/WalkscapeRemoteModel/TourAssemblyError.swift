import WalkscapeCore
/// Why the API's answers cannot be merged into a tour (one line, naming the response and the point).
public struct TourAssemblyError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
