import WalkscapeSystem
import WalkscapeTours

/// The field report (`walkscape report`): one self-contained HTML page with the map, each walk's timeline,
/// the narrations, the radii advice and how it was made, written in one piece.
public enum FieldReport {
    /// What was written: the page's size and how much of it is the recordings' own bytes.
    public struct Written: Sendable, Equatable {
        public var path: String
        /// The page's size in bytes.
        public var bytes: Int
        /// The recordings' size as the tour has them (before base64).
        public var audioBytes: Int
        public var points: Int
        public var walks: Int
        public var narrations: Int
    }

    /// Refuses an output path whose folder is missing (or is not a folder), before any work is done.
    public static func checkDestination(_ path: String) throws(FieldReportError) {
        if let problem = ScratchFiles.folderProblem(for: path) { throw FieldReportError(problem) }
    }

    /// Builds the page for `inputs` and writes it to `path`: to a temporary file beside it, renamed over it
    /// once complete, so a reader never sees half a report and a failure leaves no file.
    public static func write(_ inputs: FieldReportInputs, to path: String) throws(FieldReportError) -> Written {
        try checkDestination(path)
        let data = try FieldReportBuilder.data(inputs)
        let page: [UInt8]
        do {
            page = try ReportPage.html(data)
        } catch let error as FieldReportError {
            throw error
        } catch {
            throw FieldReportError("\(path): the report's data cannot be encoded: \(error)")
        }
        do {
            try AtomicFileWriter.write(page, to: path)
        } catch {
            throw FieldReportError(error.message)
        }
        return Written(
            path: path, bytes: page.count, audioBytes: data.tour.points.reduce(0) { $0 + ($1.narration?.audio?.bytes ?? 0) },
            points: data.tour.points.count, walks: data.walks.count, narrations: data.walks.reduce(0) { $0 + $1.narrations.count })
    }
}
