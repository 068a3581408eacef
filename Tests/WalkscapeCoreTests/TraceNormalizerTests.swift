import Testing
@testable import WalkscapeCore

@Suite struct TraceNormalizerTests {
    /// 2026-05-09T09:00:00Z: the small test times count from here (times before 1980 are dropped).
    static let base = 1_778_317_200.0

    static func raw(_ fixes: [(time: Double, lat: Double)], segments: [Int] = [0]) -> RawTrace {
        var raw = RawTrace()
        for (index, fix) in fixes.enumerated() {
            if segments.contains(index) { raw.fixes.startSegment() }
            raw.append(time: base + fix.time, lat: fix.lat, lng: 0, elevation: .nan, accuracy: .nan, hdop: .nan, speed: .nan, course: .nan, location: { "fix \(index + 1)" })
        }
        return raw
    }

    @Test func untimedFixesAreDroppedWhenOthersHaveTimes() {
        var summary = TraceSummary(format: .gpx)
        let trace = TraceNormalizer().normalize(Self.raw([(1, 1), (.nan, 2), (3, 3), (.nan, 4)], segments: [0, 2]), into: &summary)
        #expect(trace.latitudes == [1, 3])
        #expect(trace.segmentStarts == [0, 1])
        #expect(summary.warnings == ["dropped 2 fixes without a time (first at fix 2); the other 2 have times"])
        // The length is that of the kept fixes, segment by segment: 1 and 3 are in different segments.
        #expect(summary.lengthMeters == 0)
    }

    @Test func timesAreMadeUpAlongThePathAcrossSegments() {
        var summary = TraceSummary(format: .gpx)
        let trace = TraceNormalizer(walkSpeed: 1).normalize(Self.raw([(.nan, 0), (.nan, 0.001), (.nan, 0.002)], segments: [0, 2]), into: &summary)
        let step = Geodesy.distance(LatLng(lat: 0, lng: 0), LatLng(lat: 0.001, lng: 0))
        #expect(abs(trace.times[2] - TraceNormalizer.synthesizedEpoch - 2 * step) < 1e-6)
        #expect(abs(summary.lengthMeters - step) < 1e-9)
        #expect(summary.timesSynthesized)
    }

    @Test func aBadWalkingSpeedFallsBackWithAWarning() {
        var summary = TraceSummary(format: .gpx)
        _ = TraceNormalizer(walkSpeed: 0).normalize(Self.raw([(.nan, 0), (.nan, 1)]), into: &summary)
        #expect(summary.warnings.first == "walking speed 0 is not between 0.1 and 10 m/s; used 1.2 m/s")
        // A tiny speed would put made-up times centuries away.
        var tiny = TraceSummary(format: .gpx)
        let trace = TraceNormalizer(walkSpeed: 1e-300).normalize(Self.raw([(.nan, 0), (.nan, 1)]), into: &tiny)
        #expect(tiny.warnings.first == "walking speed 1e-300 is not between 0.1 and 10 m/s; used 1.2 m/s")
        #expect(trace.times.allSatisfy(ValueRanges.isSaneTraceTime))
    }

    @Test func stableSortOfManyTies() {
        var generator = SeededGenerator(seed: 3)
        let fixes = (0..<500).map { index in (time: Double(Int.random(in: 0..<20, using: &generator)), lat: Double(index) / 1000) }
        var summary = TraceSummary(format: .gpx)
        let trace = TraceNormalizer().normalize(Self.raw(fixes), into: &summary)
        for i in 1..<trace.count {
            #expect(trace.times[i - 1] < trace.times[i] || (trace.times[i - 1] == trace.times[i] && trace.latitudes[i - 1] < trace.latitudes[i]))
        }
        #expect(trace.count == 500)
    }

    @Test func noFixesNoWarningsNoTimes() {
        var summary = TraceSummary(format: .gpx)
        let trace = TraceNormalizer().normalize(RawTrace(), into: &summary)
        #expect(trace.count == 0 && trace.segmentStarts.isEmpty)
        #expect(summary.firstTime == nil && summary.lastTime == nil && summary.warnings.isEmpty)
    }

    @Test func formatDetectionByContentThenExtension() {
        #expect(TraceFormat.detect(prefix: Array("\u{FEFF}  <?xml".utf8), fileName: "x.json") == .gpx)
        #expect(TraceFormat.detect(prefix: Array("\n{\"type\"".utf8), fileName: "x.gpx") == .geojson)
        #expect(TraceFormat.detect(prefix: Array("$GPRMC,".utf8), fileName: "x") == .nmea)
        #expect(TraceFormat.detect(prefix: Array("logger v1\n$GPRMC,".utf8), fileName: "x.txt") == .nmea)
        #expect(TraceFormat.detect(prefix: [], fileName: "walk.GPX.gz") == .gpx)
        #expect(TraceFormat.detect(prefix: [0x00, 0x01], fileName: "walk.geojson") == .geojson)
        #expect(TraceFormat.detect(prefix: [0x00, 0x01], fileName: "walk.bin") == nil)
        #expect(TraceFormat.isGzip([0x1F, 0x8B, 0x08]))
        #expect(!TraceFormat.isGzip([0x1F]))
    }
}
