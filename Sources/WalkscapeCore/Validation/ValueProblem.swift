/// Why a value given from outside (an option, a file's field) was refused: one sentence for the user.
public struct ValueProblem: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
