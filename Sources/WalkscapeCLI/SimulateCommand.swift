import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
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

            Formats: jsonl (one JSON object a line: t, event, point, pointId, distance, lat, lng, queue, …), \
            json (one document with the tour, trace, language and policy), text (aligned columns for people).

            Examples:
              walkscape simulate tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx
              walkscape simulate tours/torino-portici --trace walk.gpx --format text --lang en
              walkscape simulate tours/paris-ile-de-la-cite --trace walk.nmea --queue-depth 0 --min-accuracy 25
              walkscape simulate tours/torino-portici --trace walk.gpx --events analytics.json
              walkscape simulate tours/torino-portici --trace walk.gpx --profile ios-app --format text
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(help: ArgumentHelp("The GPS trace: GPX (.gpx, .gpx.gz), NMEA 0183 or GeoJSON.", valueName: "FILE"))
    var trace: String

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration language (default: the tour's first language).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp("Output format: jsonl, json or text.", valueName: "FORMAT"))
    var format: String = "jsonl"

    @Option(help: ArgumentHelp("Also write the analytics events the phone app would send (POST /analytics/events body).", valueName: "FILE"))
    var events: String?

    @Option(help: ArgumentHelp("Also render the walk's audio into one WAV (48 kHz stereo float): each point's recording at its audio_started time, silence between.", valueName: "FILE"))
    var render: String?

    @Option(help: ArgumentHelp("Also draw the walk, route, regions and triggers as an SVG picture.", valueName: "FILE"))
    var svg: String?

    @OptionGroup var policyOptions: PolicyOptions

    func validate() throws {
        guard TimelineWriter.Format(rawValue: format) != nil else {
            throw ValidationError("--format must be jsonl, json or text, got \(format).")
        }
    }

    func run() throws {
        let console = CommandContext.console
        let inputs = try Replay.load(tour: tour, trace: trace, language: language, walkSpeed: policyOptions.walkSpeed, console: console)
        let policy = policyOptions.policy
        let timeline = Simulation.run(tour: inputs.tour.engineTour, trace: inputs.trace.trace, policy: policy)
        for note in PolicyOptions.notes(timeline, policy: policy, trace: trace) { console.error(note) }
        let writer = TimelineWriter(pointIDs: inputs.tour.pointIDs, pointTitles: inputs.tour.pointTitles())
        switch TimelineWriter.Format(rawValue: format)! {
        case .jsonl:
            console.write(writer.jsonLines(timeline))
        case .text:
            console.write(writer.text(timeline))
        case .json:
            console.write(writer.json(timeline, meta: [
                ("tour", .string(inputs.tour.tour.id)), ("tourVersion", .integer(inputs.tour.tour.version)),
                ("trace", .string(trace)), ("language", .string(inputs.tour.language)),
                ("traceStart", .string(ISO8601Time.format(timeline.startTime))), ("fixes", .integer(timeline.fixes)),
                ("profile", .string(policyOptions.engineProfile.rawValue)), ("policy", PolicyOptions.json(policy)),
            ]))
        }
        if let svg {
            let tourTitle = inputs.tour.tour.title.resolved(inputs.tour.language, fallbacks: inputs.tour.tour.languages)
            let picture = FieldPicture(
                timeline: timeline, trace: inputs.trace.trace, traceName: trace, tour: inputs.tour.engineTour,
                route: SyntheticWalk.path(for: inputs.tour.tour), titles: inputs.tour.pointTitles(), title: "\(tourTitle) — simulated walk",
                subtitle: "\(inputs.tour.tour.id) · \(trace) · \(timeline.fixes) fixes · narration \(inputs.tour.language)")
            do {
                try AtomicFileWriter.write(Array(FieldMapSVG.render(picture).utf8), to: svg)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
        if let render {
            try renderWalk(timeline, tour: inputs.tour, to: render, console: console)
        }
        if let events {
            let body = AnalyticsBatch.body(timeline: timeline, tourID: inputs.tour.tour.id, language: inputs.tour.language, pointIDs: inputs.tour.pointIDs)
            do {
                try AtomicFileWriter.write(Array(JSONWriter().write(body).utf8), to: events)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
    }

    /// Writes the walk's audio as heard: every `audio_started` recording at its time, silence between, up to
    /// the timeline's last event.
    private func renderWalk(_ timeline: Timeline, tour: ReplayTour, to path: String, console: Console) throws {
        var clips: [WalkRenderer.Clip] = []
        for event in timeline.events where event.kind == .audioStarted {
            guard let order = event.point, let point = tour.tour.points.first(where: { $0.order == order }),
                let track = point.track(tour.language), let file = try? AssetFile(track.audio, in: tour.location)
            else { continue }
            clips.append(WalkRenderer.Clip(start: event.t, path: file.path))
        }
        let end = timeline.events.map { event in event.t + (event.kind == .audioStarted ? event.audioSeconds ?? 0 : 0) }.max() ?? 0
        do {
            try WalkRenderer.render(clips: clips, totalSeconds: end, to: path)
        } catch {
            console.error(error.message)
            throw CommandExit(.usage)
        }
    }
}
