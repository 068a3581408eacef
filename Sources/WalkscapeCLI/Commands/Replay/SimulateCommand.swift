import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReports
import WalkscapeReplay
import WalkscapeRemote
import WalkscapeTours

/// `walkscape simulate TOUR --trace FILE`: the timeline of a walk, headless and deterministic.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replay a GPS trace against a tour and print the timeline of triggers and audio.",
        discussion: SimulateHelp.discussion)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(help: ArgumentHelp("The GPS trace: \(TraceFileHelp.formats).", valueName: "FILE"))
    var trace: String

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration language (default: the tour's first language).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp("Output format: jsonl, json or text.", valueName: "FORMAT"))
    var format: String = "jsonl"

    @Option(help: ArgumentHelp("Also write the analytics events the phone app would send (POST /analytics/events body).", valueName: "FILE"))
    var events: String?

    @Option(help: ArgumentHelp("Also render the walk's audio into one file (48 kHz stereo): each point's recording at its audio_started time, silence between.", valueName: "FILE"))
    var render: String?

    @Option(help: ArgumentHelp("The --render file's format: wav16 (16-bit WAV), wav32f (32-bit float WAV) or flac (default: flac for a .flac FILE, wav16 otherwise).", valueName: "FORMAT"))
    var renderFormat: String?

    @Option(help: ArgumentHelp("Also draw the walk, route, regions and triggers as an SVG picture.", valueName: "FILE"))
    var svg: String?
    @Flag(help: "Post the analytics events to --api (POST /analytics/events). Off by default: nothing is sent otherwise.")
    var uploadEvents = false

    @Option(help: ArgumentHelp("The API to post the analytics events to (with --upload-events).", valueName: "URL"))
    var api: String?

    @Option(help: ArgumentHelp("A bearer token for --upload-events (default: $WALKSCAPE_TOKEN).", valueName: "T"))
    var token: String?

    @Option(name: .customLong("anonymous-id"), help: ArgumentHelp("The anonymousId of every analytics event (default: one derived from the tour, trace and profile, the same on every rerun).", valueName: "ID"))
    var anonymousID: String?

    @Option(help: ArgumentHelp(
        "With --format json: also replay the walk under N evenly spaced phases of the profile's fix delivery and add, per point, the share of phases where it plays and the spread of its start (1-360).",
        valueName: "N"))
    var phases: Int?

    @Flag(help: "Preview a tour with files missing: missing recordings play as silence of their recorded durationSeconds (skipped when unknown), with a warning.")
    var allowMissing = false

    @OptionGroup var policyOptions: PolicyOptions
    @OptionGroup var lifecycle: LifecycleOptions
    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        guard TimelineWriter.Format(rawValue: format) != nil else {
            throw ValidationError("--format must be jsonl, json or text, got \(format).")
        }
        try checked { () throws(ValueProblem) in try ValueRanges.checkPhases(phases) }
        if phases != nil {
            guard format == "json" else { throw ValidationError("--phases needs --format json (the per-point spread is a JSON member).") }
        }
        if uploadEvents && api == nil { throw ValidationError("--upload-events needs --api URL, the API to post the events to.") }
        if api != nil && !uploadEvents { throw ValidationError("--api is only used with --upload-events.") }
        if let renderFormat {
            guard render != nil else { throw ValidationError("--render-format is only used with --render FILE.") }
            guard SoundFileFormat(rawValue: renderFormat.lowercased()) != nil else {
                let names = SoundFileFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--render-format must be one of \(names), got \(TerminalText.sanitize(renderFormat)).")
            }
        }
        if let anonymousID {
            if events == nil && !uploadEvents { throw ValidationError("--anonymous-id is only used with --events or --upload-events.") }
            if anonymousID.isEmpty || anonymousID.count > 200 || anonymousID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw ValidationError("--anonymous-id must be 1 to 200 characters without control characters, got \(TerminalText.sanitize(anonymousID)).")
            }
        }
    }

    func run() throws {
        let console = CommandContext.console
        let body = try WalkSimulation.run(
            SimulationRequest(
                tour: tour, trace: trace, language: language, allowMissing: allowMissing, walkSpeed: policyOptions.walkSpeed,
                selection: traceSelection.selection, profile: policyOptions.engineProfile, policy: try lifecycle.options().applied(to: policyOptions.policy, profile: policyOptions.engineProfile),
                format: TimelineWriter.Format(rawValue: format)!, phases: phases, svg: svg,
                render: render.map { ($0, renderFormat.flatMap { SoundFileFormat(rawValue: $0.lowercased()) } ?? SoundFileFormat.implied(byPath: $0)) },
                events: events, anonymousID: anonymousID),
            console: console)
        if uploadEvents, let api { try upload(body, to: api, console: console) }
    }
}
