import Foundation
import Testing
import WalkscapeTestSupport

/// A producer's tour while it is being changed: edited files preview with one warning, missing files refuse
/// (naming the way out), and `--allow-missing` plays missing recordings as silence.
@Suite struct EditPreviewCLITests {
    static let trace = "fixtures/traces/torino-portici-clean.gpx"

    @Test func anEditedSubtitlePreviewsWithOneWarningAndValidateStillReportsIt() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let subtitle = copy.directory + "/subtitles/it/p2.it.srt"
        // The last cue's text gains a word (so `listen --from` near the end hears it at once).
        var text = try String(contentsOfFile: subtitle, encoding: .utf8)
        while text.hasSuffix("\n") { text.removeLast() }
        try (text + " (corretto)\n").write(toFile: subtitle, atomically: true, encoding: .utf8)

        let simulate = try CLI.run(["simulate", copy.directory, "--trace", Self.trace])
        expectEqual(simulate.status, 0, "\(simulate.stderr)")
        let warnings = simulate.stderr.split(separator: "\n").filter { $0.contains("warning: 1 file differs") }
        expectEqual(warnings.count, 1, "\(simulate.stderr)")
        expectTrue(warnings.first?.contains("subtitles/it/p2.it.srt") == true)
        expectTrue(warnings.first?.contains("`walkscape manifest \(copy.directory)`") == true)
        expectContains(simulate.stdout, "\"event\":\"tour_completed\"")

        let started = simulate.stdout.split(separator: "\n").first { $0.contains("\"audio_started\",\"point\":2,") } ?? ""
        let seconds = try #require(Double(started.components(separatedBy: "\"audioSeconds\":").last?.dropLast() ?? ""))
        let listen = try CLI.run(["listen", copy.directory, "--point", "2", "--audio", "none", "--from", String(seconds - 2)])
        expectEqual(listen.status, 0, "\(listen.stderr)")
        expectContains(listen.stderr, "warning: 1 file differs")
        expectContains(listen.stdout, "(corretto)")

        let validate = try CLI.run(["validate", copy.directory])
        expectEqual(validate.status, 1)
        expectTrue(validate.stdout.contains("points[1].tracks.it.subtitles.it.fileSizeBytes: error:") || validate.stderr.contains("points[1].tracks.it.subtitles.it.fileSizeBytes: error:"),
            "\(validate.stdout)\(validate.stderr)")

        let tours = try CLI.run(["tours", copy.root])
        expectEqual(tours.status, 0, "\(tours.stderr)")
        expectContains(tours.stdout, "edited", "\(tours.stdout)")
        expectTrue(!tours.stdout.contains("partial"))
        expectContains(tours.stdout, "walkscape manifest")

        try expectEqual(CLI.run(["manifest", copy.directory]).status, 0)
        let clean = try CLI.run(["simulate", copy.directory, "--trace", Self.trace])
        expectEqual(clean.status, 0)
        expectTrue(!clean.stderr.contains("warning: 1 file differs"))
        try expectTrue(CLI.run(["tours", copy.root]).stdout.contains("complete"))
    }

    @Test func aMissingRecordingRefusesThenPlaysAsSilenceWithAllowMissing() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        try FileManager.default.removeItem(atPath: copy.directory + "/audio/it/p3.mp3")

        for arguments in [["simulate", copy.directory, "--trace", Self.trace], ["listen", copy.directory, "--point", "3", "--audio", "none"]] {
            let refused = try CLI.run(arguments)
            expectEqual(refused.status, 1)
            expectTrue(refused.stdout.isEmpty)
            expectContains(refused.stderr, "not fully downloaded (1 of ", "\(refused.stderr)")
            expectContains(refused.stderr, "add --allow-missing")
            expectContains(refused.stderr, "walkscape manifest")
        }
        try expectTrue(CLI.run(["tours", copy.root]).stdout.contains("partial"))

        // Length unknown: the point triggers and its narration is skipped.
        let skipped = try CLI.run(["simulate", copy.directory, "--trace", Self.trace, "--allow-missing"])
        expectEqual(skipped.status, 0, "\(skipped.stderr)")
        expectContains(skipped.stderr, "point 3 (length unknown: skipped)", "\(skipped.stderr)")
        let started3 = skipped.stdout.split(separator: "\n").first { $0.contains("\"audio_started\",\"point\":3,") }
        expectTrue(started3?.contains("\"audioSeconds\":0.000") == true, "\(started3 ?? "none")")

        // A recorded durationSeconds: that much silence, and the queue waits for it.
        let json = copy.directory + "/tour.json"
        var text = try String(contentsOfFile: json, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"file\": \"audio/it/p3.mp3\",", with: "\"file\": \"audio/it/p3.mp3\", \"durationSeconds\": 61.5,")
        try text.write(toFile: json, atomically: true, encoding: .utf8)
        let silent = try CLI.run(["simulate", copy.directory, "--trace", Self.trace, "--allow-missing"])
        expectEqual(silent.status, 0, "\(silent.stderr)")
        expectContains(silent.stderr, "point 3 (1:02 of silence)", "\(silent.stderr)")
        let started = silent.stdout.split(separator: "\n").first { $0.contains("\"audio_started\",\"point\":3,") }
        expectTrue(started?.contains("\"audioSeconds\":61.500") == true, "\(started ?? "none")")

        let listen = try CLI.run(["listen", copy.directory, "--point", "3", "--audio", "none", "--allow-missing", "--from", "60"])
        expectEqual(listen.status, 0, "\(listen.stderr)")
        expectContains(listen.stderr, "is missing: 1:02 of silence")
    }

    @Test func aMissingFileInAnotherLanguageIsLeftOutWithAllowMissing() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        try FileManager.default.removeItem(atPath: copy.directory + "/audio/en/p1.mp3")
        let run = try CLI.run(["simulate", copy.directory, "--trace", Self.trace, "--allow-missing"])
        expectEqual(run.status, 0, "\(run.stderr)")
        expectContains(run.stderr, "1 other missing file (subtitles, images, other languages) left out", "\(run.stderr)")
    }
}
