import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

@Suite struct TraceGeoJSONParserTests {
    static func parse(_ text: String) throws -> (Trace, TraceSummary) {
        var parser = GeoJSONTraceParser()
        return try parser.parse(Array(text.utf8))
    }

    static func error(_ text: String) -> TraceParseError? {
        var parser = GeoJSONTraceParser()
        do {
            _ = try parser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func featureCollectionWithLineStringTimesAndPoints() throws {
        let (trace, summary) = try Self.parse("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [7.0, 45.0]}},
              {"type": "Feature", "properties": {"coordTimes": ["2026-05-09T09:00:00Z", "2026-05-09T09:00:01.5Z", "2026-05-09T11:00:02+02:00"]},
               "geometry": {"type": "LineString", "coordinates": [[7.0, 45.0, 200], [7.0001, 45.0, 201.5], [7.0002, 45.0]]}},
              {"type": "Feature", "properties": null, "geometry": {"type": "MultiPoint", "coordinates": [[1, 1], [2, 2]]}}
            ]}
            """)
        let t0 = ISO8601Time.parse("2026-05-09T09:00:00Z")!
        expectEqual(summary.format, .geojson)
        expectEqual(summary.fixes, 3)
        expectTrue(summary.tracks == 1 && summary.segments == 1)
        expectEqual(summary.waypoints, 3)
        expectEqual(trace.longitudes, [7.0, 7.0001, 7.0002])
        expectEqual(trace.latitudes, [45, 45, 45])
        expectEqual(trace.times, [t0, t0 + 1.5, t0 + 2])
        expectTrue(trace.elevations[0] == 200 && trace.elevations[1] == 201.5 && trace.elevations[2].isNaN)
        expectTrue(summary.warnings.isEmpty)
    }

    @Test func multiLineStringWithEpochMillisecondsIsOneSegmentPerLine() throws {
        let (trace, summary) = try Self.parse("""
            {"type": "Feature", "properties": {"coordinateProperties": {"times": [[1778317200000, 1778317201000], [1778317210000]]}},
             "geometry": {"type": "MultiLineString", "coordinates": [[[7, 45], [7.001, 45]], [[7.002, 45]]]}}
            """)
        expectEqual(summary.tracks, 1)
        expectEqual(summary.segments, 2)
        expectEqual(trace.segmentStarts, [0, 2])
        expectEqual(trace.times, [1_778_317_200, 1_778_317_201, 1_778_317_210])
        expectTrue(abs(summary.lengthMeters - Geodesy.distance(LatLng(lat: 45, lng: 7), LatLng(lat: 45, lng: 7.001))) < 1e-9)
    }

    @Test func bareGeometryWithoutTimesGetsMadeUpTimes() throws {
        let (trace, summary) = try Self.parse(#"{"type": "LineString", "coordinates": [[0, 0], [0.001, 0]]}"#)
        expectTrue(summary.timesSynthesized)
        expectEqual(trace.times[0], TraceNormalizer.synthesizedEpoch)
        expectTrue(abs(trace.times[1] - trace.times[0] - Geodesy.distance(LatLng(lat: 0, lng: 0), LatLng(lat: 0, lng: 0.001)) / 1.2) < 1e-6)
    }

    @Test func problemsAreCountedOnce() throws {
        let (trace, summary) = try Self.parse("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": []}},
              {"type": "Feature", "geometry": null},
              {"type": "Feature", "properties": {"coordTimes": ["2026-05-09T09:00:00Z"]},
               "geometry": {"type": "LineString", "coordinates": [[7, 45], [7, 95], ["x", 45], [7], [7, 45.1, "high"]]}}
            ]}
            """)
        expectEqual(trace.count, 2)
        expectTrue(summary.warnings.contains("ignored 2 features whose geometry is not a LineString, MultiLineString or Point (first at feature 1: Polygon)"))
        expectTrue(summary.warnings.contains("ignored the times of 1 line string whose time list does not match its coordinates (first at feature 3: 1 times for 5 coordinates)"))
        expectTrue(summary.warnings.contains("dropped 1 fix with out-of-range coordinates (first at feature 3, coordinate 2)"))
        expectTrue(summary.warnings.contains("dropped 1 fix with coordinates that are not numbers (first at feature 3, coordinate 3)"))
        expectTrue(summary.warnings.contains("dropped 1 fix without lat/lon coordinates (first at feature 3, coordinate 4)"))
        expectTrue(summary.timesSynthesized)
    }

    @Test func errorsSayWhereAndWhatWasExpected() {
        expectTrue(Self.error("{\"type\": \"FeatureCollection\",\n \"features\": [}")?.line == 2)
        expectTrue(Self.error("[1, 2]")?.message.contains("not GeoJSON") == true)
        #expect(Self.error(#"{"type": "FeatureCollection"}"#)?.message.contains("\"features\" array") == true)
        #expect(Self.error(#"{"type": "LineString"}"#)?.message.contains("no \"coordinates\"") == true)
        let badTime = Self.error(#"{"type": "Feature", "properties": {"coordTimes": ["noon"]}, "geometry": {"type": "LineString", "coordinates": [[7, 45]]}}"#)
        expectTrue(badTime?.message.contains("the feature, coordinate 1: bad time \"noon\"; expected") == true)
    }

    @Test func theSizeIsCapped() throws {
        var parser = GeoJSONTraceParser()
        let chunk = [UInt8](repeating: 0x20, count: 64 << 20)
        var thrown: TraceParseError?
        for _ in 0..<5 where thrown == nil {
            do { try parser.feed(chunk) } catch { thrown = error }
        }
        expectTrue(thrown?.message.contains("larger than 256 MiB") == true)
    }
}
