import Foundation

/// A tour input that cannot be read at all (missing, unreadable): exit status 2, unlike an invalid tour.
public struct TourFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
