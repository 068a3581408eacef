import Foundation
import WalkscapeCore
import WalkscapeSystem

/// Why a manifest update wrote nothing.
public struct ManifestError: Error, Sendable {
    /// Whether the tour could not be read at all (exit status 2) rather than being broken (1).
    public var unreadable: Bool
    public var problems: [Diagnostic]
}
