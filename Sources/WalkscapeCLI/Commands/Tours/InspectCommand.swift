import ArgumentParser
import WalkscapeAudio
import WalkscapeCore
import WalkscapeTours
import WalkscapeSystem
import WalkscapeReports
import WalkscapeTraces

/// `walkscape inspect FILE`: what a media or trace file holds, as walkscape reads it.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what a GPS trace file holds: fixes, tracks, routes, waypoints, time span, length, warnings.",
        discussion: InspectHelp.discussion)

    /// The kinds of file `inspect` knows; each has its own function.
    enum Kind: Equatable {
        case trace
        case subtitles
        case audio
    }

    @Argument(help: "The file to inspect.")
    var file: String

    @Flag(help: "Print JSON for machines.")
    var json = false

    @Flag(help: "With --json, list every fix of a trace as [time, latitude, longitude] (the differential tests compare them with gpsd's).")
    var fixes = false

    @Option(help: "Walking speed in metres a second for making up times when a trace has none.")
    var walkSpeed = TraceNormalizer.defaultWalkSpeed

    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        guard walkSpeed.isFinite && walkSpeed > 0 else { throw ValidationError("--walk-speed must be a positive number of metres a second.") }
        if fixes && !json { throw ValidationError("--fixes lists fixes in the JSON output: add --json.") }
    }

    func run() throws {
        let console = CommandContext.console
        switch kind(of: file) {
        case .trace:
            try TraceFileInspection.run(file, walkSpeed: walkSpeed, selection: traceSelection.selection, json: json, fixes: fixes, console: console)
        case .subtitles: try SubtitleFileInspection.run(file, json: json, console: console)
        case .audio: try AudioFileInspection.run(file, json: json, console: console)
        }
    }

    /// The kind of `path`, by what its content and name say.
    func kind(of path: String) -> Kind {
        if SubtitleFileInspection.isSubtitleFile(path) { return .subtitles }  // .srt, or SubRip content (InspectSubtitles.swift)
        if AudioFileInspection.isAudioFile(path) { return .audio }  // .mp3/.wav, or MP3/WAV/RF64 content (InspectAudio.swift)
        // Every file is a trace for now: the trace reader says clearly when it is not one.
        return .trace
    }
}
