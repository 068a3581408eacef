import WalkscapeCore
/// Which live fixes go on to the walk, judged by their times (`track`, `play --gps`): a fix far from the
/// other fixes' time (a receiver's date gone wrong: a fix dated 2096, a GPS week rollover) is dropped with a
/// warning and the walk goes on; a fix older than the last one taken is dropped and counted; a fix repeating
/// the last one's time (gpsd reports an epoch more than once) is skipped.
///
/// The walk's time is settled by agreement, so that no lone fix can take it away: the first fix waits for a
/// second within `farSeconds` after it (the walk starts one fix late), and a fix more than `farSeconds` ahead
/// of the last one taken waits for `confirmations` in a row agreeing with it over `confirmationSeconds` (a real
/// gap that long, in a replay of a recorded walk, is then taken; a short burst of bad dates is dropped as soon as a
/// fix of the walk's own time comes). Fixes that agree with each other are held together in a run;
/// when one run is taken the others are dropped.
public struct FixTimeGate: Sendable {
    /// Fixes further apart in time than this (12 hours) are not of one walk.
    public static let farSeconds = 12 * 3600.0
    /// Fixes in a row, agreeing with each other, that move the walk's time more than `farSeconds` ahead: ten,
    /// spanning at least `confirmationSeconds` of their own time, with no fix of the walk's own time among them
    /// (one drops them). A burst of bad fixes from a receiver (three TPVs dated 2099) is outnumbered by the walk
    /// that goes on around it; a real gap (a log replayed across days) goes on for as long as the walk does.
    public static let confirmations = 10
    /// The least span of their own time the confirming fixes cover, in seconds.
    public static let confirmationSeconds = 10.0
    /// The most runs held at once (the oldest is dropped past it).
    static let maxRuns = 4

    /// What one fix (or the end) lets through.
    public struct Outcome: Sendable, Equatable {
        /// The fixes to hand on, in order.
        public var fixes: [Fix] = []
        /// One line for each run of fixes dropped for being far from the walk's time.
        public var warnings: [String] = []
    }

    /// Fixes dropped as older than the one before (within `farSeconds` of it).
    public private(set) var older = 0
    /// Fixes dropped as far from the walk's time.
    public private(set) var far = 0
    /// The last fix taken's time; nil until the start is settled.
    private var lastTime: Double?
    /// Fixes waiting for agreement, in runs of fixes that agree with each other.
    private var runs: [[Fix]] = []
    /// Fixes far behind the walk's time, in a row since the last other fix: the first and how many (they are
    /// dropped together with one warning when the row ends; a row is never held, however long).
    private var behind: (first: Fix, count: Int)?

    public init() {}

    /// Judges the next fix.
    public mutating func pass(_ fix: Fix) -> Outcome {
        var outcome = Outcome()
        guard fix.time.isFinite else { return outcome }
        if let last = lastTime {
            if fix.time < last && last - fix.time > Self.farSeconds {
                // Far behind: held with the ones before it in a row, so that a run of them is one warning.
                behind = (behind?.first ?? fix, (behind?.count ?? 0) + 1)
                return outcome
            }
            dropBehind(against: last, into: &outcome)
            if fix.time == last { return outcome }
            if fix.time < last {
                older += 1
                return outcome
            }
            if fix.time - last <= Self.farSeconds {
                dropRuns(against: fix.time, into: &outcome)
                lastTime = fix.time
                outcome.fixes = [fix]
                return outcome
            }
        }
        // The start, or a fix far ahead: held in the run it agrees with.
        if let index = runs.firstIndex(where: { fix.time >= $0[$0.count - 1].time && fix.time - $0[$0.count - 1].time <= Self.farSeconds }) {
            if fix.time == runs[index][runs[index].count - 1].time { return outcome }
            runs[index].append(fix)
            let run = runs[index]
            let confirmed = lastTime == nil
                ? run.count >= 2
                : run.count >= Self.confirmations && run[run.count - 1].time - run[0].time >= Self.confirmationSeconds
            if confirmed {
                let run = runs.remove(at: index)
                let settled = run[run.count - 1].time
                if let last = lastTime {
                    outcome.warnings.append(
                        "the fixes' time moved \(Self.span(settled - last)) ahead (\(run.count) fixes in a row agree); the walk goes on from \(ISO8601Time.format(run[0].time))")
                }
                dropRuns(against: settled, into: &outcome)
                lastTime = settled
                outcome.fixes = run
            }
            return outcome
        }
        runs.append([fix])
        if runs.count > Self.maxRuns {
            let oldest = runs.removeFirst()
            drop(oldest, against: fix.time, into: &outcome)
        }
        return outcome
    }

    /// The source ended: a start that had no second fix to agree with is taken when nothing contradicts it;
    /// other fixes still held are dropped.
    public mutating func finish() -> Outcome {
        var outcome = Outcome()
        if let last = lastTime { dropBehind(against: last, into: &outcome) }
        if lastTime == nil, runs.count == 1 {
            outcome.fixes = runs.removeFirst()
            lastTime = outcome.fixes.last?.time
            return outcome
        }
        let against = lastTime ?? runs.last?.last?.time ?? 0
        dropRuns(against: against, into: &outcome)
        return outcome
    }

    /// Drops the fixes far behind the walk's time held since the last other fix, with one warning.
    private mutating func dropBehind(against time: Double, into outcome: inout Outcome) {
        guard let row = behind else { return }
        behind = nil
        far += row.count
        outcome.warnings.append(Self.droppedWarning(first: row.first, count: row.count, against: time))
    }

    private mutating func dropRuns(against time: Double, into outcome: inout Outcome) {
        for run in runs { drop(run, against: time, into: &outcome) }
        runs.removeAll()
    }

    /// Drops `run`: fixes within `farSeconds` of `time` count as older, the others as far (with a warning).
    private mutating func drop(_ run: [Fix], against time: Double, into outcome: inout Outcome) {
        let farFixes = run.filter { abs($0.time - time) > Self.farSeconds }
        older += run.count - farFixes.count
        guard let first = farFixes.first else { return }
        far += farFixes.count
        outcome.warnings.append(Self.droppedWarning(first: first, count: farFixes.count, against: time))
    }

    /// The warning for `count` fixes dropped from `first` on, far from the walk's `time`.
    static func droppedWarning(first: Fix, count: Int, against time: Double) -> String {
        let what = count == 1 ? "a fix dated \(ISO8601Time.format(first.time))" : "\(count) fixes dated from \(ISO8601Time.format(first.time))"
        return "dropped \(what): \(span(abs(first.time - time))) from the other fixes' time (more than \(span(farSeconds)) apart is not one walk); the walk goes on"
    }

    /// "12 h", "3 days", "70 years".
    static func span(_ seconds: Double) -> String {
        let days = seconds / 86_400
        if days >= 730 { return formatFixed(days / 365.25, 0) + " years" }
        if days >= 2 { return formatFixed(days, 0) + " days" }
        return formatShortNumber((seconds / 3600 * 10).rounded() / 10) + " h"
    }
}
