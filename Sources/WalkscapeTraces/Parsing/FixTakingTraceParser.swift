import WalkscapeCore
/// A push parser whose fixes can be taken out while it reads, so that a trace of any length can be replayed
/// in constant memory (`TraceReplayStream`).
///
/// `takeFixes()` hands over, in file order, the fixes that nothing later in the file can change; the parser
/// keeps only what it read since. `finishTaking()` ends the input like `finish()` (the same checks and errors)
/// but does not normalise: it returns what the parser still holds, or nil when the file must be read whole
/// and normalised instead (a GPX file whose fixes are route points, known only at the end).
public protocol FixTakingTraceParser: TraceStreamParser {
    /// The fixes read so far that are final, moved out of the parser, in file order.
    mutating func takeFixes() -> Trace

    /// Ends the input: checks that the document is complete and returns the rest of the raw trace (its
    /// problems, parts and remaining fixes) with the summary's counts and any warning of the parser's own;
    /// nil when the fixes taken so far are not the ones a whole read would replay.
    mutating func finishTaking() throws(TraceParseError) -> (raw: RawTrace, summary: TraceSummary)?
}
