import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// KML read by the GPX scanner: `gx:Track` (times paired with positions), `LineString` coordinates streamed
/// in, `Point`s as waypoints.
@Suite struct TraceKMLParserTests {
    static func read(_ text: String, chunk: Int? = nil) throws -> (Trace, TraceSummary) {
        var parser = GPXStreamParser()
        let bytes = Array(text.utf8)
        guard let chunk else { return try parser.parse(bytes) }
        var start = 0
        while start < bytes.count {
            try parser.feed(Array(bytes[start..<min(bytes.count, start + chunk)]))
            start += chunk
        }
        return try parser.finish()
    }

    static let gxTrack = """
        <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>
        <Placemark><Point><coordinates>7.6,45.0</coordinates></Point></Placemark>
        <Placemark><gx:Track>
        <when>2026-05-09T09:00:00Z</when><when>2026-05-09T09:00:02Z</when>
        <gx:coord>7.6788 45.06295 239</gx:coord><gx:coord>7.6789 45.06300</gx:coord>
        </gx:Track></Placemark></Document></kml>
        """

    @Test func aGxTrackPairsItsTimesWithItsPositions() throws {
        let (trace, summary) = try Self.read(Self.gxTrack)
        expectEqual(summary.format, .kml)
        expectTrue(trace.longitudes == [7.6788, 7.6789] && trace.latitudes == [45.06295, 45.063])
        expectEqual(trace.times, [ISO8601Time.parse("2026-05-09T09:00:00Z")!, ISO8601Time.parse("2026-05-09T09:00:02Z")!])
        expectTrue(trace.elevations[0] == 239 && trace.elevations[1].isNaN)
        expectTrue(summary.tracks == 1 && summary.waypoints == 1 && summary.warnings.isEmpty)
    }

    @Test func lineStringCoordinatesReadTheSameInChunksOfAnySize() throws {
        let coordinates = (0..<2000).map { "7.\(6000 + $0),45.\(60000 + $0),\($0 % 7)" }.joined(separator: "\n  ")
        let text = "<kml><Placemark><LineString><coordinates>\n  \(coordinates)\n</coordinates></LineString></Placemark></kml>"
        let (whole, summary) = try Self.read(text)
        expectTrue(whole.count == 2000 && summary.timesSynthesized)
        expectTrue(whole.longitudes[1999] == 7.7999 && whole.latitudes[1999] == 45.61999)
        for chunk in [1, 7, 4096] {
            let (pieces, _) = try Self.read(text, chunk: chunk)
            expectTrue(pieces.isIdentical(to: whole), "chunks of \(chunk)")
        }
    }

    @Test func timesThatDoNotMatchThePositionsAreIgnoredWithAWarning() throws {
        let text = "<kml><Placemark><gx:Track><when>2026-05-09T09:00:00Z</when><gx:coord>7 45</gx:coord><gx:coord>7.001 45</gx:coord></gx:Track></Placemark></kml>"
        let (trace, summary) = try Self.read(text)
        expectTrue(trace.count == 2 && summary.timesSynthesized)
        expectEqual(summary.warnings.first, "ignored the times of 1 line string whose time list does not match its coordinates (first at line 1: 1 <when> for 2 <gx:coord>)")
    }

    @Test func badCoordinatesAreDroppedAndCounted() throws {
        let text = "<kml><Placemark><LineString><coordinates>7,45 north,45 7,95 7.001,45</coordinates></LineString></Placemark></kml>"
        let (trace, summary) = try Self.read(text)
        expectEqual(trace.count, 2)
        expectTrue(summary.warnings.contains("dropped 1 fix with coordinates that are not numbers (first at line 1)"))
        expectTrue(summary.warnings.contains("dropped 1 fix with out-of-range coordinates (first at line 1)"))
    }

    @Test func kmlIsToldByContentAndByExtension() {
        expectEqual(TraceFormat.detect(prefix: Array("<?xml version=\"1.0\"?>\n<kml xmlns=\"…\">".utf8), fileName: "walk"), .kml)
        expectEqual(TraceFormat.detect(prefix: Array("<?xml version=\"1.0\"?>\n<gpx><!-- <kml> -->".utf8), fileName: "walk.kml"), .gpx)
        expectEqual(TraceFormat.detect(prefix: [], fileName: "walk.KML"), .kml)
    }

    @Test func writtenKMLReadsBackTheSameFixes() throws {
        var trace = Trace()
        for k in 0..<5 { trace.append(time: 1_778_317_200 + Double(k) * 1.5, lat: Double("45.06\(290 + k)")!, lng: 7.6788, elevation: k == 2 ? .nan : 239) }
        trace.segmentStarts = [0, 3]
        let (back, summary) = try Self.read(TraceWriter.kml(trace, name: "walk & talk"))
        expectTrue(back.isIdentical(to: trace))
        expectEqual(summary.tracks, 2)
    }
}
