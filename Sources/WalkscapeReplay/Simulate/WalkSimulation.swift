import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTours
import WalkscapeTraces

/// `walkscape simulate`: the walk's timeline printed in the asked format, and its picture, its audio as
/// heard and the app's analytics events written when asked.
public enum WalkSimulation {
    /// Runs `request`; returns the analytics batch the profile's app would send (the body `--events`
    /// writes and `--upload-events` posts). Problems go to `console` and end in a thrown `CommandExit`.
    public static func run(_ request: SimulationRequest, console: Console) throws -> JSONValue {
        let policy = request.policy
        // Only the json document and the SVG picture need the trace itself; otherwise a trace in time order
        // is replayed as it is read, in constant memory (docs/reliability.md, "Streaming replay").
        let inputs = try Replay.simulate(
            tour: request.tour, trace: request.trace, language: request.language, allowMissing: request.allowMissing,
            walkSpeed: request.walkSpeed, selection: request.selection, policy: policy, streaming: request.format != .json && request.svg == nil,
            console: console)
        let timeline = inputs.timeline
        let tour = inputs.tour
        for note in PolicyJSON.notes(timeline, policy: policy, trace: request.trace) { console.error(note) }
        let writer = TimelineWriter(pointIDs: tour.pointIDs, pointTitles: tour.pointTitles())
        switch request.format {
        case .jsonl: console.write(writer.jsonLines(timeline))
        case .text: console.write(writer.text(timeline))
        case .json:
            guard let loaded = inputs.trace else { preconditionFailure("the json format reads the trace whole") }
            console.write(writer.json(timeline, meta: meta(request, tour: tour, trace: loaded, timeline: timeline)))
        }
        if let svg = request.svg, let loaded = inputs.trace {
            let picture = FieldPicture(
                timeline: timeline, trace: loaded.trace, traceName: request.trace, tour: tour.engineTour,
                route: SyntheticWalk.path(for: tour.tour), titles: tour.pointTitles(), title: "\(tour.title) — simulated walk",
                subtitle: "\(tour.tour.id) · \(request.trace) · \(timeline.fixes) fixes · narration \(tour.language)")
            try write(Array(FieldMapSVG.render(picture, basemap: TourBasemap.basemap(tour.tour, at: tour.location)).utf8), to: svg, console: console)
        }
        if let render = request.render { try renderWalk(timeline, tour: tour, to: render.path, format: render.format, console: console) }
        let profile = request.profile
        var batch = AnalyticsBatch(
            tourID: tour.tour.id, language: profile.analyticsLanguage(narration: tour.language), pointIDs: tour.pointIDs,
            anonymousID: request.anonymousID
                ?? AnalyticsBatch.anonymousID(tourID: tour.tour.id, startTime: timeline.startTime, fixes: timeline.fixes, profile: profile.rawValue),
            app: profile.analyticsApp, profile: profile.rawValue)
        batch.lifecycle = profile.lifecycle
        batch.device = policy.device
        let (body, lost) = batch.sent(timeline: timeline, pointCount: tour.engineTour.points.count)
        for note in LifecycleNotes.lines(timeline, profile: profile, policy: policy, lostEvents: lost, trace: request.trace) { console.error(note) }
        if let events = request.events { try write(Array(JSONWriter().write(body).utf8), to: events, console: console) }
        return body
    }

    /// The json format's members beside the events: the tour, the trace, the profile and its policy, the
    /// trace's warnings, and with `phases` the spread over them.
    static func meta(_ request: SimulationRequest, tour: ReplayTour, trace loaded: LoadedTrace, timeline: Timeline) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("tour", .string(tour.tour.id)), ("tourVersion", .integer(tour.tour.version)),
            ("trace", .string(request.trace)), ("language", .string(tour.language)),
            ("traceStart", .string(ISO8601Time.format(timeline.startTime))), ("fixes", .integer(timeline.fixes)),
            ("profile", .string(request.profile.rawValue)),
            ("upstreamCommit", request.profile.upstreamCommit.map(JSONValue.string) ?? .null),
            ("policy", PolicyJSON.document(request.policy)),
            ("warnings", .array(loaded.summary.warnings.map { .string(TerminalText.sanitize($0)) })),
        ]
        if let n = request.phases {
            members.append(("phases", PhaseSpreadJSON.document(PhaseSpread.run(tour: tour.engineTour, trace: loaded.trace, policy: request.policy, phases: n))))
        }
        return members
    }

    /// Writes the walk's audio as heard: every `audio_started` recording at its time, silence between, up to
    /// the timeline's last event.
    static func renderWalk(_ timeline: Timeline, tour: ReplayTour, to path: String, format: SoundFileFormat, console: Console) throws {
        let walk = HeardWalk(timeline, tour: tour)
        let bytes = Formatting.bytes(Int(clamping: walk.bytes(as: format)))
        console.error("rendering \(TimelineWriter.clock(walk.seconds)) of audio to \(path) as \(format.label), 48 kHz stereo: "
            + (format == .flac ? "at most \(bytes) (its size as 16-bit WAV; FLAC compresses it, silence to almost nothing)" : bytes))
        do {
            try walk.render(to: path, format: format)
        } catch {
            console.error(error.message)
            throw CommandExit(.usage)
        }
        if format == .flac, let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber {
            console.error("wrote \(Formatting.bytes(written.intValue)) to \(path)")
        }
    }

    /// Writes `bytes` to `path` atomically; a failure is one line and exit status 2.
    static func write(_ bytes: [UInt8], to path: String, console: Console) throws {
        do {
            try AtomicFileWriter.write(bytes, to: path)
        } catch {
            console.error(error.message)
            throw CommandExit(.usage)
        }
    }
}
