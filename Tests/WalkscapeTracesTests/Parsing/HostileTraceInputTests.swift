import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// The crashes of issue 13 found in the trace readers (C1 NMEA, C2–C3 GeoJSON times), each with the input
/// that found it, and the time range the readers share.
@Suite struct HostileTraceInputTests {
    // MARK: C1 NMEA

    @Test func c1NMEATimeOfTwentyFiveDigitsIsAMalformedSentence() throws {
        let line = "$GPRMC,0900000000000000000000000,A,4503.7770,N,00740.7280,E,2.5,45.0,090526,,,A"
        let (trace, summary) = try TraceNMEAParserTests.parse([line, TraceNMEAParserTests.sentence("GPRMC,090001.00,A,4503.7770,N,00740.7280,E,2.5,45.0,090526,,,A")])
        expectEqual(trace.count, 1)
        expectTrue(summary.warnings.contains { $0.hasPrefix("skipped 1 RMC, GGA, GLL, GNS or ZDA sentence with unreadable fields (first at line 1)") })
    }

    @Test func nmeaTimeOfDayAcceptsOnlyHHMMSSAndAFraction() {
        func time(_ text: String) -> Double? { NMEAParser.timeOfDay(ArraySlice(Array(text.utf8))) }
        expectEqual(time("123519"), 45_319)
        expectEqual(time("123519.50"), 45_319.5)
        expectTrue(time("0900000000000000000000000") == nil)
        expectTrue(time("123519e5") == nil)
        expectTrue(time("12351.9") == nil)
        expectEqual(time("123519."), 45_319)
        expectTrue(time("235960.999") != nil)
        expectTrue(time("240000") == nil)
    }

    // MARK: C2, C3 GeoJSON times

    static func geojson(times: String) -> String {
        """
        {"type": "Feature", "properties": {"coordinateProperties": {"times": \(times)}},
         "geometry": {"type": "LineString", "coordinates": [[7.6788, 45.06295], [7.6789, 45.06296], [7.679, 45.06297]]}}
        """
    }

    /// A time that cannot be true loses its time, not its position: the fix is kept and timed as untimed
    /// fixes are (here after the last timed fix, at the walking speed).
    @Test func c2GeoJSONTimeOf1e22IsReadAsMissing() throws {
        let (trace, summary) = try TraceGeoJSONParserTests.parse(Self.geojson(times: "[1778317200000, 1778317201000, 1e22]"))
        expectEqual(trace.count, 3)
        expectEqual(summary.timedFixes, 2)
        expectTrue(trace.times[2] > 1_778_317_201 && trace.times[2] < 1_778_317_221)
        expectEqual(summary.warnings, [
            "read 1 time outside 1980–2100 as missing (a clock or unit error?): its fix is kept and timed as untimed fixes are (first at the feature, coordinate 3)",
            "1 fix without a time (first at the feature, coordinate 3): timed 0 between timed neighbours by distance along the path, 1 before the first or after the last timed fix at 1.20 m/s",
        ])
    }

    @Test func c3GeoJSONTimeOf1e308AndEpochZeroAreReadAsMissing() throws {
        let (trace, summary) = try TraceGeoJSONParserTests.parse(Self.geojson(times: "[0, 1778317200000, 1e308]"))
        expectEqual(trace.count, 3)
        expectTrue(summary.warnings.first?.hasPrefix("read 2 times outside 1980–2100 as missing") == true)
    }

