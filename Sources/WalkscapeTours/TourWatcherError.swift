import Foundation

/// Why a tour cannot be watched: one line.
public struct TourWatcherError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
