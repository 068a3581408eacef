import WalkscapeCore
/// A push parser for one trace format: bytes go in as they are read, the trace comes out at the end.
public protocol TraceStreamParser: Sendable {
    /// Parses the next bytes of the file; a token cut by the end of `bytes` is kept for the next call.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(TraceParseError)

    /// Ends the input: checks that the document is complete and returns the normalised trace and its summary.
    mutating func finish() throws(TraceParseError) -> (Trace, TraceSummary)
}

extension TraceStreamParser {
    /// Parses the next bytes of the file (see `feed(_:)` for raw buffers).
    public mutating func feed(_ bytes: [UInt8]) throws(TraceParseError) {
        let result: Result<Void, TraceParseError> = bytes.withUnsafeBytes { raw in
            do throws(TraceParseError) {
                try feed(raw)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Parses a whole document given in one piece.
    public mutating func parse(_ bytes: [UInt8]) throws(TraceParseError) -> (Trace, TraceSummary) {
        try feed(bytes)
        return try finish()
    }
}
