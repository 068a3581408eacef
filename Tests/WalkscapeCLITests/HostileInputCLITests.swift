import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// Issue 13's crashes (C1–C7), escapes (E1) and warning floods, run through the built binary with the inputs
/// that found them: never a trap (exit 132), never an escape byte on the terminal, one clear error line.
@Suite struct HostileInputCLITests {
    /// A file with `text` in a fresh temporary directory; returns its path and a remover.
    func file(_ name: String, _ text: String) throws -> (path: String, remove: () -> Void) {
        let root = NSTemporaryDirectory() + "walkscape-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
        return (root + "/" + name, { try? FileManager.default.removeItem(atPath: root) })
    }

    /// Whether `text` holds an ESC, BEL or C1 control (what would reach the terminal raw).
    func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80..<0xA0).contains($0.value) }
    }

    /// A copy of the Torino tour whose `tour.json` has `edit` applied.
    func editedTour(_ edit: (inout JSONValue) -> Void) throws -> TourCopy {
        let copy = try TourCopy("torino-portici")
        let path = copy.directory + "/tour.json"
        var root = try JSONParser().parse([UInt8](try #require(FileManager.default.contents(atPath: path))))
        edit(&root)
        try Data(JSONWriter().write(root).utf8).write(to: URL(fileURLWithPath: path))
        return copy
    }

    @Test func c1NMEATimeOfTwentyFiveDigits() throws {
        let nmea = try file("c.nmea", "$GPRMC,0900000000000000000000000,A,4503.7770,N,00740.7280,E,2.5,45.0,090526,,,A\n")
        defer { nmea.remove() }
        let result = try CLI.run(["inspect", nmea.path])
        expectEqual(result.status, 0, "read, reported, not a trap (132): \(result.stdout)\(result.stderr)")
        expectTrue((result.stdout + result.stderr).contains("skipped 1 RMC, GGA, GLL, GNS or ZDA sentence with unreadable fields (first at line 1)"))
    }

    @Test func c2GeoJSONTimeOf1e22InInspectAndInspectJSON() throws {
        let geojson = try file("c.geojson", """
            {"type": "Feature", "properties": {"coordinateProperties": {"times": [1778317200000, 1e22]}},
             "geometry": {"type": "LineString", "coordinates": [[7.6788, 45.06295], [7.6789, 45.06296]]}}
            """)
        defer { geojson.remove() }
        let text = try CLI.run(["inspect", geojson.path])
        expectEqual(text.status, 0, "\(text.stderr)")
        expectContains(text.stdout, "warning: read 1 time outside 1980–2100 as missing (a clock or unit error?): its fix is kept and timed as untimed fixes are (first at the feature, coordinate 2)")
        let json = try CLI.run(["inspect", "--json", geojson.path])
        expectEqual(json.status, 0)
        expectTrue(!json.stdout.contains("out of range"))
        // The second fix keeps its position, timed at the walking speed after the first (7.9 m: 6.6 s).
        #expect(json.stdout.contains(#""fixes":2"#) && json.stdout.contains(#""lastTime":"2026-05-09T09:00:06"#), "\(json.stdout)")
    }

    @Test func c3SimulateOnAGeoJSONTimeOf1e308() throws {
        let geojson = try file("c.geojson", """
            {"type": "Feature", "properties": {"coordinateProperties": {"times": [1778317200000, 1778317260000, 1e308]}},
             "geometry": {"type": "LineString", "coordinates": [[7.6788, 45.06295], [7.6789, 45.06296], [7.679, 45.06297]]}}
            """)
        defer { geojson.remove() }
        for format in ["text", "jsonl"] {
            let result = try CLI.run(["simulate", "tours/torino-portici", "--trace", geojson.path, "--format", format])
            expectEqual(result.status, 0, "\(format): \(result.stderr)")
            expectTrue(!result.stdout.contains("e+"), "\(result.stdout)")
            expectContains(result.stderr, "read 1 time outside 1980–2100 as missing", "\(result.stderr)")
        }
    }

    @Test func c4DurationOf1e308() throws {
        let tour = try editedTour { $0.setMember("durationMinutes", to: .number("1e308")) }
        defer { tour.remove() }
        for arguments in [["info", tour.directory], ["tours", tour.root], ["validate", tour.directory]] {
            let result = try CLI.run(arguments)
            expectTrue(result.status != 132, "\(arguments)")
            expectTrue((result.stdout + result.stderr).contains("durationMinutes: error: expected a number of minutes from 0 to 10080 (one week), got 1e+308"),
                "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func c5FileSizeOfIntMax() throws {
        let tour = try editedTour { root in
            var points = root["points"]!.arrayElements!
            var tracks = points[0]["tracks"]!
            var it = tracks["it"]!
            var audio = it["audio"]!
            audio.setMember("fileSizeBytes", to: .number("9223372036854775807"))
            it.setMember("audio", to: audio)
            tracks.setMember("it", to: it)
            points[0].setMember("tracks", to: tracks)
            root.setMember("points", to: .array(points))
        }
        defer { tour.remove() }
        let message = "fileSizeBytes: error: expected a whole number of bytes from 0 to 2^40 (1 TiB), got the number 9223372036854775807"
        for arguments in [
            ["info", tour.directory], ["tours", tour.root], ["validate", tour.directory],
            ["simulate", tour.directory, "--trace", "fixtures/traces/torino-portici-clean.gpx"],
            ["listen", tour.directory, "--point", "1", "--audio", "none"],
        ] {
            let result = try CLI.run(arguments)
            expectTrue(result.status != 132, "\(arguments)")
            // `tours` lists the broken tour and goes on (exit 0); the others refuse it.
            expectTrue(result.status != 0 || arguments[0] == "tours", "\(arguments)")
            expectTrue((result.stdout + result.stderr).contains(message), "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }

    @Test(arguments: ["inf", "1e308", "9223372036854775807", "0", "nan", "86401"])
    func c7DownloadTimeoutOutOfRange(timeout: String) throws {
        let result = try CLI.run(["download", "--api", "http://127.0.0.1:9/v1", "torino-portici", "--lang", "it", "--timeout", timeout])
        expectEqual(result.status, 2, "\(result.stderr)")
        expectContains(result.stderr, "--timeout must be more than 0 seconds and at most 86400 (a day)", "\(result.stderr)")
    }

    @Test func e1InfoNeverWritesAnEscapeFromAnAssetPath() throws {
        // The OSC 52 (clipboard write) after the name, as found: the path is neither .mp3 nor .wav.
        let osc52 = "audio/it/p1.mp3\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}"
        let tour = try editedTour { root in
            var points = root["points"]!.arrayElements!
            var tracks = points[0]["tracks"]!
            var it = tracks["it"]!
            var audio = it["audio"]!
            audio.setMember("file", to: .string(osc52))
            it.setMember("audio", to: audio)
            tracks.setMember("it", to: it)
            points[0].setMember("tracks", to: tracks)
            root.setMember("points", to: .array(points))
            root.setMember("city", to: .string("Tor\u{1B}[2Jino\u{9B}31m"))
        }
        defer { tour.remove() }
        for arguments in [["info", tour.directory], ["info", "--json", tour.directory], ["validate", tour.directory], ["tours", tour.root]] {
            let result = try CLI.run(arguments)
            expectTrue(!hasControls(result.stdout), "\(arguments) stdout")
            expectTrue(!hasControls(result.stderr), "\(arguments) stderr")
            #expect((result.stdout + result.stderr).contains(#"contains control characters"#), "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func srtWarningsAreCappedAtTwentyAndACount() throws {
        var text = ""
        for i in 0..<30_000 { text += "\(i + 1)\n00:00:02,000 --> 00:00:01,000\nx\n\n" }
        text += "30001\n00:00:01,000 --> 00:00:02,000\nkept\n"
        let srt = try file("many.srt", text)
        defer { srt.remove() }
        let result = try CLI.run(["inspect", srt.path])
        expectEqual(result.status, 0, "\(result.stderr)")
        let warnings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        expectEqual(warnings.count, 20)
        expectContains(result.stdout, "\n… and 29980 more warnings\n", "\(result.stdout)")
        expectContains(result.stdout, "\nWarnings    30000\n", "\(result.stdout)")
        expectTrue(result.stdout.utf8.count < 10_000, "the output stays small: \(result.stdout.utf8.count) bytes")
        let json = try CLI.run(["inspect", "--json", srt.path])
        #expect(json.stdout.contains(#""warningCount":30000"#), "\(json.stdout)")
        expectTrue(json.stdout.utf8.count < 10_000)
    }
}
