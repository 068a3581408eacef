import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// NMEA out: sentences that walkscape's reader (and gpsd, in WalkscapeLiveTests) read back with the trace's
/// positions, times, speeds and courses; speed and course derived where the trace has none.
@Suite struct NMEASentenceWriterTests {
    /// Three fixes going east 12 m a second, then standing still for two.
    static func eastward() -> Trace {
        var trace = Trace()
        let start = LatLng(lat: 45.07, lng: 7.68)
        for k in 0..<3 {
            let p = Geodesy.destination(from: start, bearing: 90, distance: Double(k) * 12)
            trace.append(time: 1_778_317_200 + Double(k), lat: p.lat, lng: p.lng, elevation: 240, accuracy: 7.5)
        }
        trace.append(time: 1_778_317_203, lat: trace.latitudes[2], lng: trace.longitudes[2], elevation: 240)
        trace.append(time: 1_778_317_204, lat: trace.latitudes[2], lng: trace.longitudes[2])
        return trace
    }

    @Test func speedAndCourseAreDerivedFromConsecutiveFixes() {
        let fixes = OutgoingFix.fixes(from: Self.eastward())
        expectEqual(fixes.count, 5)
        // The first fix takes the move to the second; the others the move from the previous.
        for k in 0..<3 {
            expectTrue(abs(fixes[k].speed - 12) < 1e-6)
            expectTrue(abs(fixes[k].course - 90) < 0.01)
            expectTrue(fixes[k].derived)
        }
        // Standing still: speed 0, the last course kept (not the bearing of GPS jitter).
        expectTrue(fixes[3].speed == 0 && fixes[4].speed == 0)
        expectTrue(abs(fixes[3].course - 90) < 0.01)
        expectTrue(abs(fixes[0].hdop - 1.5) < 1e-6)  // accuracy 7.5 m ÷ 5
        expectTrue(fixes[4].hdop.isNaN && fixes[4].altitude.isNaN)
    }

    @Test func reportedSpeedAndCourseWin() {
        var trace = Trace()
        trace.append(time: 100, lat: 10, lng: 10, hdop: 0.9, speed: 1.5, course: 359.5)
        trace.append(time: 101, lat: 10.001, lng: 10, speed: 2, course: -10)
        let fixes = OutgoingFix.fixes(from: trace)
        expectTrue(fixes[0].speed == 1.5 && fixes[0].course == 359.5 && !fixes[0].derived)
        expectEqual(fixes[1].course, 350)  // normalised into 0 ..< 360
        expectTrue(abs(fixes[0].hdop - 0.9) < 1e-6)
    }

    @Test func aLoneFixStandsStillWithoutCourse() {
        var trace = Trace()
        trace.append(time: 100, lat: 10, lng: 10)
        let fix = OutgoingFix.fixes(from: trace)[0]
        expectTrue(fix.speed == 0 && fix.course.isNaN)
        expectTrue(NMEASentenceWriter.rmc(fix).contains(",0.00,,"))  // empty course field, not "nan"
    }

    @Test func aNewSegmentDoesNotTakeItsSpeedFromTheGap() {
        var trace = Self.eastward()
        trace.startSegment()
        trace.append(time: 1_778_317_300, lat: 46, lng: 8)  // far away, 96 s later
        trace.append(time: 1_778_317_302, lat: 46.0001, lng: 8)
        let fixes = OutgoingFix.fixes(from: trace)
        expectTrue(abs(fixes[5].speed - fixes[6].speed) < 1e-9)
        expectTrue(abs(fixes[5].speed - Geodesy.distance(LatLng(lat: 46, lng: 8), LatLng(lat: 46.0001, lng: 8)) / 2) < 1e-9)
        expectTrue(abs(fixes[5].course) < 0.01 || abs(fixes[5].course - 360) < 0.01)
    }

    @Test func sentencesHaveTheReceiverFieldsAndValidChecksums() {
        let fix = OutgoingFix(time: 1_778_317_200.25, lat: -33.8567844, lng: -70.6482, altitude: 512.5, speed: 1.4, course: 271.26, hdop: 0.8)
        let gga = NMEASentenceWriter.gga(fix)
        let rmc = NMEASentenceWriter.rmc(fix)
        expectEqual(gga, "$GPGGA,090000.25,3351.40706,S,07038.89200,W,1,08,0.8,512.5,M,,M,,*" + NMEASentenceWriter.checksum(gga.dropFirst().prefix { $0 != "*" }) + "\r\n")
        expectTrue(rmc.hasPrefix("$GPRMC,090000.25,A,3351.40706,S,07038.89200,W,2.72,271.3,090526,,,A*"))
        for line in [gga, rmc] {
            let body = line.dropFirst().prefix { $0 != "*" }
            var sum: UInt8 = 0
            for byte in body.utf8 { sum ^= byte }
            expectTrue(line.hasSuffix(String(format: "*%02X\r\n", sum)))
            expectTrue(line.utf8.count <= 82)  // NMEA 0183's longest sentence
        }
    }

    @Test func synthNMEAReadsBackWithSpeedAndCourse() throws {
        let trace = Self.eastward()
        let text = TraceWriter.nmea(trace)
        var parser = NMEAParser()
        let back = try parser.parse(Array(text.utf8)).0
        expectEqual(back.count, trace.count)
        for i in 0..<3 {
            expectTrue(abs(Double(back.speeds[i]) - 12) < 0.006)  // 0.01 knot
            expectTrue(abs(Double(back.courses[i]) - 90) < 0.051)
            expectTrue(abs(back.times[i] - trace.times[i]) < 0.005)
        }
        expectTrue(abs(back.effectiveAccuracy(0) - 7.5) < 0.26)
    }

    @Test func xcodeGPXHasOneTimedWaypointPerFix() throws {
        var trace = Self.eastward()
        trace.times[1] += 0.5
        let text = TraceWriter.xcodeGPX(trace, name: "a & b")
        expectTrue(XMLParser(data: Data(text.utf8)).parse())
        expectEqual(text.components(separatedBy: "<wpt ").count - 1, trace.count)
        expectContains(text, "<time>2026-05-09T09:00:00Z</time>")
        expectContains(text, "<time>2026-05-09T09:00:01.500Z</time>")
        expectContains(text, "<name>a &amp; b</name>")
        expectTrue(!text.contains("<trk"))
    }
}
