import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The crashes of issue 13 found in tour.json (C4, C5), each with the input that found it, at the decoder that now refuses it,
/// and the checks that keep outside numbers and strings in range where they enter.
@Suite struct HostileInputTests {
    func json(_ text: String) throws -> JSONValue { try JSONParser().parse(text) }

    /// The sample tour's `tour.json`, with `edit` applied.
    func sampleTour(_ edit: (inout JSONValue) -> Void) throws -> TourDecoding {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/../../tours/torino-portici/tour.json"
        var root = try JSONParser().parse([UInt8](try #require(FileManager.default.contents(atPath: path))))
        edit(&root)
        return TourDecoder(file: "tour.json").decode(root)
    }

    // MARK: C4, C5 tour.json numbers

    @Test func c4DurationOf1e308IsAnError() throws {
        let decoded = try sampleTour { $0.setMember("durationMinutes", to: .number("1e308")) }
        expectTrue(decoded.diagnostics.map(\.description).contains("tour.json: durationMinutes: error: expected a number of minutes from 0 to 10080 (one week), got 1e+308"))
        let distance = try sampleTour { $0.setMember("distanceKm", to: .number("1e308")) }
        expectTrue(distance.diagnostics.contains { $0.location == "distanceKm" && $0.severity == .error })
    }

    @Test func c5FileSizeOfIntMaxIsAnError() throws {
        let decoded = try sampleTour { root in
            var points = root["points"]!.arrayElements!
            var tracks = points[0]["tracks"]!
            var it = tracks["it"]!
            var audio = it["audio"]!
            audio.setMember("fileSizeBytes", to: .number("9223372036854775807"))
            it.setMember("audio", to: audio)
            tracks.setMember("it", to: it)
            points[0].setMember("tracks", to: tracks)
            root.setMember("points", to: .array(points))
        }
        expectTrue(decoded.diagnostics.contains {
            $0.location.hasSuffix("audio.fileSizeBytes") && $0.message == "expected a whole number of bytes from 0 to 2^40 (1 TiB), got the number 9223372036854775807"
        }, "\(decoded.diagnostics)")
        // 1 TiB itself is still a size.
        let largest = try sampleTour { root in
            var points = root["points"]!.arrayElements!
            var tracks = points[0]["tracks"]!
            var it = tracks["it"]!
            var audio = it["audio"]!
            audio.setMember("fileSizeBytes", to: .integer(1 << 40))
            it.setMember("audio", to: audio)
            tracks.setMember("it", to: it)
            points[0].setMember("tracks", to: tracks)
            root.setMember("points", to: .array(points))
        }
        expectTrue(!largest.diagnostics.contains { $0.location.hasSuffix("fileSizeBytes") })
    }

    @Test func triggerRadiusIsBounded() throws {
        let decoded = try sampleTour { root in
            var points = root["points"]!.arrayElements!
            points[0].setMember("triggerRadiusMeters", to: .number("1e300"))
            root.setMember("points", to: .array(points))
        }
        expectTrue(decoded.diagnostics.contains { $0.location == "points[0].triggerRadiusMeters" && $0.severity == .error })
    }

    // MARK: warnings capped

    @Test func cappedListKeepsTheFirstAndCountsTheRest() {
        var list = CappedList<Int>(limit: 3)
        var built = 0
        for i in 0..<10 { list.append({ built += 1; return i }()) }
        expectEqual(list.items, [0, 1, 2])
        expectEqual(list.total, 10)
        expectEqual(built, 3, "items past the limit are never built")
        expectEqual(list.moreLine(), "… and 7 more warnings")
        expectTrue(CappedList<Int>.moreLine(omitted: 1) == "… and 1 more warning")
        expectTrue(CappedList<Int>(limit: 3).moreLine() == nil)
    }

    @Test func srtOfManyBadCuesKeepsTwentyWarnings() {
        var text = ""
        text.reserveCapacity(20_000 * 40)
        for i in 0..<20_000 { text += "\(i + 1)\n00:00:02,000 --> 00:00:01,000\nx\n\n" }
        let document = SRTParser().parse(Array(text.utf8))
        expectTrue(document.cues.isEmpty)
        expectEqual(document.warnings.count, 20)
        expectEqual(document.omittedWarnings, 19_980)
        expectEqual(document.warnings[0].description, "line 2: cue ends (00:00:01,000) before it starts (00:00:02,000); cue skipped")
        expectEqual(document.warnings[19].line, 78)
        let merged = SubtitleLinter().warnings(for: document)
        expectEqual(merged.items.count, 20)
        expectEqual(merged.total, 20_000)
        expectEqual(merged.moreLine(), "… and 19980 more warnings")
    }

    @Test func lintOfManyOverlapsIsCappedInLineOrder() {
        let cues = (0..<1000).map { SubtitleCue(index: $0 + 1, startMs: $0 * 10, endMs: $0 * 10 + 5000, text: "a", line: $0 * 4 + 2) }
        let all = SubtitleLinter().lint(cues)
        let capped = SubtitleLinter().lint(cues, limit: 20)
        expectEqual(capped.items, Array(all.prefix(20)))
        expectEqual(capped.total, all.count)
    }
}
