import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

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

    /// The distance between two fixes 0.001° of latitude apart on the meridian.
    static let step = Geodesy.distance(LatLng(lat: 0, lng: 0), LatLng(lat: 0.001, lng: 0))

    @Test func aFewUntimedFixesBetweenTimedOnesAreInterpolatedAlongThePath() throws {
        var summary = TraceSummary(format: .gpx)
        // Fix 3 is twice as far from fix 1 as fix 2 is: its time is two thirds of the way.
        let trace = try TraceNormalizer().normalize(Self.raw([(0, 0), (.nan, 0.001), (.nan, 0.002), (30, 0.003)], segments: [0, 2]), into: &summary)
        expectEqual(trace.count, 4)
        expectTrue(abs(trace.times[1] - Self.base - 10) < 1e-6 && abs(trace.times[2] - Self.base - 20) < 1e-6)
        expectEqual(trace.segmentStarts, [0, 2])
        expectEqual(summary.warnings, ["2 fixes without a time (first at fix 2): timed 2 between timed neighbours by distance along the path"])
        expectTrue(!summary.timesSynthesized)
        expectTrue(abs(summary.lengthMeters - 2 * Self.step) < 1e-6)
    }

    @Test func untimedFixesAtTheEndsAreTimedAtTheWalkingSpeed() throws {
        var summary = TraceSummary(format: .gpx)
        let trace = try TraceNormalizer(walkSpeed: 1.5).normalize(Self.raw([(.nan, 0), (100, 0.001), (110, 0.002), (.nan, 0.003)]), into: &summary)
        expectTrue(abs(trace.times[0] - (Self.base + 100 - Self.step / 1.5)) < 1e-6)
        expectTrue(abs(trace.times[3] - (Self.base + 110 + Self.step / 1.5)) < 1e-6)
        expectEqual(summary.warnings, ["2 fixes without a time (first at fix 1): timed 0 between timed neighbours by distance along the path, 2 before the first or after the last timed fix at 1.50 m/s"])
    }

    @Test func whenMostFixesLackTimesTheWalkIsTimedAtTheWalkingSpeed() throws {
        var summary = TraceSummary(format: .gpx)
        let trace = try TraceNormalizer(walkSpeed: 1).normalize(Self.raw([(.nan, 0), (1000, 0.001), (.nan, 0.002), (.nan, 0.003)]), into: &summary)
        // The first timed fix keeps its time; every other is placed by distance at 1 m/s.
        expectEqual(trace.times[1], Self.base + 1000)
        expectTrue(abs(trace.times[0] - (Self.base + 1000 - Self.step)) < 1e-6 && abs(trace.times[3] - (Self.base + 1000 + 2 * Self.step)) < 1e-6)
        expectTrue(summary.timesSynthesized)
        expectEqual(summary.warnings, ["only 1 of 4 fixes have a time (the first without one at fix 1); timed the whole walk at 1.00 m/s along the path, keeping the first timed fix's time (2026-05-09T09:16:40Z)"])
    }

    /// Two tracks, the first with two segments, an hour and a half apart.
    static func twoTracks() -> RawTrace {
        var raw = RawTrace()
        func add(_ time: Double, _ lat: Double) {
            raw.append(time: base + time, lat: lat, lng: 0, elevation: .nan, accuracy: .nan, hdop: .nan, speed: .nan, course: .nan, location: { "t\(time)" })
        }
        raw.beginPart(track: 1, segment: 1)
        add(0, 0); add(10, 0.001)
        raw.beginPart(track: 1, segment: 2)
        raw.beginPart(track: 1, segment: 3)
        add(20, 0.002)
        raw.beginPart(track: 2, segment: 1)
        add(5420, 1); add(5430, 1.001); add(5440, 1.002)
        return raw
    }

    @Test func partsAreListedWithTheirTimeSpans() throws {
        var summary = TraceSummary(format: .gpx)
        let trace = try TraceNormalizer().normalize(Self.twoTracks(), into: &summary)
        expectEqual(trace.count, 6)
        expectEqual(summary.parts.map { [$0.track, $0.segment, $0.fixes] }, [[1, 1, 2], [1, 2, 0], [1, 3, 1], [2, 1, 3]])
        expectTrue(summary.parts[3].firstTime == Self.base + 5420 && summary.parts[3].lastTime == Self.base + 5440)
        expectTrue(abs(summary.parts[3].lengthMeters - 2 * Self.step) < 1e-3)
        // Read as one walk, the hour and a half between the tracks is a warning naming the way out.
        expectEqual(summary.warnings, ["a gap of over an hour between fixes: 1:30:00 from 2026-05-09T09:00:20Z to 2026-05-09T10:30:20Z; is this more than one walk? The file has 2 tracks in 4 segments: pick one with --track N (and --segment M); walkscape inspect lists them"])
    }

    @Test func aTrackOrSegmentCanBeChosen() throws {
        var summary = TraceSummary(format: .gpx)
        let second = try TraceNormalizer(selection: TraceSelection(track: 2)).normalize(Self.twoTracks(), into: &summary)
        expectEqual(second.times, [5420, 5430, 5440].map { Self.base + $0 })
        expectTrue(summary.warnings.isEmpty && summary.parts.count == 4 && summary.fixes == 3)
        var other = TraceSummary(format: .gpx)
        let segment = try TraceNormalizer(selection: TraceSelection(track: 1, segment: 3)).normalize(Self.twoTracks(), into: &other)
        expectTrue(segment.times == [Self.base + 20] && segment.segmentStarts == [0])
    }

    @Test func aPartTheFileLacksIsAnError() {
        var summary = TraceSummary(format: .gpx)
        #expect(throws: TraceParseError(line: 0, message: "track 3 was chosen but the file has 2 tracks; expected --track 1 to 2 (walkscape inspect lists them)")) {
            _ = try TraceNormalizer(selection: TraceSelection(track: 3)).normalize(Self.twoTracks(), into: &summary)
        }
        #expect(throws: TraceParseError(line: 0, message: "a segment was chosen but the file has 2 tracks; expected --track N with --segment (walkscape inspect lists them)")) {
            _ = try TraceNormalizer(selection: TraceSelection(segment: 1)).normalize(Self.twoTracks(), into: &summary)
        }
        #expect(throws: TraceParseError(line: 0, message: "segment 4 of track 1 was chosen but that track has 3 segments; expected --segment 1 to 3")) {
            _ = try TraceNormalizer(selection: TraceSelection(track: 1, segment: 4)).normalize(Self.twoTracks(), into: &summary)
        }
    }

    @Test func timesAreMadeUpAlongThePathAcrossSegments() throws {
        var summary = TraceSummary(format: .gpx)
        let trace = try TraceNormalizer(walkSpeed: 1).normalize(Self.raw([(.nan, 0), (.nan, 0.001), (.nan, 0.002)], segments: [0, 2]), into: &summary)
        let step = Geodesy.distance(LatLng(lat: 0, lng: 0), LatLng(lat: 0.001, lng: 0))
        expectTrue(abs(trace.times[2] - TraceNormalizer.synthesizedEpoch - 2 * step) < 1e-6)
        expectTrue(abs(summary.lengthMeters - step) < 1e-9)
        expectTrue(summary.timesSynthesized)
    }

    @Test func aBadWalkingSpeedFallsBackWithAWarning() throws {
        var summary = TraceSummary(format: .gpx)
        _ = try TraceNormalizer(walkSpeed: 0).normalize(Self.raw([(.nan, 0), (.nan, 1)]), into: &summary)
        expectEqual(summary.warnings.first, "walking speed 0 is not between 0.1 and 10 m/s; used 1.2 m/s")
        // A tiny speed would put made-up times centuries away.
        var tiny = TraceSummary(format: .gpx)
        let trace = try TraceNormalizer(walkSpeed: 1e-300).normalize(Self.raw([(.nan, 0), (.nan, 1)]), into: &tiny)
        expectEqual(tiny.warnings.first, "walking speed 1e-300 is not between 0.1 and 10 m/s; used 1.2 m/s")
        expectTrue(trace.times.allSatisfy(ValueRanges.isSaneTraceTime))
    }

    @Test func stableSortOfManyTies() throws {
        var generator = SeededGenerator(seed: 3)
        let fixes = (0..<500).map { index in (time: Double(Int.random(in: 0..<20, using: &generator)), lat: Double(index) / 1000) }
        var summary = TraceSummary(format: .gpx)
        let trace = try TraceNormalizer().normalize(Self.raw(fixes), into: &summary)
        for i in 1..<trace.count {
            expectTrue(trace.times[i - 1] < trace.times[i] || (trace.times[i - 1] == trace.times[i] && trace.latitudes[i - 1] < trace.latitudes[i]))
        }
        expectEqual(trace.count, 500)
    }

    @Test func noFixesNoWarningsNoTimes() throws {
        var summary = TraceSummary(format: .gpx)
        let trace = try TraceNormalizer().normalize(RawTrace(), into: &summary)
        expectTrue(trace.count == 0 && trace.segmentStarts.isEmpty)
        expectTrue(summary.firstTime == nil && summary.lastTime == nil && summary.warnings.isEmpty)
    }

    @Test func formatDetectionByContentThenExtension() {
        expectEqual(TraceFormat.detect(prefix: Array("\u{FEFF}  <?xml".utf8), fileName: "x.json"), .gpx)
        expectEqual(TraceFormat.detect(prefix: Array("\n{\"type\"".utf8), fileName: "x.gpx"), .geojson)
        expectEqual(TraceFormat.detect(prefix: Array("$GPRMC,".utf8), fileName: "x"), .nmea)
        expectEqual(TraceFormat.detect(prefix: Array("logger v1\n$GPRMC,".utf8), fileName: "x.txt"), .nmea)
        expectEqual(TraceFormat.detect(prefix: [], fileName: "walk.GPX.gz"), .gpx)
        expectEqual(TraceFormat.detect(prefix: [0x00, 0x01], fileName: "walk.geojson"), .geojson)
        expectTrue(TraceFormat.detect(prefix: [0x00, 0x01], fileName: "walk.bin") == nil)
        expectTrue(TraceFormat.isGzip([0x1F, 0x8B, 0x08]))
        expectTrue(!TraceFormat.isGzip([0x1F]))
    }
}
