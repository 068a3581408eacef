import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// An audio asset's optional `durationSeconds`: read when sane, one error otherwise.
@Suite struct AssetDurationTests {
    func decode(_ duration: String) -> TourDecoding {
        let json = sampleTourJSON.replacingOccurrences(of: "\"file\": \"audio/en/1.mp3\"", with: "\"file\": \"audio/en/1.mp3\", \"durationSeconds\": \(duration)")
        return TourDecoder(file: "tour.json").decode(try! JSONParser().parse(json))
    }

    @Test func aSaneLengthIsRead() throws {
        let result = decode("61.5")
        expectTrue(result.diagnostics.isEmpty, "\(messages(result.diagnostics))")
        expectTrue(result.tour?.points.first?.track("en")?.audio.durationSeconds == 61.5)
        expectTrue(result.tour?.points.first?.track("it")?.audio.durationSeconds == nil)
    }

    @Test(arguments: ["-1", "1e9", "\"60\"", "null"])
    func anInsaneLengthIsOneError(_ value: String) {
        let result = decode(value)
        let lines = messages(result.diagnostics)
        expectEqual(lines.count, 1, "\(lines)")
        expectTrue(lines.first?.hasPrefix("points[1].tracks.en.audio.durationSeconds: error: expected the recording's length in seconds, from 0 to 86400, got ") == true, "\(lines)")
    }
}
