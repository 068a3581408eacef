import WalkscapeCore
/// Turns fixes in file order (`RawTrace`) into the replayable `Trace`: lists the file's parts, keeps the part
/// chosen, times the fixes that have no time, measures the length in file order, sorts by time and warns about
/// long gaps.
///
/// Rules (also in docs/traces.md):
/// - The file's parts (segments of tracks) are listed in `TraceSummary.parts`; `selection` keeps one track or
///   one segment (all of them by default, read as one walk).
/// - Some fixes timed, most not (more than half untimed): the whole walk is timed at `walkSpeed` metres a
///   second along the path, keeping the first timed fix's time, with a warning.
/// - Some fixes timed, a few not: an untimed fix between two timed ones gets a time interpolated by distance
///   along the path; one before the first or after the last timed fix is timed at `walkSpeed` from it.
/// - No fix timed: times are made up at `walkSpeed` metres a second along the path in file order (crossing
///   from one segment to the next in a straight line), from 2000-01-01T00:00:00Z, with a warning.
/// - `TraceSummary.lengthMeters` is the haversine length of the kept fixes, segment by segment, in file order
///   (before sorting).
/// - Times outside 1980–2100 never get here: `RawTrace.append` keeps those fixes untimed (one warning with the
///   count), so they are timed as above.
///   A trace spanning more than 3 days (`ValueRanges.longTraceSeconds`) is kept, with one warning.
/// - Fixes are then ordered by time with a stable sort (equal times keep their file order, duplicates are
///   kept). After sorting, a segment starts wherever two consecutive fixes came from different segments of
///   the file; when the file was already in time order, the segments are exactly the file's.
/// - A gap of more than `longGap` seconds between consecutive fixes is a warning (probably two walks).
/// - When more than `sharedTimeWarning` fixes share one time, a warning names the time and the count: the
///   replay sees them all at the same instant (a logger repeating its last fix, a clock that stopped).
public struct TraceNormalizer: Sendable {
    /// The walking speed in metres a second for made-up times.
    public var walkSpeed: Double
    /// The part of the file kept.
    public var selection: TraceSelection

    /// The default walking speed for made-up times, in metres a second.
    public static let defaultWalkSpeed = 1.2
    /// Made-up times start here: 2000-01-01T00:00:00Z, in seconds since 1970-01-01T00:00:00Z.
    public static let synthesizedEpoch = 946_684_800.0
    /// A gap between fixes longer than this many seconds is a warning.
    public static let longGap = 3600.0
    /// More fixes than this sharing one time get a warning (a 10 Hz logger writing whole seconds has 10).
    public static let sharedTimeWarning = 100

    public init(walkSpeed: Double = TraceNormalizer.defaultWalkSpeed, selection: TraceSelection = TraceSelection()) {
        self.walkSpeed = walkSpeed
        self.selection = selection
    }

