import Foundation
import WalkscapeTestSupport
import Testing
import WalkscapeCore

/// `walkscape inspect` on traces, through the built binary.
@Suite struct InspectCLITests {
    @Test func jsonForASampleTrace() throws {
        let path = "fixtures/traces/torino-portici-clean.gpx"
        let result = try CLI.run(["inspect", "--json", path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("}\n") && !result.stdout.dropLast().contains("\n"))
        let json = try JSONParser().parse(result.stdout)
        let keys = json.objectMembers?.map(\.key) ?? []
        #expect(keys == ["kind", "format", "fixes", "tracks", "segments", "routes", "routePoints", "waypoints", "firstTime", "lastTime", "lengthMeters", "warnings", "compressed", "timesSynthesized", "parts"])
        let text = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        #expect(json["kind"] == .string("trace"))
        #expect(json["format"] == .string("gpx"))
        #expect(json["fixes"]?.intValue == text.components(separatedBy: "<trkpt").count - 1)
        #expect(json["firstTime"] == .string("2026-05-09T09:00:00Z"))
        #expect(json["warnings"] == .array([]))
        // Three decimals, always.
        if case let .number(length)? = json["lengthMeters"] {
            #expect(length.split(separator: ".").last?.count == 3)
        } else {
            Issue.record("lengthMeters is not a number")
        }
    }

    @Test func textForAGzipTraceWithWarnings() throws {
        let result = try CLI.run(["inspect", "fixtures/traces-formats/walk.gpx.gz"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("GPX (gzip-compressed)"))
        #expect(result.stdout.contains("Fixes      4 in 1 track, 1 segment"))
        #expect(result.stdout.contains("warning: 1 fix without a time (first at line 12): timed 1 between timed neighbours by distance along the path"))
    }

    @Test func aBrokenFileIsOneLineOnStandardErrorAndExitOne() throws {
        let result = try CLI.run(["inspect", "fixtures/traces-bad/mismatched.gpx"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("fixtures/traces-bad/mismatched.gpx:6: mismatched end tag"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func aMissingFileExitsTwo() throws {
        let result = try CLI.run(["inspect", "no/such/walk.gpx"])
        #expect(result.status == 2)
        #expect(result.stderr == "no/such/walk.gpx: no such file\n")
    }

    @Test func waypointsOnlyIsReportedWithExitZero() throws {
        let result = try CLI.run(["inspect", "--json", "fixtures/traces-bad/waypoints-only.gpx"])
        #expect(result.status == 0)
        let json = try JSONParser().parse(result.stdout)
        #expect(json["fixes"]?.intValue == 0)
        #expect(json["waypoints"]?.intValue == 2)
        #expect(json["firstTime"] == .null)
    }

    /// A partly timed file tells one story: the start says the times are made up from few, every part shows its
    /// made-up span, and the straight line between two tracks at walking speed (93 minutes here) is no gap of the
    /// walker's. A track with no fix is named with those that have some.
    @Test func aPartlyTimedFileTellsOneStory() throws {
        let path = "fixtures/traces-formats/partly-timed-tracks.gpx"
        let result = try CLI.run(["inspect", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(made up at the walking speed: only 2 of 15 fixes have a time)"), "\(result.stdout)")
        #expect(!result.stdout.contains("the file has no"), "\(result.stdout)")
        #expect(result.stdout.contains("(1:19), made up "), "\(result.stdout)")
        #expect(result.stdout.contains("made up (2 timed in the file)"), "\(result.stdout)")
        #expect(!result.stdout.contains("no times"), "\(result.stdout)")
        #expect(!result.stdout.contains("gap"), "\(result.stdout)")
        let empty = try CLI.run(["inspect", path, "--track", "1"])
        #expect(empty.status == 1)
        #expect(empty.stderr == "\(path): track 1 has no fixes; tracks 2–4 do (use --track 2)\n", "\(empty.stderr)")
        let simulate = try CLI.run(["simulate", "tours/torino-portici", "--trace", path, "--track", "1"])
        #expect(simulate.stderr.contains("track 1 has no fixes; tracks 2–4 do (use --track 2)"), "\(simulate.stderr)")
    }

    @Test func helpHasExamples() throws {
        let result = try CLI.run(["inspect", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
    }
}
