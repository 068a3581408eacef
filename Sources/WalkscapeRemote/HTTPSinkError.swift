import CCurl
import Foundation
import WalkscapeSystem
import WalkscapeCore
import FoundationNetworking

/// Why a sink refused a chunk.
public struct HTTPSinkError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
