import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import WalkscapeCore

/// A collector that cannot start or write, in one line.
public struct CollectorError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
