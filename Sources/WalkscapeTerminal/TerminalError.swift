@preconcurrency import CNcursesw
import Foundation
import WalkscapeTUI

/// Why the terminal could not be used.
public struct TerminalError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
