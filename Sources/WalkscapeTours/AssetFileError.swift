import Foundation
import WalkscapeCore

/// Why an asset's file cannot be used; the message names the asset's relative path.
public struct AssetFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
