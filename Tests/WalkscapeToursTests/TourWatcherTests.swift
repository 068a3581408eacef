import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeTours

/// `TourWatcher`: inotify events on a tour's files, batched once the writes stop.
@Suite struct TourWatcherTests {
    @Test func reportsChangedFilesOnceTheWritesStopIgnoringScratchFiles() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let watcher = try TourWatcher(directory: sandbox.directory)
        expectEqual(watcher.folderCount, 6)  // the tour, audio, audio/it, audio/en, subtitles, subtitles/it
        expectTrue(watcher.changes(now: 10).isEmpty)  // nothing happened

        try sandbox.write("1\n00:00:00,100 --> 00:00:00,900\nBenvenute.\n", to: "subtitles/it/p1.it.srt")
        try sandbox.write("scratch", to: "subtitles/it/.p1.it.srt.swp")
        try sandbox.write("scratch", to: "subtitles/it/p1.it.srt~")
        expectTrue(watcher.changes(quietFor: 0.2, now: 20).isEmpty)  // the writes may go on
        expectTrue(watcher.changes(quietFor: 0.2, now: 20.1).isEmpty)
        expectEqual(watcher.changes(quietFor: 0.2, now: 20.3), ["subtitles/it/p1.it.srt"])
        expectTrue(watcher.changes(now: 30).isEmpty)  // reported once

        // A file renamed over tour.json (as `manifest` and editors do), and a folder made after the start.
        try sandbox.write("{}", to: "tour.json.new")
        expectEqual(rename(sandbox.directory + "/tour.json.new", sandbox.jsonFile), 0)
        try FileManager.default.createDirectory(atPath: sandbox.directory + "/subtitles/en", withIntermediateDirectories: true)
        expectTrue(watcher.changes(now: 40).isEmpty)
        expectEqual(watcher.changes(now: 41), ["subtitles/en", "tour.json", "tour.json.new"])
        try sandbox.write("1\n00:00:00,100 --> 00:00:00,900\nWelcome.\n", to: "subtitles/en/p1.en.srt")
        expectTrue(watcher.changes(now: 50).isEmpty)
        expectEqual(watcher.changes(now: 51), ["subtitles/en/p1.en.srt"])
    }

    @Test func aDirectoryThatIsNotThereIsOneLine() {
        #expect(throws: TourWatcherError.self) { try TourWatcher(directory: "/nonexistent/walkscape-tour") }
    }
}
