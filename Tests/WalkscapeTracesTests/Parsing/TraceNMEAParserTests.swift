import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

@Suite struct TraceNMEAParserTests {
    /// `$body*hh` with the right checksum.
    static func sentence(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(sum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" : "")\(hex)"
    }

    static func parse(_ lines: [String], chunk: Int = .max) throws -> (Trace, TraceSummary) {
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        var parser = NMEAParser()
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            try parser.feed(Array(bytes[offset..<end]))
            offset = end
        }
        return try parser.finish()
    }

    @Test func rmcGivesPositionAndTimeAndGGAAddsHdopAndElevation() throws {
        let (trace, summary) = try Self.parse([
            Self.sentence("GPGGA,123519.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            Self.sentence("GPRMC,123519.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
            Self.sentence("GNRMC,123520.50,A,4807.038,S,01131.000,W,0.0,,230394,,,A"),
            Self.sentence("GNGGA,123520.50,4807.038,S,01131.000,W,2,08,1.5,12.0,M,46.9,M,,"),
        ])
        expectEqual(summary.format, .nmea)
        expectEqual(summary.fixes, 2)
        expectTrue(summary.tracks == 1 && summary.segments == 1)
        expectTrue(abs(trace.latitudes[0] - (48 + 7.038 / 60)) < 1e-12)
        expectTrue(abs(trace.longitudes[0] - (11 + 31.0 / 60)) < 1e-12)
        expectTrue(trace.latitudes[1] < 0 && trace.longitudes[1] < 0)
        expectEqual(trace.times[0], ISO8601Time.parse("1994-03-23T12:35:19Z"))
        expectEqual(trace.times[1], ISO8601Time.parse("1994-03-23T12:35:20.5Z"))
        expectEqual(trace.hdops, [0.9, 1.5])
        expectEqual(trace.elevations, [545.4, 12.0])
        expectTrue(abs(Double(trace.speeds[0]) - 22.4 * 1852 / 3600) < 1e-4)
        expectEqual(trace.courses[0], 84.4)
        expectTrue(trace.courses[1].isNaN)
        expectTrue(summary.warnings.isEmpty)
    }

    @Test func badChecksumsVoidFixesAndJunkAreSkippedAndCounted() throws {
        let good = Self.sentence("GPRMC,000001,A,4500.000,N,00700.000,E,0,0,010126,,")
        var bad = Self.sentence("GPRMC,000002,A,4500.000,N,00700.000,E,0,0,010126,,")
        bad = String(bad.dropLast(2)) + (bad.hasSuffix("00") ? "01" : "00")
        let (trace, summary) = try Self.parse([
            good, bad,
            Self.sentence("GPRMC,000003,V,4500.000,N,00700.000,E,0,0,010126,,"),
            Self.sentence("GPRMC,000004,A,4500.000,N,00700.000,E,0,0,010126,,,N"),
            "garbage line",
            "$GPRMC,000005,A,4500.000,N,00700.000,E,0,0,010126,,",   // no checksum: accepted
            Self.sentence("GPRMC,000006,A,9500.000,N,00700.000,E,0,0,010126,,"),
            Self.sentence("GPRMC,000007,A,,,,,0,0,010126,,"),
            Self.sentence("GPRMC,000008,A,4500.000,N,00700.000,E,0,0,320126,,"),
            Self.sentence("GPGSV,3,1,11,03,03,111,00"),
            "12:00:01 " + Self.sentence("GPRMC,000009,A,4500.000,N,00700.000,E,0,0,010126,,"),
        ])
        expectEqual(trace.count, 3)
        expectEqual(trace.times, [1, 5, 9].map { ISO8601Time.parse("2026-01-01T00:00:00Z")! + Double($0) })
        expectEqual(summary.warnings, [
            "skipped 1 sentence with a bad checksum (first at line 2)",
            "skipped 2 sentences that report no satellite fix (RMC or GLL status V, GGA quality 0, GNS mode N) (first at line 3)",
            "ignored 1 line that is not an NMEA sentence (first at line 5)",
            "dropped 1 fix with out-of-range coordinates (first at line 7)",
            "dropped 1 fix without lat/lon coordinates (first at line 8)",
            "skipped 1 RMC, GGA, GLL, GNS or ZDA sentence with unreadable fields (first at line 9)",
        ])
    }

    @Test func chunkingDoesNotMatter() throws {
        let lines = (0..<30).map { Self.sentence(String(format: "GPRMC,0000%02d,A,4500.%03d,N,00700.000,E,1.0,90.0,010126,,", $0, $0)) }
        let whole = try Self.parse(lines)
        for chunk in [1, 2, 7, 64] {
            let parts = try Self.parse(lines, chunk: chunk)
            expectTrue(parts.0.isIdentical(to: whole.0))
            expectEqual(parts.1, whole.1)
        }
        expectEqual(whole.0.count, 30)
    }

    @Test func twoDigitYearsAndMidnight() throws {
        let (trace, _) = try Self.parse([
            Self.sentence("GPRMC,235959,A,4500.000,N,00700.000,E,0,0,311299,,"),
            Self.sentence("GPRMC,000000,A,4500.000,N,00700.000,E,0,0,010100,,"),
            Self.sentence("GPRMC,000000,A,4500.000,N,00700.000,E,0,0,010180,,"),
        ])
        expectEqual(trace.times.map(ISO8601Time.format), ["1980-01-01T00:00:00Z", "1999-12-31T23:59:59Z", "2000-01-01T00:00:00Z"])
    }

    @Test func anOverlongLineIsNotASentence() throws {
        let (trace, summary) = try Self.parse(["$GPRMC," + String(repeating: "1", count: NMEAParser.maxLineBytes + 10), Self.sentence("GPRMC,000001,A,4500.000,N,00700.000,E,0,0,010126,,")], chunk: 100)
        expectEqual(trace.count, 1)
        expectEqual(summary.warnings, ["ignored 1 line that is not an NMEA sentence (first at line 1)"])
    }

    /// Runs of blank lines (LF, CR LF, spaces), split across chunks anywhere, only advance the line count:
    /// the fixes and the line numbers in warnings are the same as with one line each.
    @Test func blankRunsAreCountedInEveryChunkSplit() throws {
        let fix = Self.sentence("GPRMC,000001,A,4500.000,N,00700.000,E,0,0,010126,,")
        let blanks = [String](repeating: "", count: 500) + ["  ", "\t", " \r"] + [String](repeating: "", count: 500)
        let lines = [fix] + blanks + ["junk"] + blanks + [Self.sentence("GPRMC,000002,A,4500.000,N,00700.000,E,0,0,010126,,")]
        for chunk in [1, 2, 3, 7, 64, 1000, Int.max] {
            let (trace, summary) = try Self.parse(lines, chunk: chunk)
            expectEqual(trace.count, 2, "chunk \(chunk)")
            expectEqual(summary.warnings, ["ignored 1 line that is not an NMEA sentence (first at line 1005)"], "chunk \(chunk)")
        }
    }

    /// More fixes than the limit stop reading with one error that says where and what to do (memory stays
    /// bounded whatever a gzip file expands to).
    @Test func moreFixesThanTheLimitIsAnError() throws {
        let lines = (1...5).map { Self.sentence("GPRMC,00000\($0),A,4500.000,N,00700.000,E,0,0,010126,,") }
        var parser = NMEAParser(fixLimit: 4)
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        // The fifth fix's epoch ends with the input (a GGA of its second could still follow).
        let error = #expect(throws: TraceParseError.self) {
            try parser.feed(bytes)
            _ = try parser.finish()
        }
        expectTrue(error?.message == "more than 4 fixes (the next at line 5); expected at most 4, the most walkscape keeps in memory: split or thin the trace first (docs/traces.md, \"Limits\")")
        var exact = NMEAParser(fixLimit: 5)
        try exact.feed(bytes)
        try expectEqual(exact.finish().0.count, 5)
    }

    /// Many fixes sharing one time get a warning naming the time and the count.
    @Test func manyFixesSharingOneTimeAreWarnedAbout() throws {
        let same = [String](repeating: Self.sentence("GPRMC,000001,A,4500.000,N,00700.000,E,0,0,010126,,"), count: TraceNormalizer.sharedTimeWarning + 1)
        let (trace, summary) = try Self.parse(same + [Self.sentence("GPRMC,000002,A,4500.000,N,00700.000,E,0,0,010126,,")])
        expectEqual(trace.count, TraceNormalizer.sharedTimeWarning + 2)
        expectEqual(summary.warnings, ["101 fixes share the time 2026-01-01T00:00:01Z; the replay sees them all at that one instant (a logger repeating its last fix?)"])
        // Fewer, with another time after them: no warning.
        let (_, fewer) = try Self.parse(Array(same.dropFirst(2)) + [Self.sentence("GPRMC,000002,A,4500.000,N,00700.000,E,0,0,010126,,")])
        expectTrue(fewer.warnings.isEmpty)
    }
}
