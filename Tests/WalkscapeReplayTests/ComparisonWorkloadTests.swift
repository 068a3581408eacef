import Testing
import WalkscapeCore
import WalkscapeReplay
import WalkscapeTestSupport

/// `compare`'s budget: fixes × profiles × phases, counted (not timed), refused over `maxFixReplays` with the
/// estimate in words; a count that does not fit in an Int is refused too, not wrapped.
@Suite struct ComparisonWorkloadTests {
    @Test func theBudgetIsInclusiveAndSaysWhatToGive() throws {
        let limit = ComparisonWorkload.maxFixReplays
        try ComparisonWorkload(fixes: limit / 8, traces: 3, profiles: 4, phases: 2).check()
        let over = try #require(throws: ValueProblem.self) {
            try ComparisonWorkload(fixes: limit / 8 + 1, traces: 3, profiles: 4, phases: 2).check()
        }
        expectEqual(over.message, "3 traces of \(limit / 8 + 1) fixes in all × 4 profiles × 2 phases would replay \(limit + 8) fixes (about 6 min); "
            + "one run replays at most \(limit) (about 6 min): give fewer --trace or --profile, or lower --phases, or split the walks over several runs.")
        let one = try #require(throws: ValueProblem.self) { try ComparisonWorkload(fixes: limit, traces: 1, profiles: 2, phases: nil).check() }
        expectEqual(one.message, "1 trace of \(limit) fixes in all × 2 profiles would replay \(2 * limit) fixes (about 12 min); "
            + "one run replays at most \(limit) (about 6 min): give fewer --trace or --profile, or split the walks over several runs.")
        let huge = try #require(throws: ValueProblem.self) { try ComparisonWorkload(fixes: Int.max / 2, traces: 2, profiles: 4, phases: 360).check() }
        expectContains(huge.message, "would replay more fixes than can be counted;")
    }

    @Test func durationsAreWordsFromTheDocumentedRate() {
        let rate = ComparisonWorkload.fixesPerSecond
        expectEqual(ComparisonWorkload.duration(0), "about 1 s")
        expectEqual(ComparisonWorkload.duration(Int(rate * 89)), "about 89 s")
        expectEqual(ComparisonWorkload.duration(Int(rate * 90)), "about 2 min")
        expectEqual(ComparisonWorkload.duration(Int(rate * 5_399)), "about 90 min")
        expectEqual(ComparisonWorkload.duration(Int(rate * 5_400)), "about 1.5 h")
    }

    /// Several traces are read once more only to be counted when their worst case (the per-file fix limit each)
    /// could pass the budget: two walks under four profiles cannot, fifteen phases of them can.
    @Test func tracesAreCountedOnlyWhenTheirWorstCaseCouldPassTheBudget() {
        expectTrue(!ComparisonWorkload.mightExceed(traces: 2, profiles: 4, phases: nil, fixLimit: 5_000_000))
        expectTrue(!ComparisonWorkload.mightExceed(traces: 10, profiles: 4, phases: nil, fixLimit: 5_000_000))
        expectTrue(ComparisonWorkload.mightExceed(traces: 11, profiles: 4, phases: nil, fixLimit: 5_000_000))
        expectTrue(ComparisonWorkload.mightExceed(traces: 2, profiles: 4, phases: 15, fixLimit: 5_000_000))
        expectTrue(ComparisonWorkload.mightExceed(traces: Int.max / 2, profiles: 2, phases: nil, fixLimit: 5_000_000))
    }
}
