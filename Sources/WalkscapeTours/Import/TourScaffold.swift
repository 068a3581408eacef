import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemoteModel

/// `walkscape new`: a tour directory to edit by hand, valid and playable from the first minute.
///
/// JSON has no comments, so `tour.json` explains itself with `"//"` members (one per object, the idiom
/// package.json uses; every reader ignores unknown fields and `walkscape manifest` keeps them), and a
/// `EDITING.md` beside it walks through the edit → manifest → validate → simulate loop. The example points
/// lie on a line north of the start, 250 m apart; each has a placeholder recording per language (marked
/// `"placeholder": true`) and the first an example subtitle file.
public struct TourScaffold: Sendable {
    public var directory: String
    public var city: String
    public var languages: [String]
    public var title: String?
    /// Where the walk starts; nil puts the example at 0, 0 (to be replaced).
    public var start: LatLng?
    public var points: Int = 2
    public var placeholderSeconds: Double = 10
    public var force = false

    /// The spacing of the example points, in metres.
    public static let spacing = 250.0

    public init(directory: String, city: String, languages: [String]) {
        self.directory = directory
        self.city = city
        self.languages = languages
    }

    /// What `create` made.
    public struct Outcome: Sendable {
        public var directory: String
        public var files: [String]
        public var warnings: [Diagnostic]
        public var removedStale: [String]
    }

