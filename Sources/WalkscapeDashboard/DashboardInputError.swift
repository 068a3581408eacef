/// Why an event file was refused: `FILE:LINE: what was expected`.
public struct DashboardInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String
    /// The file could not be read at all (missing, a directory, no permission): exit status 2, not 1.
    public var unreadable: Bool

    public init(path: String, line: Int?, message: String, unreadable: Bool = false) {
        self.path = path
        self.line = line
        self.message = message
        self.unreadable = unreadable
    }

    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
}
