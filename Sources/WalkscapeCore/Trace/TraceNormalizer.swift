/// Turns fixes in file order (`RawTrace`) into the replayable `Trace`: drops fixes without a time when others
/// have one, makes up times when none has, measures the length in file order, and sorts by time.
///
/// Rules (also in docs/traces.md):
/// - Some fixes timed, some not: the untimed ones are dropped, with a warning. A fix without a time cannot be
///   placed on the replay clock, and guessing one between its neighbours would invent data.
/// - No fix timed: times are made up at `walkSpeed` metres a second along the path in file order (crossing
///   from one segment to the next in a straight line), from 2000-01-01T00:00:00Z, with a warning.
/// - `TraceSummary.lengthMeters` is the haversine length of the kept fixes, segment by segment, in file order
///   (before sorting).
/// - Fixes are then ordered by time with a stable sort (equal times keep their file order, duplicates are
///   kept). After sorting, a segment starts wherever two consecutive fixes came from different segments of
///   the file; when the file was already in time order, the segments are exactly the file's.
/// - When more than `sharedTimeWarning` fixes share one time, a warning names the time and the count: the
///   replay sees them all at the same instant (a logger repeating its last fix, a clock that stopped).
public struct TraceNormalizer: Sendable {
    /// The walking speed in metres a second for made-up times.
    public var walkSpeed: Double

    /// The default walking speed for made-up times, in metres a second.
    public static let defaultWalkSpeed = 1.2
    /// Made-up times start here: 2000-01-01T00:00:00Z, in seconds since 1970-01-01T00:00:00Z.
    public static let synthesizedEpoch = 946_684_800.0
    /// More fixes than this sharing one time get a warning (a 10 Hz logger writing whole seconds has 10).
    public static let sharedTimeWarning = 100

    public init(walkSpeed: Double = TraceNormalizer.defaultWalkSpeed) {
        self.walkSpeed = walkSpeed
    }

    /// Normalises `raw`, filling `summary`'s fixes, times, length and warnings (the problems the parser
    /// counted come first, in order of first occurrence).
    public func normalize(_ raw: RawTrace, into summary: inout TraceSummary) -> Trace {
        var warnings = raw.problems.map { $0.problem.warning(count: $0.count, firstAt: $0.firstAt) }
        var trace = raw.fixes
        trace.segmentStarts = Self.cleanStarts(trace.segmentStarts, count: trace.count)
        let timed = trace.count - raw.untimed
        if trace.count > 0 && raw.untimed > 0 && timed > 0 {
            let times = trace.times
            Self.keep(&trace) { !times[$0].isNaN }
            let fixes = raw.untimed == 1 ? "1 fix" : "\(raw.untimed) fixes"
            warnings.append("dropped \(fixes) without a time (first at \(raw.firstUntimed ?? "?")); the other \(timed) \(timed == 1 ? "has" : "have") times")
        }
        summary.lengthMeters = Self.length(trace)
        if trace.count > 0 && timed == 0 {
            var speed = walkSpeed
            if !(speed.isFinite && speed > 0) {
                warnings.append("walking speed \(speed) is not a positive number; used \(Self.defaultWalkSpeed) m/s")
                speed = Self.defaultWalkSpeed
            }
            Self.synthesizeTimes(&trace, speed: speed)
            summary.timesSynthesized = true
            let at = formatFixed(speed, 2)
            warnings.append("no fix has a time; made up times at \(at) m/s along the path from \(ISO8601Time.format(Self.synthesizedEpoch))")
        }
        let outOfOrder = Self.countOutOfOrder(trace.times)
        if outOfOrder > 0 {
            Self.sortByTime(&trace)
            warnings.append("sorted the fixes by time: \(outOfOrder) \(outOfOrder == 1 ? "was" : "were") earlier than the fix before in the file")
        }
        let shared = Self.largestSharedTime(trace.times)
        if shared.count > Self.sharedTimeWarning {
            warnings.append("\(shared.count) fixes share the time \(ISO8601Time.format(shared.time)); the replay sees them all at that one instant (a logger repeating its last fix?)")
        }
        summary.fixes = trace.count
        summary.firstTime = trace.times.first
        summary.lastTime = trace.times.last
        summary.warnings += warnings
        return trace
    }

