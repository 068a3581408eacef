import WalkscapeCore
/// Why a trace could not be read: the line where reading stopped (from 1; 0 when the problem belongs to the
/// whole file) and what is wrong, phrased `what is wrong; what was expected`.
public struct TraceParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line (from 1) where the problem is, or 0 when it is not tied to one line.
    public var line: Int
    /// What is wrong and what was expected.
    public var message: String
    /// Whether reading stopped at the parser's `fixLimit` (the file may be fine, just too long for one run).
    public var isOverFixLimit: Bool

    public init(line: Int, message: String, isOverFixLimit: Bool = false) {
        self.line = line
        self.message = message
        self.isOverFixLimit = isOverFixLimit
    }

    /// `line 17: message`, or the message alone when the line is unknown.
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
