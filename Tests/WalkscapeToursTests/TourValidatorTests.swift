import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTours

@Suite struct TourValidatorTests {
    @Test func theSandboxTourIsValid() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let report = try TourValidator().validate(sandbox.directory)
        expectTrue(report.diagnostics.isEmpty, "\(report.diagnostics)")
        expectTrue(report.audio["audio/en/p1.mp3"]?.frames == 120_000)
        expectTrue(report.audio["audio/it/p2.wav"]?.frames == 16538)
        expectEqual(report.subtitleCues, ["subtitles/it/p1.it.srt": 1, "subtitles/it/p1.en.srt": 1])
        expectTrue(report.isValid(strict: true))
        // The tour.json path is accepted as well as the directory.
        try expectTrue(TourValidator().validate(sandbox.jsonFile).diagnostics.isEmpty)
    }

    @Test func pathTraversalIsRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.write("outside", to: "../outside.srt")
        try sandbox.edit { $0.modify(at: [.key("points"), .index(0), .key("tracks"), .key("it"), .key("subtitles"), .key("en")]) {
            $0.setMember("file", to: .string("../outside.srt"))
        } }
        try expectEqual(sandbox.problems(), [
            "tour.json: points[0].tracks.it.subtitles.en.file: error: path \"../outside.srt\" goes up with '..', it must stay inside the tour directory"
        ])
    }

    @Test func absolutePathsAreRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.edit { $0.modify(at: [.key("points"), .index(1), .key("tracks"), .key("en"), .key("audio")]) {
            $0.setMember("file", to: .string(sandbox.directory + "/audio/en/p2.mp3"))
        } }
        let problems = try sandbox.problems()
        expectEqual(problems.count, 1)
        expectTrue(problems[0].hasPrefix("tour.json: points[1].tracks.en.audio.file: error: absolute path"))
    }

    @Test func symlinksLeadingOutOfTheTourAreRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(atPath: sandbox.root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: sandbox.directory + "/audio/en/p2.mp3", toPath: sandbox.root + "/elsewhere/p2.mp3")
        try FileManager.default.createSymbolicLink(atPath: sandbox.directory + "/audio/en/p2.mp3", withDestinationPath: "../../../elsewhere/p2.mp3")
        let problems = try sandbox.problems()
        expectEqual(problems.count, 1)
        expectTrue(problems.first?.hasPrefix("tour.json: points[1].tracks.en.audio.file: error: file \"audio/en/p2.mp3\" leads out of the tour directory") == true, "\(problems)")
        // A symlink that stays inside the tour is fine.
        try FileManager.default.removeItem(atPath: sandbox.directory + "/audio/en/p2.mp3")
        try FileManager.default.createSymbolicLink(atPath: sandbox.directory + "/audio/en/p2.mp3", withDestinationPath: "../it/p1.mp3")
        try expectTrue(sandbox.problems().isEmpty)
    }

    @Test func wrongSHA256IsRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        var subtitle = Array(try sandbox.read("subtitles/it/p1.it.srt").utf8)
        subtitle[subtitle.count - 3] = UInt8(ascii: "X")  // same size, different bytes
        try sandbox.write(subtitle, to: "subtitles/it/p1.it.srt")
        let problems = try sandbox.problems()
        expectEqual(problems.count, 1)
        expectTrue(problems.first?.contains("tour.json: points[0].tracks.it.subtitles.it.sha256: error: \"subtitles/it/p1.it.srt\" has SHA-256 ") == true)
        expectTrue(problems.first?.contains("the file is corrupt or was changed (run `walkscape manifest") == true)
    }

    @Test func wrongSizeIsRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let data = try Data(contentsOf: URL(fileURLWithPath: sandbox.directory + "/audio/it/p1.mp3"))
        try data.prefix(4000).write(to: URL(fileURLWithPath: sandbox.directory + "/audio/it/p1.mp3"))
        let problems = try sandbox.problems()
        expectEqual(problems.first, "tour.json: points[0].tracks.it.audio.fileSizeBytes: error: \"audio/it/p1.mp3\" is 4000 bytes, tour.json says \(data.count); the file is truncated or was changed (run `walkscape manifest \(sandbox.directory)` if the file was changed on purpose)")
    }

    @Test func missingFilesAreNamed() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try FileManager.default.removeItem(atPath: sandbox.directory + "/audio/it/p2.wav")
        try expectEqual(sandbox.problems(), [
            "tour.json: points[1].tracks.it.audio.file: error: file \"audio/it/p2.wav\" does not exist in the tour directory; add it there or fix the path in tour.json (a downloaded tour: download it again)"
        ])
    }

    @Test func truncatedJSONIsRejectedWithItsPosition() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let text = try sandbox.read("tour.json")
        try sandbox.write(String(text.prefix(200)), to: "tour.json")
        let problems = try sandbox.problems()
        expectEqual(problems.count, 1)
        expectTrue(problems[0].hasPrefix("tour.json: line "))
        expectTrue(problems[0].hasSuffix("(the file may be truncated)"), "\(problems)")
    }

    @Test func missingLanguageTrackIsRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.edit { $0.modify(at: [.key("points"), .index(1), .key("tracks")]) { tracks in
            guard case var .object(members) = tracks else { return }
            members.removeAll { $0.key == "en" }
            tracks = .object(members)
        } }
        try expectEqual(sandbox.problems(), [
            "tour.json: points[1].tracks: error: no \"en\" track, but the tour's languages list \"en\"; add the recording or remove the language"
        ])
    }

    @Test func duplicateIDIsRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.edit { $0.modify(at: [.key("points"), .index(1)]) { $0.setMember("id", to: .string("p1")) } }
        try expectEqual(sandbox.problems(), [
            "tour.json: points[1].id: error: duplicate id \"p1\", already used by points[0]; every point needs its own id"
        ])
    }

    @Test func gapInTheOrderIsRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.edit { $0.modify(at: [.key("points"), .index(1)]) { $0.setMember("order", to: .integer(3)) } }
        try expectEqual(sandbox.problems(), [
            "tour.json: points[1].order: error: order 3 is beyond the number of points (2); orders must be exactly 1…2",
            "tour.json: points: error: orders must be exactly 1…2 with no gaps: 2 is missing",
        ])
    }

    @Test func audioThatIsNotWhatItsNameSaysIsRejected() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try FileManager.default.removeItem(atPath: sandbox.directory + "/audio/en/p2.mp3")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/fixtures/audio/mp4-named.mp3", toPath: sandbox.directory + "/audio/en/p2.mp3")
        _ = try ManifestUpdater().update(sandbox.directory)
        try expectEqual(sandbox.problems(), [
            "audio/en/p2.mp3: error: MP4/AAC data: cannot be opened as audio (Invalid data found when processing input); download or export it again"
        ])
    }

    @Test func subtitlesThatDoNotParseAreRejectedAndMalformedCuesWarned() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.write("this is not\na subtitle file\n", to: "subtitles/it/p1.en.srt")
        try sandbox.write("1\n00:00:00,100 --> 00:00:00,900\nBenvenuti.\n\n2\n00:00:01,000 --> 00:00:0x,500\nrotto\n", to: "subtitles/it/p1.it.srt")
        _ = try ManifestUpdater().update(sandbox.directory)
        let problems = try sandbox.problems()
        expectEqual(problems, [
            "subtitles/it/p1.it.srt: line 6: warning: end time \"00:00:0x,500\" is not HH:MM:SS,mmm; cue skipped",
            "subtitles/it/p1.en.srt: line 1: warning: expected a cue number or a time line like \"00:00:01,000 --> 00:00:02,500\", got \"this is not\"; skipped up to the next blank line",
            "subtitles/it/p1.en.srt: error: no subtitle cues could be read; expected SubRip cues like \"1\\n00:00:01,000 --> 00:00:03,500\\nText\"",
        ])
    }

    @Test func strictTurnsWarningsIntoFailure() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.edit { $0.modify(at: [.key("points"), .index(0)]) { $0.setMember("triggerRadiusMeters", to: .integer(80)) } }
        let report = try TourValidator().validate(sandbox.directory)
        expectEqual(report.diagnostics.warningCount, 1)
        expectTrue(report.isValid(strict: false))
        expectTrue(!report.isValid(strict: true))
    }

    @Test func unreadableToursThrow() {
        #expect(throws: TourFileError(path: "/nonexistent/tour", "no such file or directory; expected a tour directory or its tour.json")) {
            try TourValidator().validate("/nonexistent/tour")
        }
    }
}
