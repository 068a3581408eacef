import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// Helpers shared by the trace parser tests.
enum TraceTesting {
    static func gpx(_ text: String, walkSpeed: Double = 1.2) throws -> (Trace, TraceSummary) {
        var parser = GPXStreamParser(walkSpeed: walkSpeed)
        return try parser.parse(Array(text.utf8))
    }

    static func gpx(bytes: [UInt8]) throws -> (Trace, TraceSummary) {
        var parser = GPXStreamParser()
        return try parser.parse(bytes)
    }

    /// The error a GPX document gives, or nil when it parses.
    static func gpxError(_ text: String) -> TraceParseError? {
        gpxError(bytes: Array(text.utf8))
    }

    static func gpxError(bytes: [UInt8]) -> TraceParseError? {
        var parser = GPXStreamParser()
        do {
            _ = try parser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A GPX 1.1 document around `body`.
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="walkscape tests" xmlns="http://www.topografix.com/GPX/1/1">
        \(body)
        </gpx>
        """
    }

    static func time(_ text: String) -> Double { ISO8601Time.parse(text)! }
}

/// The seeded generator random chunkings use, so they are the same on every run.
typealias SeededGenerator = SplitMix64

@Suite struct TraceGPXParserTests {
    @Test func readsEveryPointOfEverySegmentOfEveryTrack() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><name>one</name>
              <trkseg>
                <trkpt lat="45.0" lon="7.0"><ele>200.5</ele><time>2026-05-09T09:00:00Z</time></trkpt>
                <trkpt lat="45.001" lon="7.0"><time>2026-05-09T09:00:01Z</time></trkpt>
              </trkseg>
              <trkseg>
                <trkpt lat="45.002" lon="7.0"><time>2026-05-09T09:00:02Z</time></trkpt>
              </trkseg>
            </trk>
            <trk><trkseg><trkpt lat="45.003" lon="7.0"><time>2026-05-09T09:00:03Z</time></trkpt></trkseg></trk>
            """))
        expectEqual(trace.count, 4)
        expectEqual(summary.fixes, 4)
        expectEqual(summary.tracks, 2)
        expectEqual(summary.segments, 3)
        expectEqual(trace.segmentStarts, [0, 2, 3])
        expectEqual(trace.latitudes, [45.0, 45.001, 45.002, 45.003])
        expectEqual(trace.times, (0..<4).map { TraceTesting.time("2026-05-09T09:00:00Z") + Double($0) })
        expectEqual(trace.elevations[0], 200.5)
        expectTrue(trace.elevations[1].isNaN)
        expectEqual(summary.firstTime, TraceTesting.time("2026-05-09T09:00:00Z"))
        expectEqual(summary.lastTime, TraceTesting.time("2026-05-09T09:00:03Z"))
        expectTrue(summary.warnings.isEmpty)
        expectTrue(!summary.usedRoutePoints && !summary.timesSynthesized)
        // Length: within segments only, in file order.
        let expected = Geodesy.distance(LatLng(lat: 45.0, lng: 7), LatLng(lat: 45.001, lng: 7))
        expectTrue(abs(summary.lengthMeters - expected) < 1e-9)
    }

    @Test func gpx10WithSpeedCourseAndHdop() throws {
        let (trace, summary) = try TraceTesting.gpx("""
            <?xml version="1.0"?>
            <gpx version="1.0" creator="x" xmlns="http://www.topografix.com/GPX/1/0">
            <trk><trkseg>
            <trkpt lat="52.330848" lon="5.541371"><ele>48.9</ele><time>2009-03-02T14:05:52Z</time><course>12.5</course><speed>1.2</speed><hdop>0.9</hdop><pdop>3.0</pdop></trkpt>
            </trkseg></trk></gpx>
            """)
        expectEqual(summary.fixes, 1)
        expectEqual(trace.speeds, [1.2])
        expectEqual(trace.courses, [12.5])
        expectEqual(trace.hdops, [0.9])
        expectTrue(trace.accuracies[0].isNaN)
        // HDOP wins over PDOP when both are present.
        expectEqual(trace.effectiveAccuracy(0), Double(Float(0.9)) * 5)
    }

    @Test func pdopStandsInForAMissingHdop() throws {
        let (trace, _) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><trkseg>
            <trkpt lat="45.1" lon="7.1"><time>2026-05-09T09:00:00Z</time><pdop>4.5</pdop><vdop>3</vdop></trkpt>
            <trkpt lat="45.1" lon="7.1"><time>2026-05-09T09:00:01Z</time></trkpt>
            </trkseg></trk>
            """))
        expectEqual(trace.hdops[0], 4.5)
        expectTrue(trace.hdops[1].isNaN)
    }

    @Test func namespacesPrefixesAndSelfClosingPoints() throws {
        let (trace, summary) = try TraceTesting.gpx("""
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1"><g:trk><g:trkseg>
            <g:trkpt lon="7.5" lat="45.5"/>
            <g:trkpt lat='45.6' lon='7.6' ><g:time>2026-01-01T00:00:00Z</g:time></g:trkpt>
            </g:trkseg></g:trk></g:gpx>
            """)
        // The self-closing point has no time while the other has one: it is timed at the walking speed
        // before the timed one, with a warning.
        expectEqual(summary.fixes, 2)
        expectEqual(trace.latitudes, [45.5, 45.6])
        expectEqual(trace.longitudes, [7.5, 7.6])
        // (Timed at 1.2 m/s from the other, 14 km away: more than an hour earlier, so a gap warning follows.)
        expectEqual(summary.warnings.first, "1 fix without a time (first at line 2): timed 0 between timed neighbours by distance along the path, 1 before the first or after the last timed fix at 1.20 m/s")
    }

    @Test func selfClosingPointsWithoutAnyTimeGetSynthesizedTimes() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><trkseg><trkpt lat="0" lon="0"/><trkpt lat="0" lon="0.001"/><trkpt lat="0" lon="0.002"/></trkseg></trk>
            """), walkSpeed: 2)
        expectTrue(summary.timesSynthesized)
        expectEqual(trace.count, 3)
        let step = Geodesy.distance(LatLng(lat: 0, lng: 0), LatLng(lat: 0, lng: 0.001))
        expectEqual(trace.times[0], TraceNormalizer.synthesizedEpoch)
        expectTrue(abs(trace.times[1] - (TraceNormalizer.synthesizedEpoch + step / 2)) < 1e-6)
        expectTrue(abs(trace.times[2] - (TraceNormalizer.synthesizedEpoch + 2 * step / 2)) < 1e-6)
        expectEqual(summary.warnings, ["no fix has a time; made up times at 2.00 m/s along the path from 2000-01-01T00:00:00Z"])
        expectEqual(ISO8601Time.format(summary.firstTime!), "2000-01-01T00:00:00Z")
    }

    @Test func routePointsWhenThereAreNoTrackPoints() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <wpt lat="1" lon="1"><name>a</name></wpt>
            <rte><name>r1</name><rtept lat="45.0" lon="7.0"/><rtept lat="45.1" lon="7.0"/></rte>
            <rte><rtept lat="45.2" lon="7.0"/></rte>
            """))
        expectTrue(summary.usedRoutePoints)
        expectEqual(summary.routes, 2)
        expectEqual(summary.routePoints, 3)
        expectEqual(summary.waypoints, 1)
        expectEqual(summary.fixes, 3)
        expectEqual(summary.tracks, 0)
        expectEqual(trace.segmentStarts, [0, 2])
        expectEqual(summary.warnings.first, "no track points; read the 3 points of 2 routes instead")
        expectTrue(summary.timesSynthesized)
    }

    @Test func routePointsAreNotFixesWhenTrackPointsExist() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <rte><rtept lat="10" lon="10"/><rtept lat="11" lon="10"/></rte>
            <trk><trkseg><trkpt lat="45" lon="7"><time>2026-05-09T09:00:00Z</time></trkpt></trkseg></trk>
            <rte><rtept lat="12" lon="10"/></rte>
            """))
        expectTrue(!summary.usedRoutePoints)
        expectEqual(summary.routes, 2)
        expectEqual(summary.routePoints, 3)
        expectEqual(trace.latitudes, [45])
    }

    @Test func waypointsAreCountedNeverFixes() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <wpt lat="45" lon="7"><time>2026-05-09T09:00:00Z</time></wpt>
            <wpt lat="46" lon="7"/>
            """))
        expectEqual(trace.count, 0)
        expectEqual(summary.waypoints, 2)
        expectEqual(summary.fixes, 0)
        expectTrue(summary.firstTime == nil)
        expectEqual(summary.replayProblem, "no track or route points to replay (2 waypoints, which are not fixes)")
    }

    @Test func timesWithOffsetsFractionsAndNoZone() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><trkseg>
            <trkpt lat="1" lon="1"><time>2015-12-11T15:43:13+01:00</time></trkpt>
            <trkpt lat="1" lon="1"><time>2015-12-11T14:43:13.9940000Z</time></trkpt>
            <trkpt lat="1" lon="1"><time>2015-12-11T14:43:14.25</time></trkpt>
            <trkpt lat="1" lon="1"><time>2015-12-11T14:43:15</time></trkpt>
            <trkpt lat="1" lon="1"><time> 2015-12-11T09:43:16-05:00 </time></trkpt>
            </trkseg></trk>
            """))
        let base = TraceTesting.time("2015-12-11T14:43:13Z")
        expectEqual(trace.times.count, 5)
        expectEqual(trace.times[0], base)
        expectTrue(abs(trace.times[1] - (base + 0.994)) < 1e-6)
        expectTrue(abs(trace.times[2] - (base + 1.25)) < 1e-6)
        expectEqual(trace.times[3], base + 2)
        expectEqual(trace.times[4], base + 3)
        // Times without a zone: read as UTC, one warning for all of them.
        expectEqual(summary.warnings, ["read 2 times without a time zone as UTC (first at line 6)"])
    }

    @Test func accuracyFromExtensionsByLocalName() throws {
        for name in GPXName.accuracyNames {
            for prefix in ["", "ext:", "opentracks:"] {
                let (trace, _) = try TraceTesting.gpx(TraceTesting.document("""
                    <trk><trkseg><trkpt lat="1" lon="1"><time>2026-05-09T09:00:00Z</time><hdop>2</hdop>
                    <extensions><wrapper><\(prefix)\(name)>7.5</\(prefix)\(name)></wrapper></extensions></trkpt></trkseg></trk>
                    """))
                expectEqual(trace.accuracies, [7.5], "\(prefix)\(name)")
                expectEqual(trace.hdops, [2])
                expectEqual(trace.effectiveAccuracy(0), 7.5)
            }
        }
    }

    @Test func speedAndCourseFromGarminExtensions() throws {
        let (trace, _) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><trkseg><trkpt lat="1" lon="1"><time>2026-05-09T09:00:00Z</time>
            <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:speed>1.31</gpxtpx:speed><gpxtpx:course>270.5</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>
            </trkpt></trkseg></trk>
            """))
        expectEqual(trace.speeds, [1.31])
        expectEqual(trace.courses, [270.5])
    }

    @Test func elementsNamedLikeGPXInsideExtensionsAreNotPoints() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <extensions><trk><trkseg><trkpt lat="1" lon="1"/></trkseg></trk><wpt lat="1" lon="1"/></extensions>
            <trk><trkseg><trkpt lat="2" lon="2"><time>2026-05-09T09:00:00Z</time>
              <extensions><time>not a time at all</time><ele>x</ele></extensions></trkpt></trkseg></trk>
            """))
        expectEqual(summary.tracks, 1)
        expectEqual(summary.waypoints, 0)
        expectEqual(trace.latitudes, [2])
        expectTrue(trace.elevations[0].isNaN)
    }

    @Test func xmlSyntaxThatMustBeAccepted() throws {
        // BOM, no declaration, comments everywhere, CDATA, CRLF, references, attributes with '>' and the other
        // quote inside, a DOCTYPE without entities, a processing instruction, UTF-8 in a name (ISO-8859-1 bytes
        // need a declaration that says so: TraceGPXErrorTests).
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array("<!-- before --><!DOCTYPE gpx SYSTEM \"gpx.dtd\"><?app setting=\"1\"?>\r\n".utf8)
        bytes += Array("<gpx creator='say \"hi\" > bye' version=\"1.1\"><metadata><name>Café".utf8)
        bytes += Array("</name><desc><![CDATA[<not a tag>]]> &amp; &#233; &#xE9;</desc></metadata>\r\n".utf8)
        bytes += Array("<trk><trkseg><!-- c --><trkpt lat=\"4&#53;.5\" lon = \"7.25\" >\r\n".utf8)
        bytes += Array("<ele><!-- c -->12<![CDATA[3]]></ele><time>2026-05-09T09:00:00Z</time></trkpt></trkseg></trk></gpx><!-- after -->\r\n".utf8)
        let (trace, summary) = try TraceTesting.gpx(bytes: bytes)
        expectEqual(summary.fixes, 1)
        expectEqual(trace.latitudes, [45.5])
        expectEqual(trace.longitudes, [7.25])
        expectEqual(trace.elevations, [123])
    }

    @Test func coordinatesOutOfRangeMissingOrNotNumbersAreDroppedAndCounted() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><trkseg>
            <trkpt lat="91" lon="7"><time>2026-05-09T09:00:00Z</time></trkpt>
            <trkpt lat="45" lon="7"><time>2026-05-09T09:00:01Z</time></trkpt>
            <trkpt lat="45" lon="180.5"><time>2026-05-09T09:00:02Z</time></trkpt>
            <trkpt lat="north" lon="7"><time>2026-05-09T09:00:03Z</time></trkpt>
            <trkpt lon="7"><time>2026-05-09T09:00:04Z</time></trkpt>
            <trkpt lat="-90" lon="-180"><time>2026-05-09T09:00:05Z</time><ele>high</ele></trkpt>
            </trkseg></trk>
            """))
        expectEqual(trace.latitudes, [45, -90])
        expectEqual(summary.warnings, [
            "dropped 2 fixes with out-of-range coordinates (first at line 4)",
            "dropped 1 fix with coordinates that are not numbers (first at line 7)",
            "dropped 1 fix without lat/lon coordinates (first at line 8)",
            "ignored 1 elevation, accuracy, speed or course value that is not a number (first at line 9)",
        ])
    }

    @Test func sortsByTimeStablyKeepingDuplicates() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><trkseg>
            <trkpt lat="3" lon="0"><time>2026-05-09T09:00:03Z</time></trkpt>
            <trkpt lat="1" lon="0"><time>2026-05-09T09:00:01Z</time></trkpt>
            <trkpt lat="2.1" lon="0"><time>2026-05-09T09:00:02Z</time></trkpt>
            <trkpt lat="2.2" lon="0"><time>2026-05-09T09:00:02Z</time></trkpt>
            </trkseg></trk>
            """))
        expectEqual(trace.latitudes, [1, 2.1, 2.2, 3])
        expectEqual(trace.times, [1, 2, 2, 3].map { TraceTesting.time("2026-05-09T09:00:00Z") + $0 })
        expectEqual(summary.warnings, ["sorted the fixes by time: 1 was earlier than the fix before in the file"])
        // The length is measured in file order: 3 → 1 → 2.1 → 2.2.
        let file = [3, 1, 2.1, 2.2].map { LatLng(lat: $0, lng: 0) }
        let expected = zip(file, file.dropFirst()).reduce(0.0) { $0 + Geodesy.distance($1.0, $1.1) }
        expectTrue(abs(summary.lengthMeters - expected) < 1e-6)
    }

    @Test func segmentsSurviveSortingWhenWholeSegmentsAreOutOfOrder() throws {
        let (trace, _) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><trkseg>
            <trkpt lat="10" lon="0"><time>2026-05-09T10:00:00Z</time></trkpt>
            <trkpt lat="11" lon="0"><time>2026-05-09T10:00:01Z</time></trkpt>
            </trkseg><trkseg>
            <trkpt lat="1" lon="0"><time>2026-05-09T09:00:00Z</time></trkpt>
            <trkpt lat="2" lon="0"><time>2026-05-09T09:00:01Z</time></trkpt>
            <trkpt lat="3" lon="0"><time>2026-05-09T09:00:02Z</time></trkpt>
            </trkseg></trk>
            """))
        expectEqual(trace.latitudes, [1, 2, 3, 10, 11])
        expectEqual(trace.segmentStarts, [0, 3])
    }

    @Test func emptySegmentsAreCountedButMakeNoSegmentStart() throws {
        let (trace, summary) = try TraceTesting.gpx(TraceTesting.document("""
            <trk><trkseg/><trkseg></trkseg><trkseg><trkpt lat="1" lon="1"><time>2026-05-09T09:00:00Z</time></trkpt></trkseg><trkseg/></trk>
            """))
        expectEqual(summary.segments, 4)
        expectEqual(trace.segmentStarts, [0])
    }

    @Test func attributesInAnyOrderAndQuoteStyle() throws {
        for attributes in [#"lat="45.5" lon="7.5""#, #"lon="7.5" lat="45.5""#, "lat='45.5' lon='7.5'", "lon = '7.5'\n lat\t=\"45.5\" extra=\"x\""] {
            let (trace, _) = try TraceTesting.gpx(TraceTesting.document("<trk><trkseg><trkpt \(attributes)><time>2026-05-09T09:00:00Z</time></trkpt></trkseg></trk>"))
            expectEqual(trace.latitudes, [45.5], "\(attributes)")
            expectEqual(trace.longitudes, [7.5], "\(attributes)")
        }
    }

    @Test func numbersAreReadExactly() throws {
        // Long and short spellings must give the correctly rounded double, like the standard library's parser.
        let spellings = ["37.241738168522716", "-122.33706000000001", "45.0629500", "1e1", "-0.5", "+7.25", ".5", "5.", "12345678901234567890.5", "0.000000000000000000000000001", "45.06295E0"]
        for text in spellings {
            let (trace, _) = try TraceTesting.gpx(TraceTesting.document("<trk><trkseg><trkpt lat=\"\(Double(text)! > 90 || Double(text)! < -90 ? "0" : text)\" lon=\"0\"><ele>\(text)</ele><time>2026-05-09T09:00:00Z</time></trkpt></trkseg></trk>"))
            if abs(Double(text)!) <= 100_000 {
                expectEqual(trace.elevations, [Float(Double(text)!)], "\(text)")
            } else {
                expectTrue(trace.elevations[0].isNaN, "\(text): an elevation out of range is ignored")
            }
            if let value = Double(text), abs(value) <= 90 { expectEqual(trace.latitudes, [value], "\(text)") }
        }
        for bad in ["", "1.2.3", "nan", "inf", "0x10", "1e", "--1", "4 5"] {
            expectTrue(ASCIINumber.parse(Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    /// Track points past the limit stop reading with one error (a small gzip file can expand to tens of
    /// millions of points), and so do route points; at the limit the file reads.
    @Test func moreFixesThanTheLimitIsAnError() throws {
        let point = "<trkpt lat=\"45\" lon=\"7\"><time>2026-05-09T09:00:00Z</time></trkpt>\n"
        let text = TraceTesting.document("<trk><trkseg>\n" + String(repeating: point, count: 6) + "</trkseg></trk>")
        var parser = GPXStreamParser(fixLimit: 5)
        let error = #expect(throws: TraceParseError.self) { _ = try parser.parse(Array(text.utf8)) }
        expectTrue(error?.message.hasPrefix("more than 5 fixes (the next at line 9") == true, "\(String(describing: error))")
        var route = GPXStreamParser(fixLimit: 2)
        let routeText = TraceTesting.document("<rte>" + String(repeating: "<rtept lat=\"45\" lon=\"7\"/>", count: 3) + "</rte>")
        #expect(throws: TraceParseError.self) { _ = try route.parse(Array(routeText.utf8)) }
        var exact = GPXStreamParser(fixLimit: 6)
        try expectEqual(exact.parse(Array(text.utf8)).0.count, 6)
    }
}
