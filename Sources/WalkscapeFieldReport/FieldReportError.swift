/// Why a field report cannot be made or written: one line, naming the file when there is one.
public struct FieldReportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
