/// The outcome of one check case.
public struct CheckResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        case passed
        case updated
        case failed(String)
        /// The case could not run: its tour, trace or golden file is missing or cannot be read. A broken
        /// suite, not a broken engine: a JUnit `<error>` and exit status 2.
        case broken(String)
    }

    public var name: String
    public var outcome: Outcome
    public var seconds: Double
    /// Warnings about the case's inputs (a trace that never comes near the tour), each one line.
    public var warnings: [String] = []

    public init(name: String, outcome: Outcome, seconds: Double, warnings: [String] = []) {
        self.name = name
        self.outcome = outcome
        self.seconds = seconds
        self.warnings = warnings
    }
}
