import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

@Suite struct TraceISO8601Tests {
    @Test func parsesTheFormsGPSFilesUse() {
        let base = 1_778_317_200.0 // 2026-05-09T09:00:00Z, computed with Python's datetime
        expectEqual(ISO8601Time.parse("2026-05-09T09:00:00Z"), base)
        expectEqual(ISO8601Time.parse("2026-05-09t09:00:00z"), base)
        expectEqual(ISO8601Time.parse("2026-05-09 09:00:00Z"), base)
        expectEqual(ISO8601Time.parse("2026-05-09T11:00:00+02:00"), base)
        expectEqual(ISO8601Time.parse("2026-05-09T11:00:00+0200"), base)
        expectEqual(ISO8601Time.parse("2026-05-09T11:00:00+02"), base)
        expectEqual(ISO8601Time.parse("2026-05-09T04:30:00-04:30"), base)
        expectEqual(ISO8601Time.parse("2026-05-09T09:00Z"), base)
        expectEqual(ISO8601Time.parse("  2026-05-09T09:00:00Z\n"), base)
        expectEqual(ISO8601Time.parse("2026-05-09T09:00:00.5Z"), base + 0.5)
        expectEqual(ISO8601Time.parse("2026-05-09T09:00:00,25Z"), base + 0.25)
        expectEqual(ISO8601Time.parse("2026-05-09T09:00:00.123456789123Z"), base + 0.123456789)
        expectEqual(ISO8601Time.parse("1970-01-01T00:00:00Z"), 0)
        expectEqual(ISO8601Time.parse("1901-12-13T20:45:52Z"), -2_147_483_648)
        expectEqual(ISO8601Time.parse("2000-02-29T00:00:00Z"), 951_782_400)
        expectEqual(ISO8601Time.parse("2016-12-31T23:59:60Z"), ISO8601Time.parse("2017-01-01T00:00:00Z"))
    }

    @Test func tellsWhetherAZoneWasGiven() {
        var text = "2026-05-09T09:00:00"
        let parsed = text.withUTF8 { ISO8601Time.parseDetailed($0) }
        expectEqual(parsed, ISO8601Time.Parsed(seconds: 1_778_317_200, hasZone: false))
        var zoned = "2026-05-09T09:00:00Z"
        expectTrue(zoned.withUTF8 { ISO8601Time.parseDetailed($0) }?.hasZone == true)
    }

    @Test func refusesWhatIsNotADateTime() {
        for bad in ["", "2026-05-09", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
                    "2026-05-09T24:00:00Z", "2026-05-09T09:60:00Z", "2026-05-09T09:00:61Z", "2026-05-09T09:00:00.Z",
                    "2026-05-09T09:00:00+2", "2026-05-09T09:00:00+24:00", "2026-05-09T09:00:00Zjunk", "26-05-09T09:00:00Z",
                    "2026/05/09T09:00:00Z", "yesterday at nine", "2026-05-09T09:00:00 Z"] {
            expectTrue(ISO8601Time.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func formatsWholeSecondsAndMilliseconds() {
        expectEqual(ISO8601Time.format(1_778_317_200), "2026-05-09T09:00:00Z")
        expectEqual(ISO8601Time.format(1_778_317_200.25), "2026-05-09T09:00:00.250Z")
        expectEqual(ISO8601Time.format(1_778_317_200.0004), "2026-05-09T09:00:00Z")
        expectEqual(ISO8601Time.format(-2_147_483_647.7926563), "1901-12-13T20:45:52.207Z")
        expectEqual(ISO8601Time.format(951_782_400), "2000-02-29T00:00:00Z")
        expectEqual(ISO8601Time.format(-0.5), "1969-12-31T23:59:59.500Z")
    }

    @Test func formatThenParseRoundTrips() {
        var generator = SplitMix64(seed: 1)
        for _ in 0..<1000 {
            let millis = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
            let seconds = Double(millis) / 1000
            let text = ISO8601Time.format(seconds)
            expectEqual(ISO8601Time.parse(text).map { abs($0 - seconds) < 1e-6 }, true, "\(text)")
        }
    }
}
