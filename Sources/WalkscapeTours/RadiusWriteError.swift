import Foundation
import WalkscapeCore
import WalkscapeSystem

/// Why radii were not written: one line.
public struct RadiusWriteError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
