import Foundation
import WalkscapeTestSupport
import Testing
import WalkscapeCore

/// `walkscape inspect` on traces, through the built binary.
@Suite struct InspectCLITests {
    @Test func jsonForASampleTrace() throws {
        let path = "fixtures/traces/torino-portici-clean.gpx"
        let result = try CLI.run(["inspect", "--json", path])
        expectEqual(result.status, 0)
        expectEqual(result.stderr, "")
        expectTrue(result.stdout.hasSuffix("}\n") && !result.stdout.dropLast().contains("\n"))
        let json = try JSONParser().parse(result.stdout)
        let keys = json.objectMembers?.map(\.key) ?? []
        expectEqual(keys, ["kind", "format", "fixes", "tracks", "segments", "routes", "routePoints", "waypoints", "firstTime", "lastTime", "lengthMeters", "warnings", "compressed", "timesSynthesized", "parts"])
        let text = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        expectEqual(json["kind"], .string("trace"))
        expectEqual(json["format"], .string("gpx"))
        expectTrue(json["fixes"]?.intValue == text.components(separatedBy: "<trkpt").count - 1)
        expectEqual(json["firstTime"], .string("2026-05-09T09:00:00Z"))
        expectEqual(json["warnings"], .array([]))
        // Three decimals, always.
        if case let .number(length)? = json["lengthMeters"] {
            expectTrue(length.split(separator: ".").last?.count == 3)
        } else {
            Issue.record("lengthMeters is not a number")
        }
    }

    @Test func textForAGzipTraceWithWarnings() throws {
        let result = try CLI.run(["inspect", "fixtures/traces-formats/walk.gpx.gz"])
        expectEqual(result.status, 0)
        expectContains(result.stdout, "GPX (gzip-compressed)")
        expectContains(result.stdout, "Fixes      4 in 1 track, 1 segment")
        expectContains(result.stdout, "warning: 1 fix without a time (first at line 12): timed 1 between timed neighbours by distance along the path")
    }

    @Test func aBrokenFileIsOneLineOnStandardErrorAndExitOne() throws {
        let result = try CLI.run(["inspect", "fixtures/traces-bad/mismatched.gpx"])
        expectEqual(result.status, 1)
        expectEqual(result.stdout, "")
        expectTrue(result.stderr.hasPrefix("fixtures/traces-bad/mismatched.gpx:6: mismatched end tag"))
        expectEqual(result.stderr.filter { $0 == "\n" }.count, 1)
    }

    @Test func aMissingFileExitsTwo() throws {
        let result = try CLI.run(["inspect", "no/such/walk.gpx"])
        expectEqual(result.status, 2)
        expectEqual(result.stderr, "no/such/walk.gpx: no such file\n")
    }

    @Test func waypointsOnlyIsReportedWithExitZero() throws {
        let result = try CLI.run(["inspect", "--json", "fixtures/traces-bad/waypoints-only.gpx"])
        expectEqual(result.status, 0)
        let json = try JSONParser().parse(result.stdout)
        expectTrue(json["fixes"]?.intValue == 0)
        expectTrue(json["waypoints"]?.intValue == 2)
        expectEqual(json["firstTime"], .null)
    }

    /// A partly timed file tells one story: the start says the times are made up from few, every part shows its
    /// made-up span, and the straight line between two tracks at walking speed (93 minutes here) is no gap of the
    /// walker's. A track with no fix is named with those that have some.
    @Test func aPartlyTimedFileTellsOneStory() throws {
        let path = "fixtures/traces-formats/partly-timed-tracks.gpx"
        let result = try CLI.run(["inspect", path])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, "(made up at the walking speed: only 2 of 15 fixes have a time)", "\(result.stdout)")
        expectTrue(!result.stdout.contains("the file has no"), "\(result.stdout)")
        expectContains(result.stdout, "(1:19), made up ", "\(result.stdout)")
        expectContains(result.stdout, "made up (2 timed in the file)", "\(result.stdout)")
        expectTrue(!result.stdout.contains("no times"), "\(result.stdout)")
        expectTrue(!result.stdout.contains("gap"), "\(result.stdout)")
        let empty = try CLI.run(["inspect", path, "--track", "1"])
        expectEqual(empty.status, 1)
        expectEqual(empty.stderr, "\(path): track 1 has no fixes; tracks 2–4 do (use --track 2)\n", "\(empty.stderr)")
        let simulate = try CLI.run(["simulate", "tours/torino-portici", "--trace", path, "--track", "1"])
        expectContains(simulate.stderr, "track 1 has no fixes; tracks 2–4 do (use --track 2)", "\(simulate.stderr)")
    }

    @Test func helpHasExamples() throws {
        let result = try CLI.run(["inspect", "--help"])
        expectEqual(result.status, 0)
        expectContains(result.stdout, "Examples:")
    }
}
