import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// `--screen-locked`, `--background-location` and `--killed-at` on simulate, compare and check, run as a user
/// runs them: the Nothing A142's locked screen, a killed app, and bad values refused with one line.
@Suite struct LifecycleCLITests {
    static let tour = "tours/torino-portici"
    static let walk = "fixtures/traces/torino-portici-clean.gpx"

    static func events(_ jsonl: String) -> [(t: Double, event: String, point: Int?)] {
        jsonl.split(separator: "\n").compactMap { line in
            guard let json = try? JSONParser().parse(String(line)), let event = json["event"]?.stringValue else { return nil }
            return (json["t"]?.doubleValue ?? -1, event, json["point"]?.intValue)
        }
    }

    /// Android 1.1.1-beta without background location (the Nothing A142): no position reaches the app from 8:00
    /// to 14:00, so point 3 triggers only when the screen is unlocked; granted, or on iOS, nothing changes.
    @Test func theNothingPhonesLockedScreen() throws {
        let base = ["simulate", Self.tour, "--trace", Self.walk, "--profile", "android-app@5c84126"]
        let plain = try CLI.run(base)
        let denied = try CLI.run(base + ["--screen-locked", "8:00-14:00", "--background-location", "denied"])
        expectEqual(denied.status, 0, "\(denied.stderr)")
        expectContains(denied.stderr, "note: screen locked 8:00.0-14:00.0: 360 of 2172 fixes never reach the app (android-app@5c84126 without background location", "\(denied.stderr)")
        let triggered3 = Self.events(denied.stdout).first { $0.event == "point_triggered" && $0.point == 3 }
        expectTrue(triggered3?.t == 840)
        let plain3 = Self.events(plain.stdout).first { $0.event == "point_triggered" && $0.point == 3 }
        expectTrue((plain3?.t ?? 0) < 840)
        let granted = try CLI.run(base + ["--screen-locked", "8:00-14:00"])
        expectEqual(granted.stdout, plain.stdout)
        expectContains(granted.stderr, "positions arrive as usual (android-app@5c84126: background location granted)")
        let ios = ["simulate", Self.tour, "--trace", Self.walk, "--profile", "ios-app@5c84126"]
        try expectEqual(CLI.run(ios + ["--screen-locked", "8:00-14:00", "--background-location", "denied"]).stdout, CLI.run(ios).stdout)
    }

    /// Killed at 12:00 while point 3 plays: the walk ends there; Android 1.1.12 loses the point_triggered it
    /// had not flushed, iOS keeps it; the relaunch is said per build.
    @Test func aKilledAppEndsTheWalkAndAndroidLosesItsQueue() throws {
        let dir = NSTemporaryDirectory() + "walkscape-lifecycle-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var names: [String: [String]] = [:]
        for profile in ["android-app", "ios-app"] {
            let result = try CLI.run(["simulate", Self.tour, "--trace", Self.walk, "--profile", profile, "--killed-at", "12:00", "--events", "\(dir)/\(profile).json"])
            expectEqual(result.status, 0, "\(result.stderr)")
            let last = try #require(Self.events(result.stdout).last)
            expectTrue(last.event == "app_killed" && last.t == 720 && last.point == 3)
            expectContains(result.stderr, "note: relaunch (", "\(result.stderr)")
            let data = try #require(FileManager.default.contents(atPath: "\(dir)/\(profile).json"))
            names[profile] = (try JSONParser().parse([UInt8](data))["events"]?.arrayElements ?? []).compactMap { $0["name"]?.stringValue }
        }
        expectEqual(names["android-app"], ["tour_started", "point_triggered", "point_triggered"])
        expectEqual(names["ios-app"], ["tour_started", "point_triggered", "point_triggered", "point_triggered"])
        let compare = try CLI.run(["compare", Self.tour, "--trace", Self.walk, "--profile", "ios-app", "--profile", "android-app", "--killed-at", "12:00"])
        expectEqual(compare.status, 0, "\(compare.stderr)")
        expectContains(compare.stdout, "android-app@efba3ee: killed at 12:00.0, never heard 4,5,6,7", "\(compare.stdout)")
        expectContains(compare.stdout, "     android-app@efba3ee: loses 1 queued event (the queue is in memory)")
    }

    /// check replays with the same scenario: a golden written under it passes, and fails without it.
    @Test func checkHonoursTheScenario() throws {
        let golden = NSTemporaryDirectory() + "walkscape-lifecycle-golden-\(UUID().uuidString).jsonl"
        defer { unlink(golden) }
        let options = ["--profile", "android-app@5c84126", "--screen-locked", "8:00-14:00", "--background-location", "denied"]
        let simulated = try CLI.run(["simulate", Self.tour, "--trace", Self.walk] + options)
        try simulated.stdout.write(toFile: golden, atomically: true, encoding: .utf8)
        try expectEqual(CLI.run(["check", Self.tour, "--trace", Self.walk, "--expect", golden] + options).status, 0)
        try expectEqual(CLI.run(["check", Self.tour, "--trace", Self.walk, "--expect", golden, "--profile", "android-app@5c84126"]).status, 1)
    }

    @Test(arguments: [
        (["--screen-locked", "10-5"], "--screen-locked 10-5: the end must be after the start."),
        (["--screen-locked", "ten-eleven"], "--screen-locked ten-eleven: expected FROM-TO"),
        (["--killed-at", "-3"], "--killed-at must be a walk time"),
        (["--killed-at", "1e400"], "--killed-at must be a walk time"),
        (["--background-location", "maybe"], "--background-location must be granted or denied, got maybe."),
    ])
    func badValuesAreOneLine(options: [String], message: String) throws {
        for command in ["simulate", "compare", "check"] {
            var arguments = [command, Self.tour, "--trace", Self.walk] + options
            if command == "check" { arguments += ["--expect", "fixtures/golden/torino-portici-clean.jsonl"] }
            let result = try CLI.run(arguments)
            expectEqual(result.status, 2, "\(command) \(options)")
            expectTrue(result.stderr.contains(message), "\(command): \(result.stderr)")
            expectTrue(result.stdout.isEmpty)
        }
    }

    /// Issue 47: `--racing-events lost` takes the Android builds' closing event out of `--events`, with a note
    /// that says why; the timeline is the same; a bad value is one line.
    @Test func racingEventsLostLeaveTheClosingEventOut() throws {
        let folder = NSTemporaryDirectory() + "walkscape-racing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let args = ["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-brisk.gpx", "--profile", "android-app@1.1.4-beta"]
        let kept = try CLI.run(args + ["--events", folder + "/kept.json"])
        let lost = try CLI.run(args + ["--racing-events", "lost", "--events", folder + "/lost.json"])
        expectEqual(lost.status, 0, "\(lost.stderr)")
        expectEqual(lost.stdout, kept.stdout)
        expectContains(lost.stderr, "note: tour_completed at 21:31.0 is lost (--racing-events lost): the app sends it from a coroutine that the player screen's closing cancels")
        func names(_ file: String) throws -> [String] {
            try JSONParser().parse(Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))).self["events"]?.arrayElements?.compactMap { $0["name"]?.stringValue } ?? []
        }
        expectEqual(try names("lost.json"), try names("kept.json").filter { $0 != "tour_completed" })
        expectTrue(try names("kept.json").contains("tour_completed"))
        let bad = try CLI.run(args + ["--racing-events", "sometimes"])
        expectEqual(bad.status, 2)
        expectContains(bad.stderr, "--racing-events must be kept or lost, got sometimes.")
    }
}
