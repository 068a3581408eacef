import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTraces
@testable import WalkscapeRemoteModel

/// GPX waypoints read as the points of a tour.
@Suite struct GPXPointReaderTests {
    @Test func waypointsWithExtensionsAndARoute() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1" xmlns:ws="https://walkscape.example/gpx">
              <metadata><name>Giro &amp; ritorno</name></metadata>
              <wpt lat="45.0703" lon="7.6869"><name>Castello</name><desc>Il centro</desc>
                <extensions><ws:order>2</ws:order><ws:radius>120</ws:radius><ws:id>castello</ws:id></extensions></wpt>
              <wpt lat="45.0686" lon="7.6935"><name>Po</name><extensions><ws:order>1</ws:order></extensions></wpt>
              <trk><trkseg><trkpt lat="45.0686" lon="7.6935"/><trkpt lat="45.0703" lon="7.6869"/></trkseg></trk>
            </gpx>
            """
        let source = try GPXPointReader.read(Data(gpx.utf8), file: "w.gpx")
        expectEqual(source.title.map(\.text), ["Giro & ritorno"])
        expectEqual(source.route, [LatLng(lat: 45.0686, lng: 7.6935), LatLng(lat: 45.0703, lng: 7.6869)])
        let ordered = try source.orderedPoints()
        expectEqual(ordered.map(\.id), ["p1", "castello"])
        expectEqual(ordered[1].point.radius, 120)
        expectEqual(ordered[1].point.description.map(\.text), ["Il centro"])
    }

    @Test func brokenFilesAreOneLine() {
        #expect(throws: TourImportError(.invalid, "w.gpx: wpt #1 (line 1): <order>zero</order>: expected a whole number from 1 (the first point) up")) {
            try GPXPointReader.read(Data("<gpx><wpt lat=\"1\" lon=\"2\"><extensions><order>zero</order></extensions></wpt></gpx>".utf8), file: "w.gpx")
        }
        #expect(throws: TourImportError("w.gpx: not a GPX file (the root element is not <gpx>)")) {
            try GPXPointReader.read(Data("<kml><Placemark/></kml>".utf8), file: "w.gpx")
        }
        do {
            _ = try GPXPointReader.read(Data("<gpx><wpt lat=\"1\" lon=\"2\">".utf8), file: "w.gpx")
            Issue.record("a cut file was read")
        } catch {
            expectTrue(error.message.hasPrefix("w.gpx: line 1: not a readable GPX file ("))
        }
    }

    /// Issue 27, item 14: a byte that is not UTF-8 in an attribute name or a comment of a 17-byte file crashed
    /// `walkscape import` inside Foundation's XML parser (SIGILL). The file is refused in one line, with the
    /// GPX reader's own message.
    @Test func bytesThatAreNotUTF8AreRefused() {
        let files: [[UInt8]] = [
            Array("<gpx><a".utf8) + [0xC4] + Array("Y/></gpx>".utf8),
            Array("<gpx><!--".utf8) + [0xC4] + Array("Y--></gpx>".utf8),
            Array("<gpx><wpt lat=\"1\" lon=\"2\"><name>".utf8) + [0xC4, 0x59] + Array("</name></wpt></gpx>".utf8),
        ]
        for bytes in files {
            do {
                _ = try GPXPointReader.read(Data(bytes), file: "x.gpx")
                Issue.record("read: \(bytes)")
            } catch {
                expectTrue(error.message.hasPrefix("x.gpx: line 1: not a readable GPX file (byte 0xC4 is not UTF-8"), "\(error.message)")
                expectTrue(!error.message.contains("\n"))
            }
        }
    }

    /// Texts are read as XML says: references and CDATA decoded, any namespace prefix, ISO-8859-1 read as
    /// such, nested markup's text kept; a `<name>` in the extensions is not the waypoint's name.
    @Test func textsAreDecoded() throws {
        let gpx = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<g:gpx xmlns:g=\"x\"><g:wpt lat=\" 45.5 \" lon=\"7&#46;25\">".utf8)
            + Array("<g:name>Caf".utf8) + [0xE9] + Array(" &amp; <![CDATA[<b>]]> &#x1F600;</g:name><desc>a<i>b</i>c</desc>".utf8)
            + Array("<extensions><x><name>not this</name><ws:triggerRadiusMeters> 80 </ws:triggerRadiusMeters></x></extensions></g:wpt></g:gpx>".utf8)
        let source = try GPXPointReader.read(Data(gpx), file: "w.gpx")
        expectEqual(source.points.count, 1)
        expectEqual(source.points[0].location, LatLng(lat: 45.5, lng: 7.25))
        expectEqual(source.points[0].title.map(\.text), ["Café & <b> 😀"])
        expectEqual(source.points[0].description.map(\.text), ["abc"])
        expectEqual(source.points[0].radius, 80)
    }

    /// The parser keeps the same waypoints, title and lines whatever pieces the file comes in.
    @Test func waypointsReadInPiecesAreTheSame() throws {
        let gpx = Array("""
            <gpx><metadata><name>T &lt;1&gt;</name></metadata><wpt lat="1" lon="2"><name>A<![CDATA[B]]>&#67;</name>
            <extensions><id>a</id><order>3</order></extensions></wpt><wpt lat="3" lon="4"/>
            <rte><rtept lat="1" lon="1"/><rtept lat="2" lon="2"/></rte></gpx>
            """.utf8)
        func read(_ size: Int) throws -> ([GPXWaypoint], String?, [[LatLng]]) {
            var parser = GPXStreamParser()
            parser.readsWaypoints = true
            var start = 0
            while start < gpx.count {
                try parser.feed(Array(gpx[start..<min(gpx.count, start + size)]))
                start += size
            }
            _ = try parser.finishDocument()
            return (parser.waypoints, parser.metadataName, parser.pointLines)
        }
        let whole = try read(gpx.count)
        expectEqual(whole.0.count, 2)
        expectTrue(whole.0.first?.name == "ABC")
        expectTrue(whole.0.first?.extensions == ["id": "a", "order": "3"])
        expectEqual(whole.1, "T <1>")
        expectEqual(whole.2, [[LatLng(lat: 1, lng: 1), LatLng(lat: 2, lng: 2)]])
        for size in [1, 2, 3, 7] {
            let pieces = try read(size)
            expectTrue(pieces.0 == whole.0 && pieces.1 == whole.1 && pieces.2 == whole.2, "pieces of \(size) bytes")
        }
    }

    /// A text longer than the parser keeps is refused, not kept whole.
    @Test func overlongTextIsRefused() {
        let name = String(repeating: "n", count: GPXStreamParser.maxWaypointTextBytes + 1)
        #expect(throws: TourImportError(.invalid, "w.gpx: wpt #1 (line 1): a text longer than 64 KiB; expected a short <name>, <desc> and extensions")) {
            try GPXPointReader.read(Data("<gpx><wpt lat=\"1\" lon=\"2\"><name>\(name)</name></wpt></gpx>".utf8), file: "w.gpx")
        }
    }
}
