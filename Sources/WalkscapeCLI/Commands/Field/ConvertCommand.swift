import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeTours
import WalkscapeTraces

/// `walkscape convert TRACE --format F`: any trace walkscape reads, written in another format (NMEA with
/// speed and course, GPX for Xcode's location simulation, …).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Write a GPS trace in another format (GPX, NMEA, GeoJSON, KML or Xcode GPX).",
        discussion: """
            Reads TRACE as every other command does (GPX, NMEA, GeoJSON, KML, gzip) and writes it to stdout \
            or --output (written whole or not at all). NMEA gets $GPGGA and $GPRMC sentences with speed and \
            course, derived from consecutive fixes where the trace has none; xcode-gpx gets one timed <wpt> \
            per fix, which Xcode's location simulation replays at the trace's pace (docs/live.md).

            Examples:
              walkscape convert walk.gpx --format nmea > walk.nmea
              walkscape convert walk.nmea --format xcode-gpx --output Walk.gpx
            """)

    @Argument(help: "The GPS trace to read: \(TraceFileHelp.formats).")
    var trace: String

    @Option(help: ArgumentHelp("Output format: \(TraceWriter.OutputFormat.list).", valueName: "FORMAT"))
    var format: String

    @Option(help: ArgumentHelp("Write here instead of stdout.", valueName: "FILE"))
    var output: String?

    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        guard TraceWriter.OutputFormat(rawValue: format) != nil else { throw ValidationError("--format must be \(TraceWriter.OutputFormat.list), got \(format).") }
    }

    func run() throws {
        let console = CommandContext.console
        let loaded = try Replay.loadTrace(trace, walkSpeed: TraceNormalizer.defaultWalkSpeed, selection: traceSelection.selection, console: console)
        let name = (trace as NSString).lastPathComponent
        let text = TraceWriter.write(loaded.trace, output: TraceWriter.OutputFormat(rawValue: format)!, name: name, description: "converted by walkscape from \(name)")
        guard let output else { return console.write(text) }
        do {
            try AtomicFileWriter.write(Array(text.utf8), to: output)
        } catch {
            console.error(error.message)
            throw CommandExit(.usage)
        }
        console.error("\(output): \(loaded.trace.count) fixes as \(format)")
    }
}