    /// Segment starts that are ascending, unique, inside the trace and start at 0 (empty when no fixes).
    static func cleanStarts(_ starts: [Int], count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var result = [0]
        for start in starts where start > result[result.count - 1] && start < count { result.append(start) }
        return result
    }

    /// The haversine length of `trace` in its current order, segment by segment.
    static func length(_ trace: Trace) -> Double {
        guard trace.count > 1 else { return 0 }
        var total = 0.0
        var boundaries = trace.segmentStarts.makeIterator()
        var nextStart = boundaries.next() ?? Int.max
        for i in 0..<trace.count {
            if i == nextStart {
                nextStart = boundaries.next() ?? Int.max
                continue
            }
            total += Geodesy.distance(trace.location(i - 1), trace.location(i))
        }
        return total
    }

    /// Keeps the fixes for which `keep(index)` is true; a segment starts wherever two consecutive kept fixes
    /// came from different segments.
    static func keep(_ trace: inout Trace, where keep: (Int) -> Bool) {
        let order = (0..<trace.count).filter(keep)
        rearrange(&trace, order: order)
    }

    /// Sets times at `speed` along the path from `synthesizedEpoch`.
    static func synthesizeTimes(_ trace: inout Trace, speed: Double) {
        var distance = 0.0
        for i in 0..<trace.count {
            if i > 0 { distance += Geodesy.distance(trace.location(i - 1), trace.location(i)) }
            trace.times[i] = synthesizedEpoch + distance / speed
        }
    }

    /// The time shared by the most consecutive fixes of sorted `times`, and how many share it (0 when empty).
    static func largestSharedTime(_ times: [Double]) -> (time: Double, count: Int) {
        var best = (time: 0.0, count: 0)
        var start = 0
        for i in 0..<times.count where i == times.count - 1 || times[i + 1] != times[i] {
            if i - start + 1 > best.count { best = (times[i], i - start + 1) }
            start = i + 1
        }
        return best
    }

    /// How many times are earlier than the one before.
    static func countOutOfOrder(_ times: [Double]) -> Int {
        var count = 0
        if times.count > 1 {
            for i in 1..<times.count where times[i] < times[i - 1] { count += 1 }
        }
        return count
    }

    /// Sorts by time, stable (ties keep their file order).
    static func sortByTime(_ trace: inout Trace) {
        let times = trace.times
        let order = Array(0..<trace.count).sorted { a, b in times[a] < times[b] || (times[a] == times[b] && a < b) }
        rearrange(&trace, order: order)
    }

    /// Replaces the fixes by `trace`'s fixes at the indices `order`; a segment starts wherever two consecutive
    /// fixes of the result came from different segments.
    static func rearrange(_ trace: inout Trace, order: [Int]) {
        var segmentOf = [Int32](repeating: 0, count: trace.count)
        var segment: Int32 = -1
        var boundaries = trace.segmentStarts.makeIterator()
        var nextStart = boundaries.next() ?? Int.max
        for i in 0..<trace.count {
            if i == nextStart {
                segment += 1
                nextStart = boundaries.next() ?? Int.max
            }
            segmentOf[i] = segment
        }
        func pick<T>(_ column: [T]) -> [T] { order.map { column[$0] } }
        trace.times = pick(trace.times)
        trace.latitudes = pick(trace.latitudes)
        trace.longitudes = pick(trace.longitudes)
        trace.elevations = pick(trace.elevations)
        trace.accuracies = pick(trace.accuracies)
        trace.hdops = pick(trace.hdops)
        trace.speeds = pick(trace.speeds)
        trace.courses = pick(trace.courses)
        var starts: [Int] = []
        for (position, index) in order.enumerated() where position == 0 || segmentOf[index] != segmentOf[order[position - 1]] {
            starts.append(position)
        }
        trace.segmentStarts = starts
    }
}