    @Test func gpxAndNMEAShareTheTimeRange() throws {
        let (trace, summary) = try TraceTesting.gpx("""
            <gpx version="1.1" creator="t"><trk><trkseg>
            <trkpt lat="45" lon="7"><time>1970-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="45" lon="7.001"><time>2026-05-09T09:00:00Z</time></trkpt>
            <trkpt lat="45" lon="7.002"><time>2100-01-01T00:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        expectEqual(trace.count, 3)
        expectEqual(summary.warnings.first, "read 2 times outside 1980–2100 as missing (a clock or unit error?): their fixes are kept and timed as untimed fixes are (first at line 2)")
    }

    /// A whole file timed in 1901 (gpxpy's Mojstrovka.gpx, written by GPSBabel) keeps every position, timed at
    /// the walking speed, with the reason; so does a file whose clock never ran (every fix at one time), and
    /// one whose clock is scrambled (going back at a third of the steps). A file saved backwards is only sorted.
    @Test func timesThatCannotBeTrueKeepThePositions() throws {
        func gpx(_ times: [String]) throws -> (Trace, TraceSummary) {
            let points = times.enumerated().map { "<trkpt lat=\"46.4\" lon=\"\(13.7 + Double($0.offset) * 0.0001)\"><time>\($0.element)</time></trkpt>" }
            return try TraceTesting.gpx("<gpx version=\"1.1\" creator=\"GPSBabel\"><trk><trkseg>\(points.joined())</trkseg></trk></gpx>")
        }
        let (old, oldSummary) = try gpx((0..<184).map { _ in "1901-12-13T20:45:52Z" })
        expectEqual(old.count, 184)
        expectTrue(oldSummary.timesSynthesized)
        expectEqual(oldSummary.warnings, [
            "read 184 times outside 1980–2100 as missing (a clock or unit error?): their fixes are kept and timed as untimed fixes are (first at line 1)",
            "no fix has a time; made up times at 1.20 m/s along the path from 2000-01-01T00:00:00Z",
        ])
        let (stuck, stuckSummary) = try gpx((0..<50).map { _ in "2026-05-09T09:00:00Z" })
        expectTrue(stuck.count == 50 && stuckSummary.timesSynthesized)
        expectEqual(stuckSummary.warnings.first, "all 50 timed fixes have the same time, 2026-05-09T09:00:00Z: these cannot be a walk's times, so the fixes are timed as an untimed file's are")
        expectTrue(stuck.times.last! - stuck.times.first! > 300)
        let scrambledSeconds = (0..<60).map { $0 % 3 == 2 ? $0 - 2 : $0 + 5 }
        func minute(_ m: Int) -> String { "2026-05-09T1\(m / 60):\(m % 60 < 10 ? "0" : "")\(m % 60):00Z" }
        let (scrambled, scrambledSummary) = try gpx(scrambledSeconds.map(minute))
        expectTrue(scrambled.count == 60 && scrambledSummary.timesSynthesized)
        expectTrue(scrambledSummary.warnings.first?.hasPrefix("the time goes back at 20 of 59 steps from fix to fix") == true)
        let (backwards, backwardsSummary) = try gpx((0..<60).reversed().map(minute))
        expectTrue(!backwardsSummary.timesSynthesized)
        expectTrue(backwards.longitudes.first! > backwards.longitudes.last!)
    }

    @Test func aTraceSpanningDaysIsKeptWithOneWarning() throws {
        let (trace, summary) = try TraceGeoJSONParserTests.parse(Self.geojson(times: "[1778317200000, 1778317201000, 1778749200000]"))
        expectEqual(trace.count, 3)
        // The span warning comes once, beside the long-gap warning every gap over an hour gets.
        expectEqual(summary.warnings.filter { $0.contains("span") }, ["the fixes span 5.0 days (from 2026-05-09T09:00:00Z to 2026-05-14T09:00:00Z); a walk lasts hours: are these several recordings in one file?"])
        expectEqual(summary.warnings.count, 2)
        let (_, short) = try TraceGeoJSONParserTests.parse(Self.geojson(times: "[1778317200000, 1778317201000, 1778400000000]"))
        expectTrue(!short.warnings.contains { $0.contains("span") })
    }

    @Test func timesThatCannotBeWrittenAreNilNotAPlaceholder() {
        expectTrue(ISO8601Time.formatIfRepresentable(1e22) == nil)
        expectTrue(ISO8601Time.formatIfRepresentable(.infinity) == nil)
        expectEqual(ISO8601Time.formatIfRepresentable(1_778_317_200), "2026-05-09T09:00:00Z")
    }
}
