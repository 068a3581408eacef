import WalkscapeCore

/// A trace read from a file: the fixes and what reading found.
public struct LoadedTrace: Sendable {
    /// The fixes, ordered by time, in columns.
    public var trace: Trace
    /// Counts, time span, length and warnings.
    public var summary: TraceSummary

    public init(trace: Trace, summary: TraceSummary) {
        self.trace = trace
        self.summary = summary
    }
}
