/// Why a route string could not be decoded, with the character offset (from 0) where it went wrong.
public struct RouteDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "at character \(offset + 1): \(message)" }
}
