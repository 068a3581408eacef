import ArgumentParser
import WalkscapeCore
import WalkscapeTraces

/// `--track N` and `--segment M`: which part of a multi-track trace file to read, and `--date` for fixes with
/// no date, for every command that reads a trace.
struct TraceSelectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read only track N of the trace file (from 1; `walkscape inspect` lists them). Default: every track, as one walk.", valueName: "N"))
    var track: Int?

    @Option(help: ArgumentHelp("Read only segment M of the track (from 1; with --track when the file has several tracks).", valueName: "M"))
    var segment: Int?

    @Option(help: ArgumentHelp("The walk's first day, for an NMEA log whose fixes have a time and no date (GGA with no RMC or ZDA).", valueName: "YYYY-MM-DD"))
    var date: String?

    func validate() throws {
        if let date, case let .failure(message) = TraceSelection.days(ofDate: date) { throw ValidationError(message.message + ".") }
        if let track, track < 1 { throw ValidationError("--track must be 1 or more, got \(track).") }
        if let segment, segment < 1 { throw ValidationError("--segment must be 1 or more, got \(segment).") }
    }

    /// The part of the file to read.
    var selection: TraceSelection { TraceSelection(track: track, segment: segment, date: date.flatMap { try? TraceSelection.days(ofDate: $0).get() }) }
}
