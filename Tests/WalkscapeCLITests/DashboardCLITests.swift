import Foundation
import Testing
import WalkscapeTestSupport

/// `walkscape dashboard` run as a user runs it: on batches `simulate --events` writes for the sample walk under the
/// iOS and Android profiles, against golden files; bad input is one line and exit 1, an unopenable file exit 2.
@Suite struct DashboardCLITests {
    /// The batches of the Turin walk, clean and missed, under ios-app and android-app, in a fresh folder.
    static func batches() throws -> (folder: String, files: [String]) {
        let folder = NSTemporaryDirectory() + "walkscape-dashboard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files: [String] = []
        for profile in ["ios-app@5c84126", "android-app@5c84126"] {
            for walk in ["clean", "missed"] {
                let file = "\(folder)/\(profile)-\(walk).json"
                let run = try CLI.run([
                    "simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-\(walk).gpx", "--profile", profile, "--events", file,
                ])
                expectEqual(run.status, 0, "\(run.stderr)")
                files.append(file)
            }
        }
        return (folder, files)
    }

    @Test func theSampleWalksAgainstTheGoldenFiles() throws {
        let (folder, files) = try Self.batches()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try CLI.run(["dashboard"] + files)
        expectTrue(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        try expectTrue(matchesGolden(text.stdout, "dashboard-torino.txt"))
        let old = try CLI.run(["dashboard"] + files + ["--backend", "5c84126", "--json"])
        expectEqual(old.status, 0, "\(old.stderr)")
        try expectTrue(matchesGolden(old.stdout, "dashboard-torino-5c84126.json"))
        // The same files give the same bytes, whatever the run.
        try expectEqual(CLI.run(["dashboard"] + files).stdout, text.stdout)
        try expectEqual(CLI.run(["dashboard"] + files + ["--backend", "5c84126", "--json"]).stdout, old.stdout)
    }

    /// A walk dated years before the others: the default period (30 days back from the newest event) leaves it
    /// out, and the first lines say how many events that was and how to count them; `--period all` counts them.
    /// Before, `28 events read` and one tour start fewer, without a word.
    @Test func eventsBeforeThePeriodAreCountedAndNamed() throws {
        let (folder, files) = try Self.batches()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = folder + "/old-walk.json"
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: files[0])), as: UTF8.self)
        let moved = text.replacingOccurrences(of: "\"timestamp\": \"2026-", with: "\"timestamp\": \"2015-")
        try Data(moved.utf8).write(to: URL(fileURLWithPath: old))
        let count = moved.components(separatedBy: "\"timestamp\": \"2015-").count - 1
        let run = try CLI.run(["dashboard"] + files + [old])
        expectEqual(run.status, 0, "\(run.stderr)")
        let second = run.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        expectEqual(second, "\(28 + count) events read; \(count) of them dated before the period (30d: since 2026-04-09T09:33:49.000Z) left out, as the CMS leaves them out; --period all counts them")
        let all = try CLI.run(["dashboard"] + files + [old, "--period", "all"])
        expectEqual(all.stdout.split(separator: "\n").dropFirst().first.map(String.init), "\(28 + count) events read")
        expectContains(all.stdout, "tour starts          5")
    }

    @Test func badInputIsOneLineAndExitOne() throws {
        let folder = NSTemporaryDirectory() + "walkscape-dashboard-bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = #"{"name":"tour_started","anonymousId":"a","tourId":"t","timestamp":"2026-05-09T09:00:00Z"}"#
        let cases: [(String, String, Int32)] = [
            ("empty.json", "", 1),
            ("truncated.json", "{\"events\": [\n\(good),\n", 1),
            ("type.jsonl", "\(good)\n" + #"{"name":"tour_completed","properties":{"durationMinutes":"12"}}"#, 1),
            ("huge.jsonl", #"{"name":"tour_abandoned","properties":{"durationMinutes":1e999}}"#, 1),
            ("name.json", #"[{"name":"tour_finished"}]"#, 1),
        ]
        for (name, content, status) in cases {
            let path = folder + "/" + name
            try content.write(toFile: path, atomically: true, encoding: .utf8)
            let run = try CLI.run(["dashboard", path])
            expectEqual(run.status, status, "\(name): \(run.stderr)")
            expectTrue(run.stdout.isEmpty && run.stderr.hasPrefix(path + ":") && run.stderr.filter { $0 == "\n" }.count == 1, "\(name): \(run.stderr)")
        }
        let missing = try CLI.run(["dashboard", folder + "/none.json"])
        expectTrue(missing.status == 2 && missing.stderr == folder + "/none.json: no such file\n")
        let backend = try CLI.run(["dashboard", folder + "/empty.json", "--backend", "main"])
        expectTrue(backend.status == 2 && backend.stderr.hasPrefix("Error: --backend must be one of 5c84126, efba3ee, got main.\n"), "\(backend.stderr)")
        let now = try CLI.run(["dashboard", folder + "/empty.json", "--now", "tomorrow"])
        expectTrue(now.status == 2 && now.stderr.hasPrefix("Error: --now must be an ISO 8601 time"), "\(now.stderr)")
        // Issue 46, item 8: a FIFO nothing writes into blocked the open for ever; it is said at once.
        let fifo = folder + "/events.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let waited = try CLI.run(["dashboard", fifo], interruptAfter: 20)
        expectEqual(waited.status, 2, "\(waited.stderr)")
        expectEqual(waited.stderr, "\(fifo): a FIFO that nothing writes into: nothing to read; start its writer first\n")
        // Issue 46, item 8: the year 0 printed `since 00-1-12-25T…`; --now is a day from 1970 to 2099.
        for time in ["0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2100-01-01T00:00:00Z"] {
            let far = try CLI.run(["dashboard", folder + "/empty.json", "--now", time])
            expectTrue(far.status == 2 && far.stderr.hasPrefix("Error: --now must be an ISO 8601 time such as 2026-05-09T18:00:00Z, from 1970-01-01 to 2099-12-31, got \(time)."), "\(far.stderr)")
        }
    }
}
