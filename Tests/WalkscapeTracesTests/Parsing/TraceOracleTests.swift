import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// Differential tests: every GPX file in `../shared/real/gpx/` read by `GPXStreamParser` against what gpxpy
/// says about it in `../shared/real/oracle.json` (skipped when `../shared/real` is absent).
///
/// The files are read from there, never copied into the repository (licences: see ../shared/real/SOURCES.md).
@Suite struct TraceOracleTests {
    static let realDirectory: String = {
        URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().appendingPathComponent("shared/real").path
    }()

    static var available: Bool { FileManager.default.fileExists(atPath: realDirectory + "/oracle.json") }

    static func oracle() throws -> JSONValue {
        let data = try Data(contentsOf: URL(fileURLWithPath: realDirectory + "/oracle.json"))
        return try JSONParser().parse([UInt8](data))
    }

    static func gpxFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: realDirectory + "/gpx").filter { $0.hasSuffix(".gpx") }.sorted()
    }

    /// Parses a whole file, fed in 64 KiB chunks like the file reader does (with a smaller chunk).
    static func parse(_ name: String) throws -> Result<(Trace, TraceSummary), TraceParseError> {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: realDirectory + "/gpx/" + name)))
        var parser = GPXStreamParser()
        do {
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 65_536)
                try parser.feed(Array(bytes[offset..<end]))
                offset = end
            }
            return .success(try parser.finish())
        } catch {
            return .failure(error)
        }
    }

    /// gpxpy's time strings: ISO 8601 with an offset, or naive (which both sides read as UTC).
    static func time(_ value: JSONValue?) -> Double? {
        value?.stringValue.flatMap(ISO8601Time.parse)
    }

    /// Files where walkscape disagrees with gpxpy on purpose, with the reason; the checks below adjust.
    static let acceptedDisagreements: [String: String] = [
        // gpxpy rejects the whole file because one <fix> holds "something_not_in_the_spec" (its value check);
        // walkscape does not read <fix>, so the file is a valid GPX trace for it. georust/gpx, where the file
        // comes from, also reads it.
        "with_accuracy.gpx": "accepted: <fix> is not read",
        // lon="180.87702" is outside [-180, 180]: walkscape drops that fix (with a warning), gpxpy keeps it and
        // counts a 5413 km length with it; so one fix fewer and no comparable length.
        "wptError.gpx": "one out-of-range fix dropped",
    ]

    @Test(.enabled(if: TraceOracleTests.available)) func everyRealGPXFileAgreesWithGpxpy() throws {
        let oracle = try Self.oracle()
        let files = try Self.gpxFiles()
        expectTrue(files.count >= 30)
        var compared = 0
        for name in files {
            guard let expected = oracle["gpx"]?["gpx/" + name] else {
                Issue.record("\(name): no entry in oracle.json")
                continue
            }
            let result = try Self.parse(name)
            if let gpxpyError = expected["error"]?.stringValue {
                if name == "with_accuracy.gpx" {
                    // Accepted disagreement (see acceptedDisagreements): three points, HDOP read, pdop not.
                    let (trace, summary) = try result.get()
                    expectEqual(summary.fixes, 3)
                    expectTrue(trace.hdops[0] == 5 && trace.hdops[1] == 3.6 && trace.hdops[2].isNaN)
                    continue
                }
                // Malformed XML: an error too, on the same line as expat's when it names one.
                guard case let .failure(error) = result else {
                    Issue.record("\(name): gpxpy says \(gpxpyError), walkscape read it")
                    continue
                }
                if let range = gpxpyError.range(of: #"line (\d+)"#, options: .regularExpression) {
                    let line = Int(gpxpyError[range].dropFirst(5))
                    expectEqual(error.line, line, "\(name): \(error) vs \(gpxpyError)")
                }
                compared += 1
                continue
            }
            guard case let .success((trace, summary)) = result else {
                Issue.record("\(name): gpxpy reads it, walkscape says \(result)")
                continue
            }
            compared += 1
            let points = expected["points"]?.intValue ?? -1
            let timed = expected["points_with_time"]?.intValue ?? -1
            let routePoints = expected["route_points"]?.intValue ?? -1
            expectTrue(summary.tracks == expected["tracks"]?.intValue, "\(name)")
            expectTrue(summary.segments == expected["segments"]?.intValue, "\(name)")
            expectTrue(summary.routes == expected["routes"]?.intValue, "\(name)")
            expectEqual(summary.routePoints, routePoints, "\(name)")
            expectTrue(summary.waypoints == expected["waypoints"]?.intValue, "\(name)")

            // Accepted disagreement: times outside 1980–2100 (gpx-without-root-attributes.gpx has
            // 1901-12-13T20:45:52Z, a 32-bit clock's minimum) are read as missing, their points kept and timed
            // as untimed points are; gpxpy keeps the times. See docs/traces.md.
            let outOfRange = summary.warnings.first { $0.hasPrefix("read ") && $0.contains("outside 1980–2100 as missing") }
                .flatMap { Int($0.split(separator: " ")[1]) } ?? 0
            if outOfRange > 0 {
                expectEqual(summary.fixes, points, "\(name)")
                expectEqual(summary.timedFixes, timed - outOfRange, "\(name)")
                continue
            }

            // Which points become fixes.
            let dropped = name == "wptError.gpx" ? 1 : 0
            if points > 0 {
                expectTrue(!summary.usedRoutePoints, "\(name)")
                // Points without a time are kept too: timed by interpolation, or the whole walk by the walking
                // speed when most lack one (see docs/traces.md).
                expectEqual(summary.fixes, points - dropped, "\(name)")
                expectEqual(summary.timesSynthesized, (timed * 2 < points), "\(name)")
            } else if routePoints > 0 {
                expectTrue(summary.usedRoutePoints, "\(name)")
                expectEqual(summary.fixes, routePoints, "\(name)")
            } else {
                expectEqual(summary.fixes, 0, "\(name)")
                expectTrue(summary.replayProblem != nil, "\(name)")
            }

            // Times. gpxpy's first_time/last_time are the first and last timed points in file order; walkscape's
            // are the earliest and latest after sorting. They agree when the file is in time order; otherwise
            // (blue_hills.gpx, whose tracks are not chronological) walkscape's span must contain gpxpy's.
            if timed > 0, timed == points, let first = Self.time(expected["first_time"]), let last = Self.time(expected["last_time"]) {
                let sorted = summary.warnings.contains { $0.hasPrefix("sorted the fixes by time") }
                // gpxpy keeps microseconds (it truncates 7-digit fractions); walkscape keeps nanoseconds.
                let tolerance = 1e-6 + 1e-9
                if name == "wptError.gpx" {
                    // Accepted disagreement: the first point (08:19:27) has lon 180.87 and is dropped.
                    expectTrue(summary.firstTime == last && summary.lastTime == last, "\(name)")
                } else if sorted {
                    expectTrue(summary.firstTime! <= min(first, last) + tolerance, "\(name)")
                    expectTrue(summary.lastTime! >= max(first, last) - tolerance, "\(name)")
                } else {
                    expectTrue(abs(summary.firstTime! - first) <= tolerance, "\(name): \(ISO8601Time.format(summary.firstTime!)) vs \(expected["first_time"]!)")
                    expectTrue(abs(summary.lastTime! - last) <= tolerance, "\(name)")
                }
            }

            // Length. gpxpy's length_2d is not a plain haversine: for points less than 0.2° apart it uses an
            // equirectangular approximation with one degree = 10000.8/90 km (an implied radius of 6366.7 km,
            // 0.07% below our 6371.0088 km) and the cosine of the first point's latitude; farther apart, a
            // haversine with R = 6378.137 km (0.11% above). So the lengths may differ by about 0.15%; accept
            // 0.5%, or 0.5 m for lengths of a few metres. Compared only when both measure the same points.
            let theirs = summary.usedRoutePoints ? expected["routes_length_2d_m"]?.doubleValue : expected["length_2d_m"]?.doubleValue
            let samePoints = summary.usedRoutePoints ? summary.fixes == routePoints : summary.fixes == points
            if let theirs, samePoints {
                let difference = abs(summary.lengthMeters - theirs)
                expectTrue(difference <= max(0.005 * theirs, 0.5), "\(name): \(summary.lengthMeters) vs \(theirs)")
            }

            // The first track point is a fix with the same coordinates and elevation, unless it was dropped.
            if let first = expected["first_trkpt"]?.arrayElements, first.count == 3, !summary.usedRoutePoints,
               let lat = first[0].doubleValue, let lon = first[1].doubleValue, summary.fixes == points {
                // (Tracks may pass the same place more than once, so any fix there may be the one.)
                let indices = (0..<trace.count).filter { trace.latitudes[$0] == lat && trace.longitudes[$0] == lon }
                expectTrue(!indices.isEmpty, "\(name): first track point \(lat), \(lon) not among the fixes")
                if let elevation = first[2].doubleValue {
                    expectTrue(indices.contains { trace.elevations[$0] == Float(elevation) }, "\(name)")
                } else {
                    expectTrue(indices.contains { trace.elevations[$0].isNaN }, "\(name)")
                }
            }
        }
        expectTrue(compared >= 35)
    }

    @Test(.enabled(if: TraceOracleTests.available)) func theTraceIsTheSameInOneChunkAndInSmallOnes() throws {
        // The largest permissive file, fed whole and in 1,000-byte chunks.
        let name = "multitrackgpx.gpx"
        guard FileManager.default.fileExists(atPath: Self.realDirectory + "/gpx/" + name) else { return }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.realDirectory + "/gpx/" + name)))
        var whole = GPXStreamParser()
        let (a, summaryA) = try whole.parse(bytes)
        var chunked = GPXStreamParser()
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 1000)
            try chunked.feed(Array(bytes[offset..<end]))
            offset = end
        }
        let (b, summaryB) = try chunked.finish()
        expectTrue(a.isIdentical(to: b))
        expectEqual(summaryA, summaryB)
        expectEqual(a.count, 5235)
    }
}
