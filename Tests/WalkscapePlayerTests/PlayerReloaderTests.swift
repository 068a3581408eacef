import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeTours
@testable import WalkscapePlayer

/// `play --watch`'s reloads: what they name.
@Suite struct PlayerReloaderTests {
    /// A copy of the Turin tour in a temporary directory.
    struct Copy {
        let root = NSTemporaryDirectory() + "walkscape-reloader-\(UUID().uuidString)"
        var directory: String { root + "/torino-portici" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: repositoryRoot + "/tours/torino-portici", toPath: directory)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func aReloadNamesOnlyTheFilesTheTourUses() throws {
        let copy = try Copy()
        defer { copy.remove() }
        let changed = ["EDITING.md", "subtitles/en", "subtitles/it/p1.it.srt", "subtitles/it/sed2sV0Lp", "tour.json"]
        guard case let .reloaded(_, named) = PlayerReloader.load(copy.directory, language: "it", allowMissing: false, changed: changed) else {
            Issue.record("the tour did not load")
            return
        }
        expectEqual(named, ["subtitles/it/p1.it.srt", "tour.json"])
    }

    @Test func sedsScratchFileIsNotNamedAndAnUnusedFileReloadsNothing() throws {
        let copy = try Copy()
        defer { copy.remove() }
        let reloader = try PlayerReloader(replay: try ReplayTour.load(copy.directory, language: "it", allowMissing: false), allowMissing: false)
        var now = 0.0
        /// Checks until a reload's outcome comes, or `seconds` of wall time pass.
        func outcome(within seconds: Double) -> PlayerReloader.Outcome? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                now += 0.05
                if let found = reloader.check(now: now) { return found }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }
        // What `sed -i` does: the new text in a scratch file beside the subtitle, renamed over it.
        let subtitle = copy.directory + "/subtitles/it/p1.it.srt"
        let scratch = copy.directory + "/subtitles/it/sed2sV0Lp"
        try (try String(contentsOfFile: subtitle, encoding: .utf8) + "\n").write(toFile: scratch, atomically: false, encoding: .utf8)
        expectEqual(rename(scratch, subtitle), 0)
        guard case let .reloaded(_, named)? = outcome(within: 60) else {
            Issue.record("no reload after the subtitle changed")
            return
        }
        expectEqual(named, ["subtitles/it/p1.it.srt"])
        // A note beside the tour, which it does not name: no reload to report.
        try "notes\n".write(toFile: copy.directory + "/NOTES.txt", atomically: false, encoding: .utf8)
        expectTrue(outcome(within: 3) == nil)
    }
}
