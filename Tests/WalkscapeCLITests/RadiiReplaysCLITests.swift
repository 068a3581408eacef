import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// `radii --noise … --keep-replays DIR` (issue 45, item 12): the noise trials' replays written as GPX are the
/// walks the trials probed: replayed through `radii` without noise, each point triggers on exactly as many of
/// them, at every radius, as the trials counted.
@Suite struct RadiiReplaysCLITests {
    static let tour = "tours/torino-portici"
    static let trace = "fixtures/traces/torino-portici-noisy.gpx"

    /// Per point, the counts of `key`'s entries (`noise` or `sweep`) that triggered, radius by radius.
    static func triggered(_ stdout: String, _ key: String) throws -> [[Int]] {
        let json = try JSONParser().parse(stdout)
        return (json["points"]?.arrayElements ?? []).map { point in (point[key]?.arrayElements ?? []).map { $0["triggered"]?.intValue ?? -1 } }
    }

    @Test func theKeptReplaysTriggerWhatTheTrialsCounted() throws {
        let folder = NSTemporaryDirectory() + "walkscape-replays-\(getpid())/kept"
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        // 40 m of drift against radii of 5-25 m: some replays miss, differently for each point.
        let trials = try CLI.run(["radii", Self.tour, "--trace", Self.trace, "--noise", "40", "--runs", "8", "--sweep", "5:25:10", "--keep-replays", folder, "--json"])
        expectEqual(trials.status, 0, "\(trials.stderr)")
        expectEqual(trials.stderr, "kept 8 noisy replays as GPX in \(folder) (torino-portici-noisy-run1.gpx … torino-portici-noisy-run8.gpx)\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        expectEqual(names, (1...8).map { "torino-portici-noisy-run\($0).gpx" })
        let counted = try Self.triggered(trials.stdout, "noise")
        expectTrue(counted.joined().contains { $0 > 0 && $0 < 8 }, "every replay triggers alike: \(counted)")
        let replayed = try CLI.run(["radii", Self.tour, "--trace"] + names.map { folder + "/" + $0 } + ["--sweep", "5:25:10", "--json"])
        expectEqual(replayed.status, 0, "\(replayed.stderr)")
        expectEqual(try Self.triggered(replayed.stdout, "sweep"), counted)
    }

    @Test func keepingReplaysNeedsNoiseTrialsAndAtMostAThousandFiles() throws {
        let none = try CLI.run(["radii", Self.tour, "--trace", Self.trace, "--keep-replays", "/tmp/never"])
        expectEqual(none.status, 2)
        expectTrue(none.stderr.hasPrefix("Error: --keep-replays keeps the noise trials' replays; add --noise SIGMA"), "\(none.stderr)")
        let many = try CLI.run(["radii", Self.tour, "--trace", Self.trace, Self.trace, "--noise", "3", "--runs", "501", "--keep-replays", "/tmp/never"])
        expectEqual(many.status, 2)
        expectTrue(many.stderr.hasPrefix("Error: --keep-replays writes one GPX file a noisy replay: --runs 501 × 2 traces would be 1002 files; at most 1000: lower --runs"), "\(many.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: "/tmp/never"))
    }
}
