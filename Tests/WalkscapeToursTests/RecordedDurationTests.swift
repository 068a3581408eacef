import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTours

/// An audio asset's `durationSeconds` (what `--allow-missing` plays when the file is absent) against the file.
@Suite struct RecordedDurationTests {
    func problems(recording seconds: Double) throws -> [String] {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try sandbox.edit { $0.modify(at: [.key("points"), .index(0), .key("tracks"), .key("en"), .key("audio")]) {
            $0.setMember("durationSeconds", to: .number(formatShortNumber(seconds)))
        } }
        return try sandbox.problems()
    }

    @Test func aLengthThatMatchesTheRecordingIsQuiet() throws {
        try expectEqual(problems(recording: 2.5), [])  // audio/en/p1.mp3: 120,000 frames at 48 kHz
        try expectEqual(problems(recording: 2.9), [])  // within half a second
    }

    @Test func aLengthThatDoesNotIsAWarning() throws {
        try expectEqual(problems(recording: 9), [
            "tour.json: points[0].tracks.en.audio.durationSeconds: warning: says 9 s, \"audio/en/p1.mp3\" lasts 2.500 s"
        ])
    }
}
