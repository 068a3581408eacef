import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// Traces as the commands read them: tracks and segments, partly timed files, KML, and traces of somewhere else.
@Suite struct TraceChoiceCLITests {
    static let twoWalks = "fixtures/traces-formats/two-walks.gpx"

    @Test func inspectListsTracksAndSegmentsWithTheirTimeSpans() throws {
        let result = try CLI.run(["inspect", Self.twoWalks])
        expectEqual(result.status, 0)
        #expect(result.stdout.contains("""
            Parts (pick one with --track N, --segment M):
              track 1  segment 1  4 fixes  2026-05-09T09:00:00Z to 2026-05-09T09:00:30Z (0:30)  33 m
              track 1  segment 2  3 fixes  2026-05-09T09:05:00Z to 2026-05-09T09:05:20Z (0:20)  22 m
              track 2  segment 1  5 fixes  2026-05-10T10:00:00Z to 2026-05-10T10:00:40Z (0:40)  44 m
            """), "\(result.stdout)")
        expectContains(result.stdout, "warning: a gap of over an hour between fixes: 24:54:40 from 2026-05-09T09:05:20Z to 2026-05-10T10:00:00Z; is this more than one walk? The file has 2 tracks in 3 segments: pick one with --track N (and --segment M); walkscape inspect lists them")
        let json = try JSONParser().parse(try CLI.run(["inspect", "--json", Self.twoWalks]).stdout)
        expectTrue(json["parts"]?.arrayElements?.count == 3)
        expectTrue(json["parts"]?.arrayElements?[2]["firstTime"] == .string("2026-05-10T10:00:00Z"))
    }

    @Test func trackAndSegmentPickOnePartEverywhere() throws {
        let second = try CLI.run(["inspect", "--json", "--track", "2", Self.twoWalks])
        let json = try JSONParser().parse(second.stdout)
        expectTrue(json["fixes"]?.intValue == 5)
        expectEqual(json["warnings"], .array([]))
        let segment = try JSONParser().parse(try CLI.run(["inspect", "--json", "--track", "1", "--segment", "2", Self.twoWalks]).stdout)
        expectTrue(segment["fixes"]?.intValue == 3 && segment["firstTime"] == .string("2026-05-09T09:05:00Z"))
        for command in [["simulate"], ["compare"], ["radii"]] {
            let arguments = command + ["tours/torino-portici", "--trace", Self.twoWalks, "--track", "2"]
            let result = try CLI.run(arguments)
            expectTrue(!result.stderr.contains("gap of over an hour"), "\(command): \(result.stderr)")
            // radii leave a trace they cannot use out, and with none left advise nothing; --strict refuses it at once.
            let wrong = try CLI.run(command + ["tours/torino-portici", "--trace", Self.twoWalks, "--track", "3"] + (command == ["radii"] ? ["--strict"] : []))
            expectEqual(wrong.status, 1)
            expectEqual(wrong.stderr, "\(Self.twoWalks): track 3 was chosen but the file has 2 tracks; expected --track 1 to 2 (walkscape inspect lists them)\n", "\(command)")
        }
        let zero = try CLI.run(["simulate", "tours/torino-portici", "--trace", Self.twoWalks, "--track", "0"])
        expectEqual(zero.status, 2)
        expectTrue(zero.stderr.hasPrefix("Error: --track must be 1 or more, got 0."))
    }

    @Test func theRealMultiTrackLoggerFile() throws {
        let path = repositoryRoot + "/../shared/real/gpx/mtk_logger_m241_multiple_tracks.gpx"
        guard FileManager.default.fileExists(atPath: path) else { return }
        let whole = try CLI.run(["inspect", "--json", path])
        let json = try JSONParser().parse(whole.stdout)
        expectTrue(json["parts"]?.arrayElements?.count == 6)
        expectTrue(json["warnings"]?.arrayElements?.contains { $0.stringValue?.hasPrefix("5 gaps of over an hour between fixes, the longest 13856:50:14") == true } == true, "\(whole.stdout)")
        let one = try JSONParser().parse(try CLI.run(["inspect", "--json", "--track", "1", path]).stdout)
        expectTrue(one["fixes"] == json["parts"]?.arrayElements?[0]["fixes"])
    }

    @Test func partlyTimedFilesKeepEveryFix() throws {
        let mostly = try CLI.run(["inspect", "--json", "--walk-speed", "1.3", "fixtures/traces-formats/mostly-untimed.gpx"])
        let json = try JSONParser().parse(mostly.stdout)
        expectTrue(json["fixes"]?.intValue == 10)
        expectEqual(json["timesSynthesized"], .bool(true))
        expectEqual(json["warnings"], .array([.string("only 1 of 10 fixes have a time (the first without one at line 5); timed the whole walk at 1.30 m/s along the path, keeping the first timed fix's time (2026-05-09T09:00:00Z)")]))
        let path = repositoryRoot + "/../shared/real/gpx/cerknicko-without-times.gpx"
        guard FileManager.default.fileExists(atPath: path) else { return }
        let real = try JSONParser().parse(try CLI.run(["inspect", "--json", path]).stdout)
        expectTrue(real["fixes"]?.intValue == 296)
        expectTrue((real["lengthMeters"]?.doubleValue ?? 0) > 4000, "the length describes the whole walk, not the 5 timed fixes")
    }

    @Test func aTraceFarFromTheTourIsAWarningAndRadiiRefuseIt() throws {
        let paris = "fixtures/traces/paris-ile-de-la-cite-clean.gpx"
        let far = try CLI.run(["simulate", "tours/torino-portici", "--trace", paris])
        expectEqual(far.status, 0)
        expectTrue(far.stderr.hasPrefix("\(paris): warning: the trace never comes within 1 km of the tour's points or route: its closest fix ("), "\(far.stderr)")
        expectTrue(far.stderr.hasSuffix(" km away; is it a walk of another tour?\n"))
        let json = try JSONParser().parse(try CLI.run(["simulate", "tours/torino-portici", "--trace", paris, "--format", "json"]).stdout)
        expectTrue(json["warnings"]?.arrayElements?.count == 1, "\(json)")
        let near = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx"])
        expectEqual(near.stderr, "")
        let strict = try CLI.run(["radii", "tours/torino-portici", "--trace", paris, "--strict"])
        expectEqual(strict.status, 1)
        expectEqual(strict.stdout, "")
        expectTrue(strict.stderr.hasSuffix("Radii are not advised from a walk somewhere else.\n"), "\(strict.stderr)")
    }

    /// Issue 26: radii leave a far or unreadable trace out with a warning and advise from the rest; with
    /// nothing left they refuse (exit 1).
    @Test func radiiLeaveAFarOrUnreadableTraceOutAndAdviseFromTheRest() throws {
        let paris = "fixtures/traces/paris-ile-de-la-cite-clean.gpx"
        let torino = "fixtures/traces/torino-portici-clean.gpx"
        let missing = "fixtures/traces/no-such-walk.gpx"
        let alone = try CLI.run(["radii", "tours/torino-portici", "--trace", torino])
        let mixed = try CLI.run(["radii", "tours/torino-portici", "--trace", paris, torino, missing])
        expectEqual(mixed.status, 0, "\(mixed.stderr)")
        expectEqual(mixed.stdout, alone.stdout, "the advice is the good trace's alone")
        expectContains(mixed.stderr, "\(paris): warning: the trace never comes within 1 km of the tour's points or route: its closest fix (", "\(mixed.stderr)")
        expectContains(mixed.stderr, "km away; is it a walk of another tour? Left out of the advice: radii are not advised from a walk somewhere else.\n")
        expectContains(mixed.stderr, "\(missing): warning: left out of the advice: it cannot be read (above).\n", "\(mixed.stderr)")
        expectTrue(mixed.stderr.hasSuffix("radii: advised from 1 of 3 traces (2 left out above; --strict refuses them).\n"), "\(mixed.stderr)")
        let none = try CLI.run(["radii", "tours/torino-portici", "--trace", paris])
        expectEqual(none.status, 1)
        expectEqual(none.stdout, "")
        expectTrue(none.stderr.hasSuffix("tours/torino-portici: no radius advised: every trace was left out (above); give walks of this tour.\n"), "\(none.stderr)")
    }

    /// Issue 26: check gives simulate's far-trace warning (on stderr; the verdict is unchanged).
    @Test func checkWarnsAboutATraceFarFromTheTour() throws {
        let paris = "fixtures/traces/paris-ile-de-la-cite-clean.gpx"
        let golden = NSTemporaryDirectory() + "walkscape-far-\(getpid())-\(UUID().uuidString).jsonl"
        defer { unlink(golden) }
        for extra in [["--update"], []] {
            let check = try CLI.run(["check", "tours/torino-portici", "--trace", paris, "--expect", golden] + extra)
            expectEqual(check.status, 0, "\(check.stderr)")
            expectTrue(check.stderr.hasPrefix("\(paris): warning: the trace never comes within 1 km of the tour's points or route: its closest fix ("), "\(check.stderr)")
        }
    }

    /// A log of GGA alone (no RMC or ZDA: GPSBabel's `adddate.nmea` is one) has times of day and no date:
    /// without `--date` nothing replays and the line says to give it; with it, every command that reads a trace
    /// replays the walk as the GPX it came from (the same events, the same times).
    @Test func aLogWithoutDatesReplaysWithTheDateGiven() throws {
        let gpx = "fixtures/traces/torino-portici-clean.gpx"
        let converted = try CLI.run(["convert", gpx, "--format", "nmea"])
        expectEqual(converted.status, 0)
        let ggaOnly = converted.stdout.split(whereSeparator: \.isNewline).filter { !$0.contains("RMC") }.joined(separator: "\r\n") + "\r\n"
        let path = NSTemporaryDirectory() + "walkscape-gga-only-\(getpid()).nmea"
        try ggaOnly.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fixes = ggaOnly.split(whereSeparator: \.isNewline).count
        let undated = try CLI.run(["simulate", "tours/torino-portici", "--trace", path])
        expectEqual(undated.status, 1)
        expectEqual(undated.stderr, "\(path): no fixes to replay: the log's \(fixes) fixes have a time of day and no date (no RMC or ZDA sentence); give the walk's date with --date YYYY-MM-DD; expected at least one fix\n")
        let reference = try CLI.run(["simulate", "tours/torino-portici", "--trace", gpx])
        let dated = try CLI.run(["simulate", "tours/torino-portici", "--trace", path, "--date", "2026-05-09"])
        expectEqual(dated.status, 0)
        // The same events at the same times (NMEA keeps 5 decimals of a minute, so the positions differ in the last digit).
        func events(_ stdout: String) throws -> [String] {
            try stdout.split(separator: "\n").map { line in
                let event = try JSONParser().parse(String(line))
                return "\(event["t"]?.doubleValue ?? -1) \(event["event"]?.stringValue ?? "") \(event["point"]?.intValue ?? 0)"
            }
        }
        expectEqual(try events(dated.stdout), try events(reference.stdout))
        expectTrue(try events(dated.stdout).count > 10)
        let inspected = try JSONParser().parse(try CLI.run(["inspect", "--json", "--date", "2026-05-09", path]).stdout)
        expectEqual(inspected["firstTime"], .string("2026-05-09T09:00:00Z"))
        expectEqual(inspected["fixes"]?.intValue, fixes)
        let wrong = try CLI.run(["radii", "tours/torino-portici", "--trace", path, "--date", "2026-02-30"])
        expectEqual(wrong.status, 2)
        expectTrue(wrong.stderr.hasPrefix("Error: --date 2026-02-30 is not a day from 1980-01-01 to 2099-12-31."), "\(wrong.stderr)")
    }
}