    /// Builds the tour in a staging directory beside `directory`, fills in sizes and digests, validates it
    /// and renames it into place.
    public func create(stop: StopToken = StopToken()) throws(TourImportError) -> Outcome {
        var target = directory
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        if let problem = StagingDirectory.destinationProblem(target, force: force, choose: "choose another directory") { throw TourImportError(problem) }
        let (staging, removed) = try StagingDirectory.create(for: target)
        do throws(TourImportError) {
            var files: [String] = []
            for order in 1...points {
                for language in languages {
                    let path = "audio/\(language)/p\(order).wav"
                    try makeFolder(staging.path + "/" + path)
                    do { try PlaceholderRecording.write(to: staging.path + "/" + path, seconds: placeholderSeconds, sound: .silence) } catch {
                        throw TourImportError("\(path): cannot write the placeholder recording: \(error.message)")
                    }
                    files.append(path)
                }
            }
            for language in languages {
                let path = "subtitles/\(language)/p1.\(language).srt"
                try makeFolder(staging.path + "/" + path)
                // Inside the placeholder however short it is (a cue from 0.5 s ended before it began under 0.5 s).
                let start = min(0.5, placeholderSeconds / 4), end = min(placeholderSeconds, 4.0)
                let text = "1\n\(TourScaffold.srtTime(start)) --> \(TourScaffold.srtTime(end))\nExample subtitle of stop 1 (\(language)): replace this file or delete it.\n"
                try write(Array(text.utf8), to: staging.path + "/" + path)
                files.append(path)
            }
            if stop.isStopped { throw TourImportError(.interrupted(signal: stop.signal), "interrupted; nothing was written") }
            try write(Array(JSONWriter().write(document(name: (target as NSString).lastPathComponent)).utf8), to: staging.path + "/tour.json")
            try write(Array(guide(target).utf8), to: staging.path + "/EDITING.md")
            do { _ = try ManifestUpdater().update(staging.path) } catch {
                throw TourImportError(.invalid, error.problems.map(\.description).joined(separator: "\n"))
            }
            let report: ValidationReport
            do { report = try TourValidator().validate(staging.path) } catch {
                throw TourImportError("\(staging.path): the tour just written cannot be read: \(error.message)")
            }
            let shown = report.diagnostics.map { TourImporter.relocate($0, from: staging.path, to: target, origins: [:]) }
            if shown.hasErrors { throw TourImportError(.invalid, shown.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")) }
            if stop.isStopped { throw TourImportError(.interrupted(signal: stop.signal), "interrupted; nothing was written") }
            try staging.install()
            return Outcome(directory: target, files: ["tour.json", "EDITING.md"] + files, warnings: shown, removedStale: removed)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The example `tour.json`.
    func document(name: String) -> JSONValue {
        let origin = start ?? LatLng(lat: 0, lng: 0)
        // North by `spacing` metres per point: a degree of latitude is about 111.2 km.
        func position(_ index: Int) -> LatLng {
            LatLng(lat: origin.lat + Double(index) * TourScaffold.spacing / 111_195, lng: origin.lng)
        }
        func latLng(_ p: LatLng) -> JSONValue {
            .object([("lat", .number(formatFixed(p.lat, 6))), ("lng", .number(formatFixed(p.lng, 6)))])
        }
        func text(_ value: String) -> JSONValue { .object(languages.map { (key: $0, value: JSONValue.string(value)) }) }
        let id = TourAssembler.safeName(name)
        var pointValues: [JSONValue] = []
        for order in 1...points {
            var members: [(key: String, value: JSONValue)] = []
            if order == 1 {
                members.append(("//", .string("A point: a circle (location, triggerRadiusMeters) whose narration plays when the walker enters it, in order. Keep the orders 1..N; 100-300 m radii work best. Replace each placeholder recording with the narration (same name, or change \"file\"), delete its \"placeholder\" line, then run `walkscape manifest` to refresh sizes and digests.")))
            }
            members += [
                ("id", .string("p\(order)")), ("order", .integer(order)), ("location", latLng(position(order - 1))),
                ("triggerRadiusMeters", .integer(100)), ("title", text("Stop \(order)")),
                ("description", text("What the walker reads about stop \(order).")),
            ]
            var tracks: [(key: String, value: JSONValue)] = []
            for language in languages {
                // "placeholder" first: EDITING.md says to delete its line, and deleting an object's last member
                // line leaves a trailing comma behind the member before it.
                var track: [(key: String, value: JSONValue)] = [
                    ("placeholder", .bool(true)),
                    ("audio", .object([("file", .string("audio/\(language)/p\(order).wav")), ("fileSizeBytes", .integer(0)), ("sha256", .string(String(repeating: "0", count: 64)))])),
                ]
                if order == 1 {
                    track.append(("subtitles", .object([(key: language, value: .object([("file", .string("subtitles/\(language)/p1.\(language).srt")), ("fileSizeBytes", .integer(0)), ("sha256", .string(String(repeating: "0", count: 64)))]))])))
                }
                tracks.append((language, .object(track)))
            }
            members.append(("tracks", .object(tracks)))
            pointValues.append(.object(members))
        }
        let last = position(points - 1)
        return .object([
            ("//", .string("A walkscape tour (docs/tour-format.md). Edit the values, keep the structure; members named \"//\" are notes for people and are ignored. See EDITING.md beside this file.")),
            ("formatVersion", .integer(1)), ("id", .string(id)), ("slug", .string(id)), ("version", .integer(1)),
            ("city", .string(city)),
            ("durationMinutes", .number(formatShortNumber((Double(points - 1) * TourScaffold.spacing / SourceTour.walkingSpeed / 60).rounded(.up)))),
            ("distanceKm", .number(formatShortNumber(Double(points - 1) * TourScaffold.spacing / 1000))),
            ("languages", .array(languages.map(JSONValue.string))), ("isProtected", .bool(false)),
            ("title", text(title ?? name)), ("description", text("What the tour is about, shown before the walk.")),
            ("completionMessage", text("Shown when the last stop has played.")),
            ("startingPoint", latLng(origin)),
            ("routePolyline", .string(LatLngListPolyline.encode([origin, last]))),
            ("points", .array(pointValues)),
        ])
    }

    /// EDITING.md: the hand-editing loop for this tour.
    func guide(_ target: String) -> String {
        let first = languages[0]
        return """
            # Editing this tour

            `tour.json` describes the tour (reference: docs/tour-format.md in walkscape). Members named `"//"`
            are notes for you; every reader ignores them and `walkscape manifest` keeps them.

            1. Put the start and the points where they are: `startingPoint`, each point's `location`
               (decimal degrees) and `triggerRadiusMeters` (100–300 m). Keep `order` 1, 2, … N.
            2. Write the titles and descriptions in every language (\(languages.joined(separator: ", "))).
            3. Replace the placeholder recordings (`audio/LANG/pN.wav`, silence marked `"placeholder": true`)
               with the narrations: same name, or change `"file"` to the new name (`.mp3`, `.m4a`, `.wav`, …);
               then delete the track's `"placeholder": true`.
            4. Subtitles are SubRip files timed to one recording: `subtitles/\(first)/p1.\(first).srt` is an example.
            5. After changing any file: `walkscape manifest \(target)` (sizes and SHA-256), then
               `walkscape validate \(target)`.
            6. Preview: `walkscape simulate \(target) --trace walk.gpx --format text`, or
               `walkscape play \(target) --trace walk.gpx`.

            To draw the route the walker follows, set `routePolyline` to `"lat,lng;lat,lng;…"`.

            """
    }

    static func srtTime(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        return String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }

    func makeFolder(_ file: String) throws(TourImportError) {
        do {
            try FileManager.default.createDirectory(atPath: FilePathText.parent(of: file), withIntermediateDirectories: true)
        } catch {
            throw TourImportError("\(file): cannot create its folder: \((error as NSError).localizedDescription)")
        }
    }

    func write(_ bytes: [UInt8], to path: String) throws(TourImportError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw TourImportError("\(path): cannot be written")
        }
    }
}
