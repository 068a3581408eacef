import Foundation
import WalkscapeCore
@testable import WalkscapeTours

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A small valid tour written to a fresh temporary directory, for tests to break in one place at a time.
///
/// Two points in Turin 500 m apart, Italian and English tracks (MP3 and WAV from `fixtures/audio`),
/// Italian and English subtitles on the Italian track; sizes and digests filled in by `ManifestUpdater`.
struct TourSandbox {
    let root: String
    var directory: String { root + "/tour" }
    var jsonFile: String { directory + "/tour.json" }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-tests-\(UUID().uuidString)").path
        let fm = FileManager.default
        for folder in ["audio/it", "audio/en", "subtitles/it"] {
            try fm.createDirectory(atPath: root + "/tour/" + folder, withIntermediateDirectories: true)
        }
        let audio = repositoryRoot + "/fixtures/audio/"
        try fm.copyItem(atPath: audio + "tone-440hz-1s-44k-mono.mp3", toPath: root + "/tour/audio/it/p1.mp3")
        try fm.copyItem(atPath: audio + "tone-880hz-0.75s-22k-mono.wav", toPath: root + "/tour/audio/it/p2.wav")
        try fm.copyItem(atPath: audio + "tone-330hz-2.5s-48k-stereo-vbr.mp3", toPath: root + "/tour/audio/en/p1.mp3")
        try fm.copyItem(atPath: audio + "tone-440hz-1s-44k-mono.mp3", toPath: root + "/tour/audio/en/p2.mp3")
        try write("1\n00:00:00,100 --> 00:00:00,900\nBenvenuti.\n", to: "subtitles/it/p1.it.srt")
        try write("1\n00:00:00,100 --> 00:00:00,900\nWelcome.\n", to: "subtitles/it/p1.en.srt")
        try write(TourSandbox.json, to: "tour.json")
        _ = try ManifestUpdater().update(directory)
    }

    static let json = """
        {
          "formatVersion": 1,
          "id": "sandbox", "slug": "sandbox", "version": 1, "city": "Torino", "durationMinutes": 20, "distanceKm": 0.5,
          "languages": ["it", "en"], "isProtected": false,
          "title": {"it": "Prova", "en": "Trial"},
          "startingPoint": {"lat": 45.0700, "lng": 7.6860},
          "routePolyline": "45.0700,7.6860;45.0745,7.6860",
          "x-editor": {"note": "unknown fields survive"},
          "points": [
            {"id": "p1", "order": 1, "location": {"lat": 45.0700, "lng": 7.6860}, "triggerRadiusMeters": 150,
             "title": {"it": "Uno", "en": "One"},
             "tracks": {
               "it": {"audio": {"file": "audio/it/p1.mp3"}, "subtitles": {"it": {"file": "subtitles/it/p1.it.srt"}, "en": {"file": "subtitles/it/p1.en.srt"}}},
               "en": {"audio": {"file": "audio/en/p1.mp3"}}}},
            {"id": "p2", "order": 2, "location": {"lat": 45.0745, "lng": 7.6860}, "triggerRadiusMeters": 150,
             "title": {"it": "Due", "en": "Two"},
             "tracks": {"it": {"audio": {"file": "audio/it/p2.wav"}}, "en": {"audio": {"file": "audio/en/p2.mp3"}}}}
          ]
        }
        """

    func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + relative))
    }

    func write(_ bytes: [UInt8], to relative: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + relative))
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: directory + "/" + relative, encoding: .utf8)
    }

    /// Changes `tour.json` through its JSON tree.
    func edit(_ body: (inout JSONValue) -> Void) throws {
        var document = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: jsonFile))))
        body(&document)
        try write(JSONWriter().write(document), to: "tour.json")
    }

    /// Validates the sandbox tour and returns its problems as `location: severity: message` (file
    /// names made relative to the tour directory).
    func problems() throws -> [String] {
        let report = try TourValidator().validate(directory)
        return report.diagnostics.map { d in
            let file = d.file.hasPrefix(directory + "/") ? String(d.file.dropFirst(directory.count + 1)) : d.file
            return [file, d.location, d.severity.rawValue, d.message].filter { !$0.isEmpty }.joined(separator: ": ")
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
