import WalkscapeCore

/// How much replaying a `compare` run asks for, in fixes replayed (each walk's fixes once for every profile and
/// phase), and the refusal of a run over the budget, with its estimated time, before anything is replayed.
///
/// The estimate is a count, not a clock: the same run gives the same figure on any machine. Its minutes come
/// from a documented rate (`fixesPerSecond`, measured in docs/benchmarks.md, "compare's budget").
public struct ComparisonWorkload: Sendable, Equatable {
    /// The most fixes one run replays: about 6 minutes at `fixesPerSecond`.
    public static let maxFixReplays = 200_000_000
    /// Fixes replayed a second by the debug build on one core of the reference machine (docs/benchmarks.md).
    public static let fixesPerSecond = 550_000.0

    /// The fixes of every walk, as read.
    public var fixes: Int
    public var traces: Int
    public var profiles: Int
    /// `--phases`, 1 without it.
    public var phases: Int

    public init(fixes: Int, traces: Int, profiles: Int, phases: Int?) {
        self.fixes = fixes
        self.traces = traces
        self.profiles = profiles
        self.phases = phases ?? 1
    }

    /// Fixes × profiles × phases, nil when it does not fit in an `Int`.
    public var fixReplays: Int? {
        let (a, overflowA) = fixes.multipliedReportingOverflow(by: profiles)
        let (b, overflowB) = a.multipliedReportingOverflow(by: phases)
        return overflowA || overflowB ? nil : b
    }

    /// Whether a run of `traces` traces could pass the budget at all: each trace holds at most `fixLimit` fixes
    /// (`RawTrace.defaultFixLimit`), so a run whose worst case fits needs no counting (and no second read).
    public static func mightExceed(traces: Int, profiles: Int, phases: Int?, fixLimit: Int) -> Bool {
        let (worst, overflow) = traces.multipliedReportingOverflow(by: fixLimit)
        guard !overflow, let replays = ComparisonWorkload(fixes: worst, traces: traces, profiles: profiles, phases: phases).fixReplays else { return true }
        return replays > maxFixReplays
    }

    /// `about 6 min` for `count` fixes replayed at `fixesPerSecond`.
    public static func duration(_ count: Int) -> String {
        let seconds = Double(count) / fixesPerSecond
        if seconds < 90 { return "about \(max(1, Int(seconds.rounded()))) s" }
        if seconds < 5_400 { return "about \(Int((seconds / 60).rounded())) min" }
        return "about \(formatShortNumber((seconds / 3_600 * 10).rounded() / 10)) h"
    }

    /// Refuses a run over `maxFixReplays`: what it would replay, how long that takes, and what to give instead.
    public func check() throws(ValueProblem) {
        let count = fixReplays
        if let count, count <= Self.maxFixReplays { return }
        let shape = "\(traces) trace\(traces == 1 ? "" : "s") of \(fixes) fixes in all × \(profiles) profiles" + (phases > 1 ? " × \(phases) phases" : "")
        let amount = count.map { "\($0) fixes (\(Self.duration($0)))" } ?? "more fixes than can be counted"
        throw ValueProblem(
            "\(shape) would replay \(amount); one run replays at most \(Self.maxFixReplays) (\(Self.duration(Self.maxFixReplays))): "
                + "give fewer --trace or --profile\(phases > 1 ? ", or lower --phases" : ""), or split the walks over several runs.")
    }
}
