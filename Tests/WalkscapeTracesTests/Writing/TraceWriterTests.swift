import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// Written traces read back by walkscape's own parsers give the same fixes, to the formats' precision.
@Suite struct TraceWriterTests {
    /// A walk 300 m east and 200 m south from Turin, with GPS noise and jumps, and a second segment.
    static func sample() -> Trace {
        let origin = LatLng(lat: 45.07, lng: 7.68), k = Geodesy.earthRadiusMeters * .pi / 180
        let path = [origin, LatLng(lat: origin.lat - 200 / k, lng: origin.lng + 300 / (k * cos(origin.lat * .pi / 180)))]
        var trace = SyntheticWalk(path: path, interval: 0.5, errors: GPSErrorModel(sigmaMeters: 6, jumpsPerHour: 60)).generate(seed: 5)
        // A second segment, southern and western hemispheres, elevations.
        trace.startSegment()
        trace.append(time: trace.times.last! + 10, lat: -33.8567844, lng: -70.6482, elevation: 512.5, accuracy: 4.5)
        trace.append(time: trace.times.last! + 1.25, lat: -33.8568, lng: -70.64825, elevation: 513, accuracy: 5)
        return trace
    }

    static func read(_ text: String, as format: TraceFormat) throws -> Trace {
        switch format {
        case .gpx, .kml:
            var parser = GPXStreamParser()
            return try parser.parse(Array(text.utf8)).0
        case .nmea:
            var parser = NMEAParser()
            return try parser.parse(Array(text.utf8)).0
        case .geojson:
            var parser = GeoJSONTraceParser()
            return try parser.parse(Array(text.utf8)).0
        }
    }

    @Test(arguments: TraceFormat.allCases)
    func writtenTracesReadBackTheSame(format: TraceFormat) throws {
        let trace = Self.sample()
        let back = try Self.read(TraceWriter.write(trace, format: format, name: "round & trip <1>", description: "a \"test\""), as: format)
        expectEqual(back.count, trace.count)
        let positionTolerance = format == .nmea ? 2e-7 : 6e-8
        let timeTolerance = format == .nmea ? 0.005 : 0.0005
        for i in 0..<trace.count {
            expectTrue(abs(back.latitudes[i] - trace.latitudes[i]) < positionTolerance)
            expectTrue(abs(back.longitudes[i] - trace.longitudes[i]) < positionTolerance)
            expectTrue(abs(back.times[i] - trace.times[i]) <= timeTolerance)
            if !trace.elevations[i].isNaN { expectTrue(abs(back.elevations[i] - trace.elevations[i]) < 0.051) }
            switch format {
            case .gpx: expectTrue(abs(back.effectiveAccuracy(i) - trace.effectiveAccuracy(i)) < 0.051)
            case .nmea: expectTrue(abs(back.effectiveAccuracy(i) - trace.effectiveAccuracy(i)) < 0.26)  // HDOP to 0.1 × 5 m
            case .geojson, .kml: break
            }
        }
        if format != .nmea { expectEqual(back.segmentStarts, trace.segmentStarts) }
    }

    @Test func gpxIsWellFormedXMLWithEscapedText() throws {
        let text = TraceWriter.gpx(Self.sample(), name: "a & b <c>", description: "\"quoted\"")
        expectTrue(XMLParser(data: Data(text.utf8)).parse())
        expectContains(text, "<name>a &amp; b &lt;c&gt;</name>")
    }

    @Test func nmeaSentencesCarryValidChecksums() {
        for line in TraceWriter.nmea(Self.sample()).split(separator: "\r\n") {
            let body = line.dropFirst().prefix { $0 != "*" }
            var sum: UInt8 = 0
            for byte in body.utf8 { sum ^= byte }
            expectTrue(line.hasSuffix(String(format: "*%02X", sum)))
        }
    }
}
