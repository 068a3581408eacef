import Foundation
import Testing
@testable import WalkscapeCore

/// The crashes of issue 13 (C1–C6), each with the input that found it, at the decoder that now refuses it,
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

    // MARK: C1 NMEA

    @Test func c1NMEATimeOfTwentyFiveDigitsIsAMalformedSentence() throws {
        let line = "$GPRMC,0900000000000000000000000,A,4503.7770,N,00740.7280,E,2.5,45.0,090526,,,A"
        let (trace, summary) = try TraceNMEAParserTests.parse([line, TraceNMEAParserTests.sentence("GPRMC,090001.00,A,4503.7770,N,00740.7280,E,2.5,45.0,090526,,,A")])
        #expect(trace.count == 1)
        #expect(summary.warnings.contains { $0.hasPrefix("skipped 1 RMC, GGA, GLL, GNS or ZDA sentence with unreadable fields (first at line 1)") })
    }

    @Test func nmeaTimeOfDayAcceptsOnlyHHMMSSAndAFraction() {
        func time(_ text: String) -> Double? { NMEAParser.timeOfDay(ArraySlice(Array(text.utf8))) }
        #expect(time("123519") == 45_319)
        #expect(time("123519.50") == 45_319.5)
        #expect(time("0900000000000000000000000") == nil)
        #expect(time("123519e5") == nil)
        #expect(time("12351.9") == nil)
        #expect(time("123519.") == 45_319)
        #expect(time("235960.999") != nil)
        #expect(time("240000") == nil)
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
        #expect(trace.count == 3)
        #expect(summary.timedFixes == 2)
        #expect(trace.times[2] > 1_778_317_201 && trace.times[2] < 1_778_317_221)
        #expect(summary.warnings == [
            "read 1 time outside 1980–2100 as missing (a clock or unit error?): its fix is kept and timed as untimed fixes are (first at the feature, coordinate 3)",
            "1 fix without a time (first at the feature, coordinate 3): timed 0 between timed neighbours by distance along the path, 1 before the first or after the last timed fix at 1.20 m/s",
        ])
    }

    @Test func c3GeoJSONTimeOf1e308AndEpochZeroAreReadAsMissing() throws {
        let (trace, summary) = try TraceGeoJSONParserTests.parse(Self.geojson(times: "[0, 1778317200000, 1e308]"))
        #expect(trace.count == 3)
        #expect(summary.warnings.first?.hasPrefix("read 2 times outside 1980–2100 as missing") == true)
    }

    @Test func gpxAndNMEAShareTheTimeRange() throws {
        let (trace, summary) = try TraceTesting.gpx("""
            <gpx version="1.1" creator="t"><trk><trkseg>
            <trkpt lat="45" lon="7"><time>1970-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="45" lon="7.001"><time>2026-05-09T09:00:00Z</time></trkpt>
            <trkpt lat="45" lon="7.002"><time>2100-01-01T00:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        #expect(trace.count == 3)
        #expect(summary.warnings.first == "read 2 times outside 1980–2100 as missing (a clock or unit error?): their fixes are kept and timed as untimed fixes are (first at line 2)")
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
        #expect(old.count == 184)
        #expect(oldSummary.timesSynthesized)
        #expect(oldSummary.warnings == [
            "read 184 times outside 1980–2100 as missing (a clock or unit error?): their fixes are kept and timed as untimed fixes are (first at line 1)",
            "no fix has a time; made up times at 1.20 m/s along the path from 2000-01-01T00:00:00Z",
        ])
        let (stuck, stuckSummary) = try gpx((0..<50).map { _ in "2026-05-09T09:00:00Z" })
        #expect(stuck.count == 50 && stuckSummary.timesSynthesized)
        #expect(stuckSummary.warnings.first == "all 50 timed fixes have the same time, 2026-05-09T09:00:00Z: these cannot be a walk's times, so the fixes are timed as an untimed file's are")
        #expect(stuck.times.last! - stuck.times.first! > 300)
        let scrambledSeconds = (0..<60).map { $0 % 3 == 2 ? $0 - 2 : $0 + 5 }
        func minute(_ m: Int) -> String { "2026-05-09T1\(m / 60):\(m % 60 < 10 ? "0" : "")\(m % 60):00Z" }
        let (scrambled, scrambledSummary) = try gpx(scrambledSeconds.map(minute))
        #expect(scrambled.count == 60 && scrambledSummary.timesSynthesized)
        #expect(scrambledSummary.warnings.first?.hasPrefix("the time goes back at 20 of 59 steps from fix to fix") == true)
        let (backwards, backwardsSummary) = try gpx((0..<60).reversed().map(minute))
        #expect(!backwardsSummary.timesSynthesized)
        #expect(backwards.longitudes.first! > backwards.longitudes.last!)
    }

    @Test func aTraceSpanningDaysIsKeptWithOneWarning() throws {
        let (trace, summary) = try TraceGeoJSONParserTests.parse(Self.geojson(times: "[1778317200000, 1778317201000, 1778749200000]"))
        #expect(trace.count == 3)
        // The span warning comes once, beside the long-gap warning every gap over an hour gets.
        #expect(summary.warnings.filter { $0.contains("span") } == ["the fixes span 5.0 days (from 2026-05-09T09:00:00Z to 2026-05-14T09:00:00Z); a walk lasts hours: are these several recordings in one file?"])
        #expect(summary.warnings.count == 2)
        let (_, short) = try TraceGeoJSONParserTests.parse(Self.geojson(times: "[1778317200000, 1778317201000, 1778400000000]"))
        #expect(!short.warnings.contains { $0.contains("span") })
    }

    @Test func timesThatCannotBeWrittenAreNilNotAPlaceholder() {
        #expect(ISO8601Time.formatIfRepresentable(1e22) == nil)
        #expect(ISO8601Time.formatIfRepresentable(.infinity) == nil)
        #expect(ISO8601Time.formatIfRepresentable(1_778_317_200) == "2026-05-09T09:00:00Z")
    }

    // MARK: C4, C5 tour.json numbers

    @Test func c4DurationOf1e308IsAnError() throws {
        let decoded = try sampleTour { $0.setMember("durationMinutes", to: .number("1e308")) }
        #expect(decoded.diagnostics.map(\.description).contains("tour.json: durationMinutes: error: expected a number of minutes from 0 to 10080 (one week), got 1e+308"))
        let distance = try sampleTour { $0.setMember("distanceKm", to: .number("1e308")) }
        #expect(distance.diagnostics.contains { $0.location == "distanceKm" && $0.severity == .error })
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
        #expect(decoded.diagnostics.contains {
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
        #expect(!largest.diagnostics.contains { $0.location.hasSuffix("fileSizeBytes") })
    }

    @Test func triggerRadiusIsBounded() throws {
        let decoded = try sampleTour { root in
            var points = root["points"]!.arrayElements!
            points[0].setMember("triggerRadiusMeters", to: .number("1e300"))
            root.setMember("points", to: .array(points))
        }
        #expect(decoded.diagnostics.contains { $0.location == "points[0].triggerRadiusMeters" && $0.severity == .error })
    }

    // MARK: C6 and the API's numbers

    @Test func c6ManifestFileSizeOfIntMaxIsAFormatError() throws {
        let text = """
            {"tourId": "t", "language": "it", "version": 2, "audio": [
              {"pointId": "p1", "order": 1, "fileUrl": "a.mp3", "fileSizeBytes": 9223372036854775807}],
             "images": [], "subtitles": []}
            """
        let error = try #require(throws: RemoteFormatError.self) { try RemoteManifest(json(text), language: "it") }
        #expect(error.description == "manifest (it): audio[0].fileSizeBytes: expected a whole number of bytes from 0 to 2^40 (1 TiB), got the number 9223372036854775807")
    }

    @Test func remoteDurationsAndVoucherCountsAreBounded() throws {
        let list = #"[{"id": "a", "slug": "a", "title": "A", "city": "X", "durationMinutes": 1e308, "distanceKm": 1, "languages": ["it"], "isProtected": false}]"#
        let error = try #require(throws: RemoteFormatError.self) { try RemoteTourSummary.decodeList(json(list)) }
        #expect(error.description.contains("[0].durationMinutes: expected a number of minutes from 0 to 10080 or null, got the number 1e308"), "\(error)")
        let voucher = try #require(throws: RemoteFormatError.self) { try RemoteVoucherAnswer(json(#"{"valid": true, "maxUses": 1e308}"#)) }
        #expect(voucher.description.contains("maxUses: expected a whole number from 0 to 10^9 or null"))
        #expect(try RemoteVoucherAnswer(json(#"{"valid": true, "maxUses": 5.0, "usesSoFar": 1}"#)).maxUses == 5)
    }

    // MARK: E2 strings from a server

    @Test func e2ServerStringsAreSanitisedWhereTheyEnter() throws {
        let list = #"[{"id": "a", "slug": "x\u001b[2J", "title": {"it": "T\u001b]52;c;ZXZpbA==\u0007itolo"}, "city": "X\u009b31m", "durationMinutes": 5, "distanceKm": 1, "languages": ["it"], "isProtected": false}]"#
        let tour = try #require(try RemoteTourSummary.decodeList(json(list)).first)
        #expect(tour.slug == "x")
        #expect(tour.city == "X31m")
        #expect(tour.title.entries.map(\.text) == ["Titolo"])
    }

    // MARK: warnings capped

    @Test func cappedListKeepsTheFirstAndCountsTheRest() {
        var list = CappedList<Int>(limit: 3)
        var built = 0
        for i in 0..<10 { list.append({ built += 1; return i }()) }
        #expect(list.items == [0, 1, 2])
        #expect(list.total == 10)
        #expect(built == 3, "items past the limit are never built")
        #expect(list.moreLine() == "… and 7 more warnings")
        #expect(CappedList<Int>.moreLine(omitted: 1) == "… and 1 more warning")
        #expect(CappedList<Int>(limit: 3).moreLine() == nil)
    }

    @Test func srtOfManyBadCuesKeepsTwentyWarnings() {
        var text = ""
        text.reserveCapacity(20_000 * 40)
        for i in 0..<20_000 { text += "\(i + 1)\n00:00:02,000 --> 00:00:01,000\nx\n\n" }
        let document = SRTParser().parse(Array(text.utf8))
        #expect(document.cues.isEmpty)
        #expect(document.warnings.count == 20)
        #expect(document.omittedWarnings == 19_980)
        #expect(document.warnings[0].description == "line 2: cue ends (00:00:01,000) before it starts (00:00:02,000); cue skipped")
        #expect(document.warnings[19].line == 78)
        let merged = SubtitleLinter().warnings(for: document)
        #expect(merged.items.count == 20)
        #expect(merged.total == 20_000)
        #expect(merged.moreLine() == "… and 19980 more warnings")
    }

    @Test func lintOfManyOverlapsIsCappedInLineOrder() {
        let cues = (0..<1000).map { SubtitleCue(index: $0 + 1, startMs: $0 * 10, endMs: $0 * 10 + 5000, text: "a", line: $0 * 4 + 2) }
        let all = SubtitleLinter().lint(cues)
        let capped = SubtitleLinter().lint(cues, limit: 20)
        #expect(capped.items == Array(all.prefix(20)))
        #expect(capped.total == all.count)
    }
}
