import Testing
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
        #expect(keys == ["point 3 heard", "completion", "tour_started event", "point_triggered event", "tour_completed event"], "\(keys)")
        let heard = comparison.differences[0]
        #expect(heard.aspect == .heard && heard.rule == .completion && heard.point == 3)
        #expect(heard.outcomes[0] == "never triggers, never plays")
        #expect(heard.outcomes[1].hasPrefix("plays from "))
        #expect(heard.citations[0]?.contains("PlayerViewModel.kt:106–109") == true)
        #expect(heard.citations[1]?.contains("PlayerViewModel.kt:117–131") == true)
        let completion = comparison.differences[1]
        #expect(completion.outcomes[0].hasPrefix("completed at ") && completion.outcomes[0].hasSuffix(" without playing 3"))
        let started = comparison.differences[2]
        #expect(started.outcomes == [#"sends 1; only here: 0:00.0 {}"#, #"sends 1; only here: 0:00.0 {"triggerType":"gps"}"#])
        #expect(started.citations[1]?.contains("AnalyticsService.kt:117–118") == true)
        let completed = try #require(comparison.differences.last)
        #expect(completed.outcomes[1].contains(#""durationMinutes":"#) && completed.outcomes[1].contains(#""triggerType":"gps""#))
    }

    /// An unfinished walk: 1.1.12 sends tour_abandoned, 1.1.1-beta sends nothing; nothing else differs.
    @Test func anUnfinishedWalkIsAbandonedOnlyByOneOneTwelve() {
        let comparison = Self.compare(.android5c84126, .androidEfba3ee, trace: northWalk(until: 250))
        #expect(comparison.differences.map(\.key) == ["tour_started event", "tour_abandoned event"])
        #expect(comparison.differences[1].outcomes[0] == "sends none")
        #expect(comparison.differences[1].rule == .abandonedEvent)
    }

    /// iOS 1.2 and 1.6 do the same on a walk: no difference.
    @Test func theTwoIOSBuildsAgreeOnAWalk() {
        #expect(Self.compare(.ios5c84126, .iosEfba3ee).differences.isEmpty)
        #expect(Self.compare(.android5c84126, .android5c84126).differences.isEmpty)
    }

    /// The catalogue of changes between builds: only same-platform pairs, earlier to later, and every
    /// change a walk can show names a key `BuildComparison` produces.
    @Test func theChangeCatalogueLinksToWalkDifferences() {
        let android = AppBuildChange.between(.android5c84126, .androidEfba3ee)
        #expect(android.count >= 4)
        #expect(AppBuildChange.between(.androidEfba3ee, .android5c84126).isEmpty)
        #expect(AppBuildChange.between(.ios5c84126, .android5c84126).isEmpty)
        let keys = Set(Self.compare(.android5c84126, .androidEfba3ee).differences.map(\.key))
            .union(Self.compare(.android5c84126, .androidEfba3ee, trace: northWalk(until: 250)).differences.map(\.key))
        for change in android { if let key = change.walkKey { #expect(keys.contains(key), "\(key)") } }
        #expect(AppBuildChange.between(.ios5c84126, .iosEfba3ee).allSatisfy { $0.walkKey == nil })
    }
}