    /// Normalises `raw`, filling `summary`'s parts, fixes, times, length and warnings (the problems the parser
    /// counted come first, in order of first occurrence); throws when `selection` names a part the file lacks.
    public func normalize(_ raw: RawTrace, into summary: inout TraceSummary) throws(TraceParseError) -> Trace {
        var warnings = raw.problems.map { $0.problem.warning(count: $0.count, firstAt: $0.firstAt) }
        summary.undatedFixes = raw.problems.first { $0.problem == .undatedFixes }?.count ?? 0
        var trace = raw.fixes
        trace.segmentStarts = Self.cleanStarts(trace.segmentStarts, count: trace.count)
        let ranges = Self.partRanges(raw)
        let parts = ranges.map { Self.part($0.track, $0.segment, of: raw.fixes, in: $0.range) }
        summary.parts = parts
        var firstUntimed = raw.firstUntimed
        if !selection.isAll {
            let picked = try selection.pick(from: parts).get().map { ranges[$0].range }
            Self.keep(&trace) { index in picked.contains { $0.contains(index) } }
            if let index = raw.firstUntimedIndex, !picked.contains(where: { $0.contains(index) }) { firstUntimed = nil }
        }
        if let reason = Self.impossibleTimes(trace.times) {
            for i in 0..<trace.count { trace.times[i] = .nan }
            firstUntimed = nil
            warnings.append("\(reason): these cannot be a walk's times, so the fixes are timed as an untimed file's are")
        }
        let untimed = trace.times.reduce(0) { $1.isNaN ? $0 + 1 : $0 }
        let timed = trace.count - untimed
        summary.timedFixes = timed
        let at = firstUntimed.map { " (first at \($0))" } ?? ""
        if untimed > 0 && timed > 0 {
            let speed = checkedSpeed(&warnings)
            let firstTimed = trace.times.firstIndex { !$0.isNaN } ?? 0
            if untimed * 2 > trace.count {
                let keep = trace.times[firstTimed]
                Self.synthesizeTimes(&trace, speed: speed)
                let shift = keep - trace.times[firstTimed]
                for i in 0..<trace.count { trace.times[i] += shift }
                summary.timesSynthesized = true
                let lacking = firstUntimed.map { " (the first without one at \($0))" } ?? ""
                warnings.append("only \(timed) of \(trace.count) fixes have a time\(lacking); timed the whole walk at \(formatFixed(speed, 2)) m/s along the path, keeping the first timed fix's time (\(ISO8601Time.format(keep)))")
            } else {
                let ends = Self.interpolateTimes(&trace, speed: speed)
                let fixes = untimed == 1 ? "1 fix" : "\(untimed) fixes"
                var text = "\(fixes) without a time\(at): timed \(untimed - ends == 1 ? "1" : "\(untimed - ends)") between timed neighbours by distance along the path"
                if ends > 0 { text += ", \(ends) before the first or after the last timed fix at \(formatFixed(speed, 2)) m/s" }
                warnings.append(text)
            }
        }
        summary.lengthMeters = Self.length(trace)
        if trace.count > 0 && timed == 0 {
            let speed = checkedSpeed(&warnings)
            Self.synthesizeTimes(&trace, speed: speed)
            summary.timesSynthesized = true
            warnings.append("no fix has a time; made up times at \(formatFixed(speed, 2)) m/s along the path from \(ISO8601Time.format(Self.synthesizedEpoch))")
        }
        if summary.timesSynthesized && selection.isAll {
            // The parts' spans as timed here (made up), so that the parts table and the start and end agree.
            for (k, range) in ranges.enumerated() where summary.parts[k].timedFixes < summary.parts[k].fixes && !range.range.isEmpty {
                summary.parts[k].madeUpTimes = true
                summary.parts[k].firstTime = trace.times[range.range].min()
                summary.parts[k].lastTime = trace.times[range.range].max()
            }
        }
        let outOfOrder = Self.countOutOfOrder(trace.times)
        if outOfOrder > 0 {
            Self.sortByTime(&trace)
            warnings.append("sorted the fixes by time: \(outOfOrder) \(outOfOrder == 1 ? "was" : "were") earlier than the fix before in the file")
        }
        // Made-up times have made-up gaps (the straight line between two tracks at walking speed): only a
        // gap between times the file gave is the walker's.
        warnings += Self.timeWarnings(
            first: trace.times.first, last: trace.times.last, gaps: summary.timesSynthesized ? nil : Self.longGaps(trace.times),
            shared: Self.largestSharedTime(trace.times), parts: parts.count, tracks: Set(parts.map(\.track)).count,
            wholeFile: selection.isAll)
        summary.fixes = trace.count
        summary.firstTime = trace.times.first
        summary.lastTime = trace.times.last
        summary.warnings += warnings
        return trace
    }

    /// The warnings about the times of fixes in time order: a span over `ValueRanges.longTraceSeconds`,
    /// gaps over `longGap` (naming the file's `parts` in `tracks` when the whole file was read), more than
    /// `sharedTimeWarning` fixes at one time. `TraceReplayStream` gives the same from running counts.
    public static func timeWarnings(
        first: Double?, last: Double?, gaps: (count: Int, longest: Double, from: Double)?, shared: (time: Double, count: Int),
        parts: Int, tracks: Int, wholeFile: Bool
    ) -> [String] {
        var warnings: [String] = []
        if let first, let last, last - first > ValueRanges.longTraceSeconds {
            warnings.append("the fixes span \(Self.span(last - first)) (from \(ISO8601Time.format(first)) to \(ISO8601Time.format(last))); a walk lasts hours: are these several recordings in one file?")
        }
        if let gap = gaps {
            var text = "\(gap.count == 1 ? "a gap" : "\(gap.count) gaps") of over an hour between fixes"
            text += gap.count == 1 ? ": " : ", the longest "
            text += "\(Self.hours(gap.longest)) from \(ISO8601Time.format(gap.from)) to \(ISO8601Time.format(gap.from + gap.longest)); is this more than one walk?"
            if wholeFile && parts > 1 {
                text += " The file has \(tracks) track\(tracks == 1 ? "" : "s") in \(parts) segments: pick one with --track N (and --segment M); walkscape inspect lists them"
            }
            warnings.append(text)
        }
        if shared.count > Self.sharedTimeWarning {
            warnings.append("\(shared.count) fixes share the time \(ISO8601Time.format(shared.time)); the replay sees them all at that one instant (a logger repeating its last fix?)")
        }
        return warnings
    }

    /// Why the times of a file cannot be a walk's, or nil when they may be: at least three timed fixes all at one
    /// instant (a clock that never ran), or times going back at 10 steps or more, between a quarter and three
    /// quarters of the steps in file order (a scrambled clock; a file saved backwards goes back at nearly every
    /// step and is only sorted).
    static func impossibleTimes(_ times: [Double]) -> String? {
        let timed = times.filter { !$0.isNaN }
        guard timed.count >= 3, let first = timed.first else { return nil }
        if timed.allSatisfy({ $0 == first }) {
            return "all \(timed.count) timed fixes have the same time, \(ISO8601Time.format(first))"
        }
        let steps = timed.count - 1
        let back = zip(timed, timed.dropFirst()).reduce(0) { $1.1 < $1.0 ? $0 + 1 : $0 }
        if back >= 10 && back * 4 > steps && back * 4 < steps * 3 {
            return "the time goes back at \(back) of \(steps) steps from fix to fix"
        }
        return nil
    }

