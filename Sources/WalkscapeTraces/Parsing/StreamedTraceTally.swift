import WalkscapeCore
/// The running counts a stream replay keeps of the fixes it passes on, in place of the whole trace: whether
/// they can be replayed as they come, and at the end the summary warnings `TraceNormalizer` would give.
///
/// A trace can be replayed as a stream when reading it whole would not change it: every fix has a time and
/// the times never go back (equal times are kept in file order, as the normaliser's stable sort keeps them),
/// and the whole file is read (no `--track`/`--segment`). `accepts` says whether the next fixes keep it so;
/// once it says no, the caller reads the file whole instead. The counts are those of
/// `TraceNormalizer.normalize`: first and last time, gaps over `longGap`, the largest run of one time.
public struct StreamedTraceTally: Sendable {
    /// Fixes passed on so far.
    public private(set) var fixes = 0
    public private(set) var firstTime: Double?
    public private(set) var lastTime: Double?
    private var gaps: (count: Int, longest: Double, from: Double)?
    private var run = (time: 0.0, count: 0)
    private var best = (time: 0.0, count: 0)

    public init() {}

    /// Whether `batch`, following the fixes passed on so far, keeps the trace replayable as a stream (every
    /// fix timed, no time earlier than the one before); the counts are updated only when it does.
    public mutating func accepts(_ batch: Trace) -> Bool {
        var previous = lastTime ?? -.infinity
        for time in batch.times {
            guard !time.isNaN, time >= previous else { return false }
            previous = time
        }
        for time in batch.times { count(time) }
        return true
    }

    private mutating func count(_ time: Double) {
        if let last = lastTime {
            let gap = time - last
            if gap > TraceNormalizer.longGap {
                if let found = gaps {
                    gaps = (found.count + 1, max(found.longest, gap), gap > found.longest ? last : found.from)
                } else {
                    gaps = (1, gap, last)
                }
            }
        } else {
            firstTime = time
        }
        if run.count > 0 && run.time == time {
            run.count += 1
        } else {
            if run.count > best.count { best = run }
            run = (time, 1)
        }
        lastTime = time
        fixes += 1
    }

    /// The summary warnings of the trace passed on, `raw` being what the parser held at the end (its problems
    /// and parts) and `summary` its summary: the parser's own warnings, one per counted problem, then those
    /// about times, in the normaliser's order and words.
    public func warnings(raw: RawTrace, summary: TraceSummary) -> [String] {
        var warnings = summary.warnings
        warnings += raw.problems.map { $0.problem.warning(count: $0.count, firstAt: $0.firstAt) }
        let parts = raw.partStarts.isEmpty ? (fixes > 0 ? 1 : 0) : raw.partStarts.count
        let tracks = raw.partStarts.isEmpty ? parts : Set(raw.partStarts.map(\.track)).count
        let shared = run.count > best.count ? run : best
        warnings += TraceNormalizer.timeWarnings(
            first: firstTime, last: lastTime, gaps: gaps, shared: shared, parts: parts, tracks: tracks, wholeFile: true)
        return warnings
    }
}
