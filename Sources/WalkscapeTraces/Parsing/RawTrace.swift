import WalkscapeCore
/// Fixes in file order as a parser reads them, before normalisation, with the problems met on the way.
///
/// Times may be NaN (the fix had none); `TraceNormalizer` decides what to do with those, sorts by time and
/// turns every counted problem into one warning line.
public struct RawTrace: Sendable {
    /// A kind of problem that does not stop reading; each kind becomes one warning line.
    public enum Problem: String, Sendable, Equatable, CaseIterable {
        case missingCoordinates
        case unreadableCoordinates
        case outOfRangeCoordinates
        case unreadableValues
        case timesWithoutZone
        case badChecksums
        case voidFixes
        case malformedSentences
        case notSentences
        case binaryBytes
        case binaryOnly
        case undatedFixes
        case unsupportedGeometries
        case mismatchedTimes
        case outOfRangeTimes
        case outOfRangeValues

        /// The warning line for `count` occurrences, the first at `location` ("line 17").
        public func warning(count: Int, firstAt location: String) -> String {
            func n(_ one: String, _ many: String) -> String { count == 1 ? "1 \(one)" : "\(count) \(many)" }
            let text: String
            switch self {
            case .missingCoordinates: text = "dropped \(n("fix", "fixes")) without lat/lon coordinates"
            case .unreadableCoordinates: text = "dropped \(n("fix", "fixes")) with coordinates that are not numbers"
            case .outOfRangeCoordinates:
                text = "dropped \(n("fix", "fixes")) with out-of-range coordinates"
            case .unreadableValues: text = "ignored \(n("elevation, accuracy, speed or course value", "elevation, accuracy, speed or course values")) that \(count == 1 ? "is not a number" : "are not numbers")"
            case .timesWithoutZone: text = "read \(n("time", "times")) without a time zone as UTC"
            case .badChecksums: text = "skipped \(n("sentence", "sentences")) with a bad checksum"
            case .voidFixes:
                text = "skipped \(n("sentence", "sentences")) that \(count == 1 ? "reports" : "report") no satellite fix (RMC or GLL status V, GGA quality 0, GNS mode N)"
            case .malformedSentences: text = "skipped \(n("RMC, GGA, GLL, GNS or ZDA sentence", "RMC, GGA, GLL, GNS or ZDA sentences")) with unreadable fields"
            case .notSentences: text = "ignored \(n("line", "lines")) that \(count == 1 ? "is not an NMEA sentence" : "are not NMEA sentences")"
            case .binaryBytes: text = "skipped \(n("byte", "bytes")) of binary data between the NMEA sentences (a receiver's binary protocol)"
            case .binaryOnly:
                text = "found no NMEA sentence, only \(n("byte", "bytes")) of binary data: a receiver's binary protocol (UBX, SiRF, TSIP, …), which walkscape does not read; have the receiver or gpsd log NMEA 0183"
            case .undatedFixes: text = "dropped \(n("fix", "fixes")) with no date (GGA, GLL or GNS before the first RMC or ZDA gave one; give the walk's date with --date YYYY-MM-DD)"
            case .unsupportedGeometries: text = "ignored \(n("feature", "features")) whose geometry is not a LineString, MultiLineString or Point"
            case .mismatchedTimes: text = "ignored the times of \(n("line string", "line strings")) whose time list does not match its coordinates"
            case .outOfRangeValues: text = "ignored \(n("elevation, accuracy, HDOP, speed or course value", "elevation, accuracy, HDOP, speed or course values")) out of range (elevation −12000…100000 m, accuracy 0…100000 m, HDOP 0…1000, speed 0…1000 m/s, course −360…720°)"
            case .outOfRangeTimes:
                text = "read \(n("time", "times")) outside 1980–2100 as missing (a clock or unit error?): \(count == 1 ? "its fix is" : "their fixes are") kept and timed as untimed fixes are"
            }
            return "\(text) (first at \(location))"
        }
    }

    /// The most fixes a trace may hold: 5,000,000 (at 44 bytes a fix in `Trace`'s columns, about 220 MB; the
    /// sort and the replay may need as much again). A week of fixes once a second is 604,800; a gzip file of
    /// a few megabytes can expand to tens of millions, which must end in an error, not in swapping.
    public static let defaultFixLimit = 5_000_000

    /// The fixes in file order; a NaN time means the fix had none.
    public var fixes = Trace()
    /// The most fixes this trace keeps (`defaultFixLimit` unless set); those past it are not stored and
    /// `limitError` tells the parser to stop.
    public var fixLimit = RawTrace.defaultFixLimit
    /// Where the first fix past `fixLimit` was ("line 17"), nil while under it.
    public private(set) var overLimitAt: String?
    /// How many fixes have a NaN time.
    public var untimed = 0
    /// Where the first fix without a time is ("line 17").
    public var firstUntimed: String?
    /// The index of the first fix without a time.
    public var firstUntimedIndex: Int?
    /// Where each part of the file (a segment of a track, numbered from 1) starts: the index of its first fix.
    /// Parsers that never call `beginPart` have one part, track 1 segment 1, holding every fix.
    public private(set) var partStarts: [(track: Int, segment: Int, start: Int)] = []
    /// Counted problems in order of first occurrence.
    public private(set) var problems: [(problem: Problem, count: Int, firstAt: String)] = []
    /// How many fixes `takeFixes` moved out: indices (`partStarts`, `firstUntimedIndex`) count them too.
    public private(set) var takenCount = 0

    public init() {}

