import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTraces

/// The stream replay gives exactly what reading the trace whole and `Simulation.run` give: the same timeline
/// and the same warnings, or nil (read it whole) when the trace is not one it can stream.
@Suite struct TraceReplayStreamTests {
    /// A tour of points along the sample walks (Turin, Paris) and the fixtures' own area, with short
    /// recordings so that queues and skips happen.
    static func tour(near trace: Trace) -> EngineTour {
        var points: [EngineTour.Point] = []
        let step = max(1, trace.count / 6)
        for (order, i) in stride(from: 0, to: trace.count, by: step).enumerated() {
            points.append(EngineTour.Point(order: order + 1, id: "p\(order + 1)", location: trace.location(i), radiusMeters: 30, audioSeconds: 20 + Double(order) * 7))
        }
        return EngineTour(points: points)
    }

    /// Replays `path` both ways under `policy` and checks they agree; returns whether it was streamed.
    @discardableResult
    func expectSameReplay(_ path: String, policy: EnginePolicy = .standard, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let loaded = try TraceFileReader.readForReplay(path: path)
        let tour = Self.tour(near: loaded.trace)
        let targets = tour.points.map(\.location)
        guard let streamed = try TraceReplayStream.simulate(path: path, tour: tour, policy: policy, reachTargets: targets) else { return false }
        let whole = Simulation.run(tour: tour, trace: loaded.trace, policy: policy)
        expectEqual(streamed.timeline, whole, "\(path)", sourceLocation: sourceLocation)
        expectEqual(streamed.warnings, loaded.summary.warnings, "\(path)", sourceLocation: sourceLocation)
        expectEqual(streamed.farWarning, TraceReach.farWarning(loaded.trace, points: targets, route: []), "\(path)", sourceLocation: sourceLocation)
        return true
    }

