import Foundation
import Testing
@testable import WalkscapeTours

/// `TourWatcher`: inotify events on a tour's files, batched once the writes stop.
@Suite struct TourWatcherTests {
    @Test func reportsChangedFilesOnceTheWritesStopIgnoringScratchFiles() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let watcher = try TourWatcher(directory: sandbox.directory)
        #expect(watcher.folderCount == 6)  // the tour, audio, audio/it, audio/en, subtitles, subtitles/it
        #expect(watcher.changes(now: 10).isEmpty)  // nothing happened

        try sandbox.write("1\n00:00:00,100 --> 00:00:00,900\nBenvenute.\n", to: "subtitles/it/p1.it.srt")
        try sandbox.write("scratch", to: "subtitles/it/.p1.it.srt.swp")
        try sandbox.write("scratch", to: "subtitles/it/p1.it.srt~")
        #expect(watcher.changes(quietFor: 0.2, now: 20).isEmpty)  // the writes may go on
        #expect(watcher.changes(quietFor: 0.2, now: 20.1).isEmpty)
        #expect(watcher.changes(quietFor: 0.2, now: 20.3) == ["subtitles/it/p1.it.srt"])
        #expect(watcher.changes(now: 30).isEmpty)  // reported once

        // A file renamed over tour.json (as `manifest` and editors do), and a folder made after the start.
        try sandbox.write("{}", to: "tour.json.new")
        #expect(rename(sandbox.directory + "/tour.json.new", sandbox.jsonFile) == 0)
        try FileManager.default.createDirectory(atPath: sandbox.directory + "/subtitles/en", withIntermediateDirectories: true)
        #expect(watcher.changes(now: 40).isEmpty)
        #expect(watcher.changes(now: 41) == ["subtitles/en", "tour.json", "tour.json.new"])
        try sandbox.write("1\n00:00:00,100 --> 00:00:00,900\nWelcome.\n", to: "subtitles/en/p1.en.srt")
        #expect(watcher.changes(now: 50).isEmpty)
        #expect(watcher.changes(now: 51) == ["subtitles/en/p1.en.srt"])
    }

    @Test func aDirectoryThatIsNotThereIsOneLine() {
        #expect(throws: TourWatcherError.self) { try TourWatcher(directory: "/nonexistent/walkscape-tour") }
    }
}
