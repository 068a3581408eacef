import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Two builds of one app on one walk: what changes, each difference with its rule and both builds' lines.
@Suite struct BuildComparisonTests {
    static func compare(_ a: EngineProfile, _ b: EngineProfile, trace: Trace = northWalk()) -> BuildComparison {
        BuildComparison(
            tour: lineTour(points: 3), trace: trace, profiles: [a, b], policies: [a.policy, b.policy], tolerance: 0.5, tourID: "t",
            language: "it", pointIDs: [1: "p1", 2: "p2", 3: "p3"])
    }

    @Test func androidOneOneOneAgainstOneOneTwelve() throws {
        let comparison = Self.compare(.android5c84126, .androidEfba3ee)
        let keys = comparison.differences.map(\.key)
        expectEqual(keys, ["point 3 heard", "completion", "tour_started event", "point_triggered event", "tour_completed event"], "\(keys)")
        let heard = comparison.differences[0]
        expectTrue(heard.aspect == .heard && heard.rule == .completion && heard.point == 3)
        expectEqual(heard.outcomes[0], "never triggers, never plays")
        expectTrue(heard.outcomes[1].hasPrefix("plays from "))
        expectTrue(heard.citations[0]?.contains("PlayerViewModel.kt:106–109") == true)
        expectTrue(heard.citations[1]?.contains("PlayerViewModel.kt:117–132") == true)
        let completion = comparison.differences[1]
        expectTrue(completion.outcomes[0].hasPrefix("completed at ") && completion.outcomes[0].hasSuffix(" without playing 3"))
        let started = comparison.differences[2]
        #expect(started.outcomes == [#"sends 1; only here: 0:00.0 {}"#, #"sends 1; only here: 0:00.0 {"triggerType":"gps"}"#])
        expectTrue(started.citations[1]?.contains("AnalyticsService.kt:117–118") == true)
        let completed = try #require(comparison.differences.last)
        #expect(completed.outcomes[1].contains(#""durationMinutes":"#) && completed.outcomes[1].contains(#""triggerType":"gps""#))
    }

    /// An unfinished walk: 1.1.12 sends tour_abandoned, 1.1.1-beta sends nothing; nothing else differs.
    @Test func anUnfinishedWalkIsAbandonedOnlyByOneOneTwelve() {
        let comparison = Self.compare(.android5c84126, .androidEfba3ee, trace: northWalk(until: 250))
        expectEqual(comparison.differences.map(\.key), ["tour_started event", "tour_abandoned event"])
        expectEqual(comparison.differences[1].outcomes[0], "sends none")
        expectEqual(comparison.differences[1].rule, .abandonedEvent)
    }

    /// iOS 1.2 and 1.6 do the same on a walk: no difference.
    @Test func theTwoIOSBuildsAgreeOnAWalk() {
        expectTrue(Self.compare(.ios5c84126, .iosEfba3ee).differences.isEmpty)
        expectTrue(Self.compare(.android5c84126, .android5c84126).differences.isEmpty)
    }

    /// The catalogue of changes between builds: only same-platform pairs, earlier to later, and every
    /// change a walk can show names a key `BuildComparison` produces.
    @Test func theChangeCatalogueLinksToWalkDifferences() {
        let android = AppBuildChange.between(.android5c84126, .androidEfba3ee)
        expectTrue(android.count >= 4)
        expectTrue(AppBuildChange.between(.androidEfba3ee, .android5c84126).isEmpty)
        expectTrue(AppBuildChange.between(.ios5c84126, .android5c84126).isEmpty)
        let keys = Set(Self.compare(.android5c84126, .androidEfba3ee).differences.map(\.key))
            .union(Self.compare(.android5c84126, .androidEfba3ee, trace: northWalk(until: 250)).differences.map(\.key))
        for change in android { if let key = change.walkKey { expectTrue(keys.contains(key), "\(key)") } }
        expectTrue(AppBuildChange.between(.ios5c84126, .iosEfba3ee).allSatisfy { $0.walkKey == nil })
    }
}
