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
        discussion: """
            Runs the sequential trigger queue on the trace's own clock (t = seconds since its first fix), as \
            fast as the machine can: tour_started, point_entered/exited, point_triggered, point_queued, \
            point_skipped, audio_started/finished, tour_completed or tour_incomplete. Audio lengths are the \
            exact decoded lengths of the tour's recordings in the chosen language. The same inputs always \
            give byte-identical output.

            Formats: jsonl (one JSON object a line: t, event, point, pointId, distance, lat, lng, queue, ...), \
            json (one document with the tour, trace, language and policy), text (aligned columns for people).

            Examples:
              walkscape simulate tours/torino-portici \\
                  --trace fixtures/traces/torino-portici-clean.gpx
              walkscape simulate tours/torino-portici --trace walk.gpx --format text \\
                  --lang en
              walkscape simulate tours/paris-ile-de-la-cite --trace walk.nmea \\
                  --queue-depth 0 --min-accuracy 25
              walkscape simulate tours/torino-portici --trace walk.gpx \\
                  --events analytics.json
              walkscape simulate tours/torino-portici --trace walk.gpx \\
                  --profile ios-app --format text
              walkscape simulate tours/torino-portici --trace walk.gpx \\
                  --upload-events --api https://api.example.org/v1

            Nothing leaves the machine unless --upload-events is given: then the analytics batch (the body \
            --events writes) is posted to --api's POST /analytics/events, with --token when given. The batch \
            has the fields the backend accepts and the events the profile's app sends (docs/profiles.md); \
            every event carries one anonymousId, derived from the tour, trace and profile unless \
            --anonymous-id is given.
            """)

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
    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        guard TimelineWriter.Format(rawValue: format) != nil else {
            throw ValidationError("--format must be jsonl, json or text, got \(format).")
        }
        if let phases {
            guard ValueRanges.phases.contains(phases) else { throw ValidationError("--phases must be a whole number from 1 to 360, got \(phases).") }
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
        let policy = policyOptions.policy
        // Only the json document and the SVG picture need the trace itself; otherwise a trace in time order
        // is replayed as it is read, in constant memory (docs/reliability.md, "Streaming replay").
        let streaming = TimelineWriter.Format(rawValue: format) != .json && svg == nil
        let inputs = try Replay.simulate(
            tour: tour, trace: trace, language: language, allowMissing: allowMissing, walkSpeed: policyOptions.walkSpeed,
            selection: traceSelection.selection, policy: policy, streaming: streaming, console: console)
        let timeline = inputs.timeline
        for note in PolicyJSON.notes(timeline, policy: policy, trace: trace) { console.error(note) }
        let writer = TimelineWriter(pointIDs: inputs.tour.pointIDs, pointTitles: inputs.tour.pointTitles())
        switch TimelineWriter.Format(rawValue: format)! {
        case .jsonl:
            console.write(writer.jsonLines(timeline))
        case .text:
            console.write(writer.text(timeline))
        case .json:
            guard let loaded = inputs.trace else { preconditionFailure("the json format reads the trace whole") }
            console.write(writer.json(timeline, meta: [
                ("tour", .string(inputs.tour.tour.id)), ("tourVersion", .integer(inputs.tour.tour.version)),
                ("trace", .string(trace)), ("language", .string(inputs.tour.language)),
                ("traceStart", .string(ISO8601Time.format(timeline.startTime))), ("fixes", .integer(timeline.fixes)),
                ("profile", .string(policyOptions.engineProfile.rawValue)),
                ("upstreamCommit", policyOptions.engineProfile.upstreamCommit.map(JSONValue.string) ?? .null),
                ("policy", PolicyJSON.document(policy)),
                ("warnings", .array(loaded.summary.warnings.map { .string(TerminalText.sanitize($0)) })),
            ] + (phases.map { n in
                [("phases", PhaseSpreadJSON.document(PhaseSpread.run(tour: inputs.tour.engineTour, trace: loaded.trace, policy: policy, phases: n)))]
            } ?? [])))
        }
        if let svg, let loaded = inputs.trace {
            let tourTitle = inputs.tour.title
            let picture = FieldPicture(
                timeline: timeline, trace: loaded.trace, traceName: trace, tour: inputs.tour.engineTour,
                route: SyntheticWalk.path(for: inputs.tour.tour), titles: inputs.tour.pointTitles(), title: "\(tourTitle) — simulated walk",
                subtitle: "\(inputs.tour.tour.id) · \(trace) · \(timeline.fixes) fixes · narration \(inputs.tour.language)")
            do {
                try AtomicFileWriter.write(Array(FieldMapSVG.render(picture, basemap: TourBasemap.basemap(inputs.tour.tour, at: inputs.tour.location)).utf8), to: svg)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
        if let render {
            try renderWalk(timeline, tour: inputs.tour, to: render, console: console)
        }
        let profile = policyOptions.engineProfile
        let batch = AnalyticsBatch(
            tourID: inputs.tour.tour.id, language: inputs.tour.language, pointIDs: inputs.tour.pointIDs,
            anonymousID: anonymousID ?? AnalyticsBatch.anonymousID(tourID: inputs.tour.tour.id, startTime: timeline.startTime, fixes: timeline.fixes, profile: profile.rawValue),
            app: profile.analyticsApp, profile: profile.rawValue)
        let body = batch.body(timeline: timeline, pointCount: inputs.tour.engineTour.points.count)
        if uploadEvents, let api {
            try upload(body, to: api, console: console)
        }
        if let events {
            do {
                try AtomicFileWriter.write(Array(JSONWriter().write(body).utf8), to: events)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
    }

    /// Posts the analytics batch to the API; a failure is reported and ends the command with its status.
    private func upload(_ body: JSONValue, to base: String, console: Console) throws {
        let count = body["events"]?.arrayElements?.count ?? 0
        guard count > 0 else {
            console.error("--upload-events: the walk produced no analytics events; nothing was posted")
            return
        }
        let interruption = InterruptWatch.interruption()
        let remote: RemoteAPI
        do {
            remote = try RemoteAPI(base: base, token: AccessToken.resolve(token), client: HTTPClient(interruption: interruption), retry: RetryPolicy(), interruption: interruption)
        } catch {
            throw RemoteFailure.exit(error, console: console)
        }
        defer { remote.client.close() }
        do {
            let status = try InterruptWatch.run(interruption) { () throws(RemoteError) -> Int in try remote.postEvents(body) }
            console.error("posted \(count) analytics event\(count == 1 ? "" : "s") to \(remote.endpoint(["analytics", "events"]).absoluteString) (\(status))")
        } catch let error as RemoteError {
            throw RemoteFailure.exit(error, console: console)
        }
    }
}