    /// A long span in words: `4.5 days`, `37 years`.
    static func span(_ seconds: Double) -> String {
        let days = seconds / 86_400
        return days < 365 ? formatFixed(days, 1) + " days" : formatFixed(days / 365.25, 1) + " years"
    }

    /// `walkSpeed` when it is between 0.1 and 10 m/s, else the default with a warning.
    private func checkedSpeed(_ warnings: inout [String]) -> Double {
        if walkSpeed >= 0.1 && walkSpeed <= 10 { return walkSpeed }
        warnings.append("walking speed \(formatShortNumber(walkSpeed)) is not between 0.1 and 10 m/s; used \(Self.defaultWalkSpeed) m/s")
        return Self.defaultWalkSpeed
    }

    /// Each part's track and segment numbers and its range of fixes in file order; one part (track 1,
    /// segment 1) when the parser marked none and there are fixes.
    static func partRanges(_ raw: RawTrace) -> [(track: Int, segment: Int, range: Range<Int>)] {
        let count = raw.fixes.count
        guard !raw.partStarts.isEmpty else { return count > 0 ? [(1, 1, 0..<count)] : [] }
        var result: [(track: Int, segment: Int, range: Range<Int>)] = []
        for (k, mark) in raw.partStarts.enumerated() {
            let end = k + 1 < raw.partStarts.count ? raw.partStarts[k + 1].start : count
            result.append((mark.track, mark.segment, min(mark.start, end)..<end))
        }
        if let first = result.first, first.range.lowerBound > 0 {
            // Fixes before the first marked part (not made by the parsers here) count with it.
            result[0].range = 0..<first.range.upperBound
        }
        return result
    }

    /// What part `range` of `fixes` holds.
    static func part(_ track: Int, _ segment: Int, of fixes: Trace, in range: Range<Int>) -> TracePart {
        var part = TracePart(track: track, segment: segment, fixes: range.count)
        for i in range {
            if i > range.lowerBound { part.lengthMeters += Geodesy.distance(fixes.location(i - 1), fixes.location(i)) }
            let time = fixes.times[i]
            guard !time.isNaN else { continue }
            part.timedFixes += 1
            part.firstTime = min(part.firstTime ?? time, time)
            part.lastTime = max(part.lastTime ?? time, time)
        }
        return part
    }

    /// Cumulative distance along the path in the current order, from the first fix (straight across segments).
    static func distances(_ trace: Trace) -> [Double] {
        var result = [Double](repeating: 0, count: trace.count)
        for i in 1..<max(1, trace.count) { result[i] = result[i - 1] + Geodesy.distance(trace.location(i - 1), trace.location(i)) }
        return result
    }

    /// Gives every untimed fix a time: between two timed fixes by distance along the path (by position in
    /// the file when they are at the same place), before the first or after the last timed fix at `speed`
    /// from it. Returns how many were timed at the ends.
    static func interpolateTimes(_ trace: inout Trace, speed: Double) -> Int {
        let along = distances(trace)
        let timed = trace.times.indices.filter { !trace.times[$0].isNaN }
        guard let first = timed.first, let last = timed.last else { return 0 }
        var ends = 0
        for i in 0..<first {
            trace.times[i] = trace.times[first] - (along[first] - along[i]) / speed
            ends += 1
        }
        for i in (last + 1)..<max(last + 1, trace.count) {
            trace.times[i] = trace.times[last] + (along[i] - along[last]) / speed
            ends += 1
        }
        for (a, b) in zip(timed, timed.dropFirst()) where b > a + 1 {
            let span = along[b] - along[a]
            for i in (a + 1)..<b {
                let fraction = span > 0 ? (along[i] - along[a]) / span : Double(i - a) / Double(b - a)
                trace.times[i] = trace.times[a] + (trace.times[b] - trace.times[a]) * fraction
            }
        }
        return ends
    }

    /// How many gaps between consecutive times are longer than `longGap`, the longest and where it starts;
    /// nil when none is.
    static func longGaps(_ times: [Double]) -> (count: Int, longest: Double, from: Double)? {
        var result: (count: Int, longest: Double, from: Double)?
        for i in 1..<max(1, times.count) {
            let gap = times[i] - times[i - 1]
            guard gap > longGap else { continue }
            if let found = result {
                result = (found.count + 1, max(found.longest, gap), gap > found.longest ? times[i - 1] : found.from)
            } else {
                result = (1, gap, times[i - 1])
            }
        }
        return result
    }

    /// `h:mm:ss` for a gap (whole hours beyond a billion seconds).
    static func hours(_ seconds: Double) -> String {
        guard seconds < 1e9 else { return formatFixed(seconds / 3600, 0) + " hours" }
        let total = Int(seconds.rounded())
        let m = total / 60 % 60, s = total % 60
        return "\(total / 3600):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s)"
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
