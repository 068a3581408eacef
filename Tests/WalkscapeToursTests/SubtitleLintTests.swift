import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTours

/// `walkscape validate` lints subtitle files: cues past the end of their track's audio, overlapping cues,
/// reading speed over 20 characters a second, empty and zero-length cues. All are warnings, one line each
/// with the file and the cue's time line.
@Suite struct SubtitleLintTests {
    /// Replaces the Italian subtitles of point 1's Italian track (audio `audio/it/p1.mp3`, 1 s) and refreshes
    /// the manifest, then returns the problems.
    func problems(withItalianSubtitles text: String, in sandbox: TourSandbox) throws -> [String] {
        try sandbox.write(text, to: "subtitles/it/p1.it.srt")
        _ = try ManifestUpdater().update(sandbox.directory)
        return try sandbox.problems()
    }

    @Test func cuesPastTheEndOfTheTracksAudioAreReported() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let report = try TourValidator().validate(sandbox.directory)
        let seconds = try #require(report.audio["audio/it/p1.mp3"]?.durationSeconds)
        expectTrue(abs(seconds - 1.0) < 0.001)
        let srt = "1\n00:00:00,100 --> 00:00:00,900\nBenvenuti.\n\n2\n00:00:00,950 --> 00:00:01,500\nAncora.\n\n3\n00:00:02,000 --> 00:00:02,500\nTroppo.\n"
        try expectEqual(problems(withItalianSubtitles: srt, in: sandbox), [
            "subtitles/it/p1.it.srt: line 6: warning: cue ends at 00:00:01,500, after its audio ends (00:00:01,000); it is cut short",
            "subtitles/it/p1.it.srt: line 10: warning: cue starts at 00:00:02,000, after its audio ends (00:00:01,000), so it is never shown",
        ])
    }

    @Test func eachSubtitleFileIsCheckedAgainstItsOwnTracksAudio() throws {
        // The English track of point 1 has 2.5 s of audio: the same cue that is past the end of the Italian
        // track (1 s) is fine there.
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let srt = "1\n00:00:01,000 --> 00:00:02,000\nA line.\n"
        try sandbox.write(srt, to: "subtitles/it/p1.en.srt")
        try sandbox.edit { $0.modify(at: [.key("points"), .index(0), .key("tracks"), .key("en")]) {
            $0.setMember("subtitles", to: .object([("en", .object([("file", .string("subtitles/it/p1.en.srt"))]))]))
        } }
        try sandbox.edit { $0.modify(at: [.key("points"), .index(0), .key("tracks"), .key("it"), .key("subtitles")]) {
            $0 = .object([("it", .object([("file", .string("subtitles/it/p1.it.srt"))]))])
        } }
        _ = try ManifestUpdater().update(sandbox.directory)
        try expectEqual(sandbox.problems(), [])
        try sandbox.write(srt, to: "subtitles/it/p1.it.srt")
        _ = try ManifestUpdater().update(sandbox.directory)
        try expectEqual(sandbox.problems(), [
            "subtitles/it/p1.it.srt: line 2: warning: cue starts at 00:00:01,000, after its audio ends (00:00:01,000), so it is never shown"
        ])
    }

    @Test func overlapsReadingSpeedAndEmptyCuesAreReported() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let srt = """
            1
            00:00:00,000 --> 00:00:00,500
            <i>Uno</i>

            2
            00:00:00,400 --> 00:00:00,600
            Due

            3
            00:00:00,600 --> 00:00:00,800
            <b>Ventidue caratteri qui</b>

            4
            00:00:00,800 --> 00:00:00,900

            5
            00:00:00,900 --> 00:00:00,900
            Zero

            """
        try expectEqual(problems(withItalianSubtitles: srt, in: sandbox), [
            "subtitles/it/p1.it.srt: line 6: warning: cue (00:00:00,400 --> 00:00:00,600) overlaps the cue at line 2 (00:00:00,000 --> 00:00:00,500); both are shown at once",
            "subtitles/it/p1.it.srt: line 10: warning: reading speed 110.0 characters a second (22 in 0.200 s), over 20; show it longer or shorten it",
            "subtitles/it/p1.it.srt: line 14: warning: empty cue (no text to show)",
            "subtitles/it/p1.it.srt: line 17: warning: cue lasts 0 ms (starts and ends at 00:00:00,900), so it is never shown",
        ])
        // Warnings only: the tour stays valid, except with --strict.
        let report = try TourValidator().validate(sandbox.directory)
        expectTrue(report.isValid(strict: false))
        expectTrue(!report.isValid(strict: true))
    }

    @Test func readingSpeedCountsDisplayCharactersOnly() {
        // 20 characters in 1 s is fine; tags and line breaks do not count.
        let atLimit = SubtitleCue(index: 1, startMs: 0, endMs: 1000, text: "<i>Dieci volte</i>\n{\\an8}<b>dieci</b> due", line: 2)
        expectEqual(SubtitleLinter.readingLength(atLimit), 20)
        expectTrue(SubtitleLinter().lint([atLimit]).isEmpty)
        let over = SubtitleCue(index: 1, startMs: 0, endMs: 1000, text: "Ventun caratteri qui!", line: 2)
        expectEqual(SubtitleLinter().lint([over]).map(\.message), [
            "reading speed 21.0 characters a second (21 in 1.000 s), over 20; show it longer or shorten it"
        ])
    }

    @Test func nestedOverlapsNameTheCueStillShowing() {
        let cues = [
            SubtitleCue(index: 1, startMs: 0, endMs: 10_000, text: "long", line: 2),
            SubtitleCue(index: 2, startMs: 1000, endMs: 2000, text: "a", line: 6),
            SubtitleCue(index: 3, startMs: 3000, endMs: 4000, text: "b", line: 10),
            SubtitleCue(index: 4, startMs: 10_000, endMs: 11_000, text: "after", line: 14),
        ]
        expectEqual(SubtitleLinter().lint(cues).map(\.line), [6, 10])
        expectTrue(SubtitleLinter().lint(cues).allSatisfy { $0.message.contains("overlaps the cue at line 2") })
    }

    @Test func withoutAMeasuredAudioOnlyTheOtherLintsRun() throws {
        // A track whose audio does not open: the audio error is reported, the subtitles still linted.
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.write("not audio at all", to: "audio/it/p1.mp3")
        let problems = try self.problems(withItalianSubtitles: "1\n00:00:05,000 --> 00:00:05,001\nToo fast to read\n", in: sandbox)
        expectEqual(problems.count, 2)
        expectTrue(problems.first?.hasPrefix("audio/it/p1.mp3: error:") == true)
        expectTrue(problems.last?.hasPrefix("subtitles/it/p1.it.srt: line 2: warning: reading speed 16000.0 characters a second") == true)
    }

    /// Issue 46, item 2: a cue no screen can show whole. The player's subtitle box has 3 lines for the current
    /// cue (78 columns on an 80-column terminal) and keeps the last ones: a cue of five lines, or one unbroken
    /// word of 200,000 characters, is warned about (the word counted only a few lines past the box, at once).
    @Test func aCueLongerThanTheSubtitleBoxIsReported() {
        func cue(_ text: String) -> SubtitleCue { SubtitleCue(index: 1, startMs: 0, endMs: 3_600_000, text: text, line: 1) }
        let linter = SubtitleLinter()
        let fits = linter.lint([cue("one\ntwo\nthree")])
        expectTrue(fits.isEmpty, "\(fits)")
        expectEqual(linter.lint([cue("one\ntwo\nthree\nfour\nfive")]).map(\.message),
                    ["cue needs 5 lines on an 80-column terminal; the player shows 3 (its start is cut): split it into shorter cues"])
        // (It reads too fast, too: 55 characters a second.)
        let word = linter.lint([cue(String(repeating: "x", count: 200_000))]).map(\.message).filter { $0.contains(" lines on an ") }
        expectEqual(word.count, 1)
        expectTrue(word.first?.hasPrefix("cue needs more than 8 lines on an 80-column terminal") == true, "\(word)")
    }
}
