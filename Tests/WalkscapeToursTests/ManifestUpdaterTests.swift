import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTours

@Suite struct ManifestUpdaterTests {
    @Test func updatesOnlySizesAndDigestsAndKeepsEverythingElse() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let before = try sandbox.read("tour.json")
        try sandbox.write("1\n00:00:00,100 --> 00:00:00,800\nBenvenute.\n", to: "subtitles/it/p1.it.srt")
        let outcome = try ManifestUpdater().update(sandbox.directory)
        expectTrue(outcome.wrote)
        expectEqual(outcome.changes.map(\.file), ["subtitles/it/p1.it.srt"])
        expectEqual(outcome.assetCount, 6)
        let after = try sandbox.read("tour.json")
        let changedLines = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }
        expectEqual(changedLines.count, 1)  // the sha256 line of that one subtitle (the size is unchanged)
        expectContains(after, "\"x-editor\": {\n    \"note\": \"unknown fields survive\"\n  }")
        try expectTrue(sandbox.problems().isEmpty)
        // Nothing left behind by the atomic write.
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted(), ["audio", "subtitles", "tour.json"])
    }

    /// Temporary files of tour.json left by a run killed with SIGKILL (its process is gone) and of the older
    /// shape without a process id (untouched for over an hour) are removed by the next run, even when
    /// tour.json is up to date; a live writer's file and a fresh unowned one are left alone.
    @Test func aKilledRunsTemporaryFilesAreRemovedByTheNextRun() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let killed = Process()
        killed.executableURL = URL(fileURLWithPath: "/bin/sh")
        killed.arguments = ["-c", "cd '\(sandbox.directory)' && echo '{' > .tour.json.tmp-$$-Ab12Cd && kill -9 $$"]
        try killed.run()
        killed.waitUntilExit()
        expectEqual(killed.terminationReason, .uncaughtSignal)
        try sandbox.write("{", to: ".tour.json.tmp-Zz9Yy8")
        var old = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        expectEqual(utimensat(AT_FDCWD, sandbox.directory + "/.tour.json.tmp-Zz9Yy8", &old, 0), 0)
        try sandbox.write("{", to: ".tour.json.tmp-Fresh1")
        let live = ".tour.json.tmp-\(getpid())-Qq1234"
        try sandbox.write("{", to: live)
        let outcome = try ManifestUpdater().update(sandbox.directory)
        expectTrue(!outcome.wrote)
        expectEqual(outcome.removedLeftovers.map { ($0 as NSString).lastPathComponent }.sorted(), [".tour.json.tmp-Zz9Yy8", ".tour.json.tmp-\(killed.processIdentifier)-Ab12Cd"].sorted())
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: sandbox.directory).sorted(), [".tour.json.tmp-Fresh1", live, "audio", "subtitles", "tour.json"].sorted())
    }

    @Test func upToDateToursAreNotRewritten() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let outcome = try ManifestUpdater().update(sandbox.directory)
        expectTrue(outcome.changes.isEmpty)
        expectTrue(!outcome.wrote)
    }

    @Test func dryRunWritesNothing() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.write("1\n00:00:00,100 --> 00:00:00,800\nx\n", to: "subtitles/it/p1.en.srt")
        let before = try sandbox.read("tour.json")
        let outcome = try ManifestUpdater().update(sandbox.directory, dryRun: true)
        expectEqual(outcome.changes.count, 1)
        expectTrue(!outcome.wrote)
        try expectEqual(sandbox.read("tour.json"), before)
    }

    @Test func refusesToWriteWhenAnAssetIsMissing() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try FileManager.default.removeItem(atPath: sandbox.directory + "/audio/en/p1.mp3")
        let before = try sandbox.read("tour.json")
        do {
            _ = try ManifestUpdater().update(sandbox.directory)
            Issue.record("expected an error")
        } catch {
            expectTrue(!error.unreadable)
            expectEqual(error.problems.map(\.location), ["points[0].tracks.en.audio.file"])
        }
        try expectEqual(sandbox.read("tour.json"), before)
    }

    @Test func keepsFilePermissions() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: sandbox.jsonFile)
        try sandbox.write("1\n00:00:00,100 --> 00:00:00,800\nx\n", to: "subtitles/it/p1.en.srt")
        _ = try ManifestUpdater().update(sandbox.directory)
        let mode = try FileManager.default.attributesOfItem(atPath: sandbox.jsonFile)[.posixPermissions] as? Int
        expectEqual(mode, 0o640)
    }
}
