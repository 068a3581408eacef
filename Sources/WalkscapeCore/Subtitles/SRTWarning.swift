import Foundation

/// A problem in a subtitle file, at a line (from 1; 0 for the whole file).
public struct SRTWarning: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
