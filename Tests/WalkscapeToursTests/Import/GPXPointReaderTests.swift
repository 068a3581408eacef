import Foundation
import Testing
import WalkscapeCore
import WalkscapeTours

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
        #expect(source.title.map(\.text) == ["Giro & ritorno"])
        #expect(source.route == [LatLng(lat: 45.0686, lng: 7.6935), LatLng(lat: 45.0703, lng: 7.6869)])
        let ordered = try source.orderedPoints()
        #expect(ordered.map(\.id) == ["p1", "castello"])
        #expect(ordered[1].point.radius == 120)
        #expect(ordered[1].point.description.map(\.text) == ["Il centro"])
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
            #expect(error.message.hasPrefix("w.gpx: line 1: not a readable GPX file ("))
        }
    }
}