    @Test func everyFixtureInTimeOrderStreamsToTheSameTimeline() throws {
        var streamed: [String] = []
        for directory in ["traces", "traces-formats", "traces-profiles"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: fixture(directory)).sorted()
            for name in names {
                let path = fixture(directory + "/" + name)
                guard (try? TraceFileReader.readForReplay(path: path)) != nil else { continue }
                for policy in [EnginePolicy.standard, EnginePolicy(queueDepth: 0, minAccuracyMeters: 25)] {
                    if try expectSameReplay(path, policy: policy) { streamed.append(name) }
                }
            }
        }
        // The sample walks, the GPX 1.0, KML gx:Track and NMEA fixtures are in time order with times (walk.gpx has an
        // untimed fix: read whole; gzip streams in longTracesAcrossManyChunksAgree).
        for name in ["torino-portici-clean.gpx", "paris-ile-de-la-cite-noisy.gpx", "walk.nmea", "walk-gx-track.kml", "walk-gpx10.gpx", "torino-poor-accuracy.gpx"] {
            expectTrue(streamed.contains(name), "\(name) was not streamed")
        }
    }

    @Test func tracesThatMustBeReadWholeAreNotStreamed() throws {
        // Out of time order (sorted when read whole), fixes without a time, GeoJSON, route points only.
        for name in ["traces-formats/mostly-untimed.gpx", "traces-formats/walk.geojson", "traces-formats/route-only.gpx", "traces-formats/my-maps-route.kml"] {
            let loaded = try TraceFileReader.readForReplay(path: fixture(name))
            let outcome = try TraceReplayStream.simulate(path: fixture(name), tour: Self.tour(near: loaded.trace), policy: .standard, reachTargets: [])
            expectTrue(outcome == nil, "\(name)")
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fix = { (t: Int) in "<trkpt lat=\"45.06\" lon=\"7.68\"><time>2026-05-09T09:00:\(t < 10 ? "0" : "")\(t)Z</time></trkpt>" }
        let outOfOrder = try scratch.file("late.gpx", Array("<gpx><trk><trkseg>\(fix(1))\(fix(3))\(fix(2))</trkseg></trk></gpx>".utf8))
        let loaded = try TraceFileReader.readForReplay(path: outOfOrder)
        try expectTrue(TraceReplayStream.simulate(path: outOfOrder, tour: Self.tour(near: loaded.trace), policy: .standard, reachTargets: []) == nil)
        let part = try TraceReplayStream.simulate(path: fixture("traces-formats/two-walks.gpx"), selection: TraceSelection(track: 1), tour: Self.tour(near: loaded.trace), policy: .standard, reachTargets: [])
        expectTrue(part == nil)
    }

    @Test func errorsAreThoseOfTheWholeRead() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let truncated = try scratch.file("cut.gpx", Array("<gpx><trk><trkseg><trkpt lat=\"45\" lon=\"7\"><time>2026-05-09T09:00:00Z</time></trkpt>".utf8))
        let tour = EngineTour(points: [EngineTour.Point(order: 1, id: "a", location: LatLng(lat: 45, lng: 7), radiusMeters: 30, audioSeconds: 10)])
        #expect(throws: TraceReadError.self) { try TraceReplayStream.simulate(path: truncated, tour: tour, policy: .standard, reachTargets: []) }
        var whole: TraceReadError?
        var streamed: TraceReadError?
        do { _ = try TraceFileReader.readForReplay(path: truncated) } catch { whole = error }
        do { _ = try TraceReplayStream.simulate(path: truncated, tour: tour, policy: .standard, reachTargets: []) } catch { streamed = error }
        expectTrue(whole != nil && whole?.description == streamed?.description)
    }

    /// Many chunks (the reader's 1 MiB), gaps, runs of one time and NMEA RMC+GGA pairs cut by chunk ends:
    /// the counts kept across pieces match the whole read's.
    @Test func longTracesAcrossManyChunksAgree() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n"
        var nmea = ""
        var t = 1_778_317_200.0  // 2026-05-09T09:00:00Z
        var generator = SplitMix64(seed: 13)
        for i in 0..<60_000 {
            // Every 7000th fix: a gap of two hours; fixes 20000–20150 share one time.
            if i % 7000 == 6999 { t += 7200 } else if !(20_000..<20_150).contains(i) { t += 1 }
            let lat = 45.06 + Double(i % 600) * 0.00001 + Double(generator.next() % 100) * 1e-7
            let lng = 7.68 + Double(i / 600) * 0.00001
            if i % 5000 == 4999 { gpx += "</trkseg><trkseg>\n" }
            gpx += "<trkpt lat=\"\(lat)\" lon=\"\(lng)\"><time>\(ISO8601Time.format(t))</time><hdop>\(i % 9)</hdop></trkpt>\n"
            nmea += NMEATesting.rmc(time: t, lat: lat, lng: lng) + NMEATesting.gga(time: t, lat: lat, lng: lng, hdop: Double(i % 9))
        }
        gpx += "</trkseg></trk></gpx>\n"
        let gpxPath = try scratch.file("long.gpx", Array(gpx.utf8))
        let nmeaPath = try scratch.file("long.nmea", Array(nmea.utf8))
        let gzPath = try scratch.file("long.gpx.gz", try gzip(Array(gpx.utf8)))
        expectTrue(gpx.utf8.count > 4 * TraceFileReader.chunkSize)
        for path in [gpxPath, nmeaPath, gzPath] {
            try expectTrue(expectSameReplay(path, policy: EnginePolicy(minAccuracyMeters: 20)), "\(path)")
        }
        let warnings = try TraceFileReader.readForReplay(path: gpxPath).summary.warnings
        expectTrue(warnings.contains { $0.contains("gaps of over an hour") } && warnings.contains { $0.contains("fixes share the time") }, "\(warnings)")
    }
}

/// NMEA sentences for tests, with their checksums.
enum NMEATesting {
    static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" : "")\(hex)\r\n"
    }

    static func fields(time: Double, lat: Double, lng: Double) -> (hms: String, dmy: String, lat: String, ns: String, lng: String, ew: String) {
        let iso = ISO8601Time.format(time)  // 2026-05-09T09:00:00Z
        let chars = Array(iso)
        let hms = String(chars[11..<13]) + String(chars[14..<16]) + String(chars[17..<19])
        let dmy = String(chars[8..<10]) + String(chars[5..<7]) + String(chars[2..<4])
        func angle(_ value: Double, degreesWidth: Int) -> String {
            let degrees = Int(value.magnitude)
            let minutes = (value.magnitude - Double(degrees)) * 60
            let d = String(degrees)
            return String(repeating: "0", count: max(0, degreesWidth - d.count)) + d + String(format: "%07.4f", minutes)
        }
        return (hms, dmy, angle(lat, degreesWidth: 2), lat < 0 ? "S" : "N", angle(lng, degreesWidth: 3), lng < 0 ? "W" : "E")
    }

    static func rmc(time: Double, lat: Double, lng: Double) -> String {
        let f = fields(time: time, lat: lat, lng: lng)
        return sentence("GPRMC,\(f.hms),A,\(f.lat),\(f.ns),\(f.lng),\(f.ew),2.5,45.0,\(f.dmy),,,A")
    }

    static func gga(time: Double, lat: Double, lng: Double, hdop: Double) -> String {
        let f = fields(time: time, lat: lat, lng: lng)
        return sentence("GPGGA,\(f.hms),\(f.lat),\(f.ns),\(f.lng),\(f.ew),1,08,\(hdop),240.0,M,47.0,M,,")
    }
}