    /// Starts segment `segment` of track `track` (both numbered from 1): the next fix appended is its first.
    public mutating func beginPart(track: Int, segment: Int) {
        partStarts.append((track, segment, takenCount + fixes.count))
        fixes.startSegment()
    }

    /// Counts one occurrence of `problem`; `location` is evaluated only for the first.
    public mutating func note(_ problem: Problem, at location: () -> String) {
        if let index = problems.firstIndex(where: { $0.problem == problem }) {
            problems[index].count += 1
        } else {
            problems.append((problem, 1, location()))
        }
    }

    /// Counts `count` occurrences of `problem` at once (binary bytes skipped in one run); `location` is
    /// evaluated only for the first.
    public mutating func note(_ problem: Problem, count: Int, at location: () -> String) {
        guard count > 0 else { return }
        if let index = problems.firstIndex(where: { $0.problem == problem }) {
            problems[index].count += count
        } else {
            problems.append((problem, count, location()))
        }
    }

    /// How many times `problem` was noted.
    public func count(of problem: Problem) -> Int {
        problems.first(where: { $0.problem == problem })?.count ?? 0
    }

    /// Appends a fix; a NaN `time` counts it as untimed, the first one at `location`. A fix whose time is
    /// outside 1980–2100 (`ValueRanges.isSaneTraceTime`) is kept without its time and counted as
    /// `.outOfRangeTimes`: every parser hands its fixes over here, so no format lets such a time reach the
    /// replay clock, and no position is lost to a bad clock. Measurements
    /// outside their ranges (an elevation of 10^30 m, a negative accuracy) become NaN (absent), counted as
    /// `.outOfRangeValues`, so a display or a sum never meets them.
    public mutating func append(
        time: Double, lat: Double, lng: Double, elevation: Float, accuracy: Float, hdop: Float, speed: Float,
        course: Float, location: () -> String
    ) {
        guard fixes.count < fixLimit else {
            if overLimitAt == nil { overLimitAt = location() }
            return
        }
        var time = time
        if !time.isNaN && !ValueRanges.isSaneTraceTime(time) {
            // The position is good; the time cannot be: keep the fix, untimed (TraceNormalizer times it).
            note(.outOfRangeTimes, at: location)
            time = .nan
        }
        var elevation = elevation, accuracy = accuracy, hdop = hdop, speed = speed, course = course
        var outOfRange = false
        func bound(_ value: inout Float, _ range: ClosedRange<Float>) {
            if !value.isNaN && !range.contains(value) {
                value = .nan
                outOfRange = true
            }
        }
        bound(&elevation, -12_000...100_000)
        bound(&accuracy, 0...100_000)
        bound(&hdop, 0...1000)
        bound(&speed, 0...1000)
        bound(&course, -360...720)
        if outOfRange { note(.outOfRangeValues, at: location) }
        if time.isNaN {
            untimed += 1
            if firstUntimed == nil {
                firstUntimed = location()
                firstUntimedIndex = takenCount + fixes.count
            }
        }
        fixes.append(time: time, lat: lat, lng: lng, elevation: elevation, accuracy: accuracy, hdop: hdop, speed: speed, course: course)
    }

    /// Moves out the fixes before index `end` (of those held), in file order, for a stream replay
    /// (`TraceReplayStream`): memory then holds only what was read since the last call. The fixes taken
    /// keep their segment starts; a segment opened after the last fix taken starts the fixes kept.
    public mutating func takeFixes(before end: Int) -> Trace {
        let end = max(0, min(end, fixes.count))
        guard end > 0 else { return Trace() }
        var taken = Trace()
        var kept = Trace()
        if end == fixes.count {
            taken = fixes
            // A segment opened after the last fix (no fix in it yet) starts the next fixes.
            if taken.segmentStarts.last == taken.count {
                taken.segmentStarts.removeLast()
                kept.segmentStarts = [0]
            }
        } else {
            func split<T>(_ column: [T]) -> ([T], [T]) { (Array(column[..<end]), Array(column[end...])) }
            (taken.times, kept.times) = split(fixes.times)
            (taken.latitudes, kept.latitudes) = split(fixes.latitudes)
            (taken.longitudes, kept.longitudes) = split(fixes.longitudes)
            (taken.elevations, kept.elevations) = split(fixes.elevations)
            (taken.accuracies, kept.accuracies) = split(fixes.accuracies)
            (taken.hdops, kept.hdops) = split(fixes.hdops)
            (taken.speeds, kept.speeds) = split(fixes.speeds)
            (taken.courses, kept.courses) = split(fixes.courses)
            taken.segmentStarts = fixes.segmentStarts.filter { $0 < end }
            kept.segmentStarts = fixes.segmentStarts.filter { $0 >= end }.map { $0 - end }
        }
        fixes = kept
        takenCount += end
        return taken
    }

    /// The error that stops reading once a fix past `fixLimit` was met, nil while under it.
    public var limitError: TraceParseError? {
        guard let overLimitAt else { return nil }
        return TraceParseError(
            line: 0,
            message: "more than \(fixLimit) fixes (the next at \(overLimitAt)); expected at most \(fixLimit), "
                + "the most walkscape keeps in memory: split or thin the trace first (docs/traces.md, \"Limits\")",
            isOverFixLimit: true)
    }

    /// Checks a position: nil when it is usable, else the problem that drops the fix.
    @inline(__always)
    public static func coordinateProblem(lat: Double?, lng: Double?) -> Problem? {
        guard let lat, let lng else { return .unreadableCoordinates }
        guard lat >= -90, lat <= 90, lng >= -180, lng <= 180 else { return .outOfRangeCoordinates }
        return nil
    }
}
