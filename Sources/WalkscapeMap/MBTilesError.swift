@preconcurrency import CSQLite3
import Foundation
import WalkscapeCore

/// Why an MBTiles file could not be read or written: one line naming the file, what went wrong and what to do.
public struct MBTilesError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
