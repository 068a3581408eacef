import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The phone-app rules as (state, action) → events, on `lineTour`'s meridian: point k at 600·(k−1) m north,
/// radius 100 m, 60 s of audio, unless a test says otherwise.
@Suite struct EngineProfileTests {
    static let ios = AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: true)
    static let android = AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: false)
    static let android5c84126 = AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: false, completesOnReachingLastPoint: true)
    static let android2 = AppCursorRules(queueNeedsCurrentRegion: true, refiresOnReentry: false)

    func started(_ policy: EnginePolicy) -> EngineState { started(lineTour(), policy) }

    func started(_ tour: EngineTour, _ policy: EnginePolicy) -> EngineState {
        var state = EngineState(tour: tour, policy: policy)
        _ = TriggerEngine.reduce(&state, .start)
        return state
    }

    // MARK: the app cursor

    @Test func theCurrentPointTriggersAndPlaysLikeWalkscape() {
        var state = started(EnginePolicy(appCursor: Self.android))
        expectEqual(brief(TriggerEngine.reduce(&state, fix(1, -50))), ["1.0 point_entered 1", "1.0 point_triggered 1", "1.0 audio_started 1"])
        expectEqual(state.cursor, 1)
        expectEqual(state.next, 2)
    }

    @Test func reEnteringTheCurrentRegionRefiresAndRestartsOnIOS() {
        var state = started(EnginePolicy(appCursor: Self.ios))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        expectTrue(TriggerEngine.reduce(&state, fix(10, 101)).isEmpty)  // out of the radius, inside the exit margin
        expectTrue(!state.cursorActive)
        let events = TriggerEngine.reduce(&state, fix(20, 90))
        expectEqual(brief(events), ["20.0 point_refired 1", "20.0 audio_finished 1", "20.0 audio_started 1"])
        expectEqual(state.playing, EngineState.Playing(point: 1, startedAt: 20, endsAt: 80))
        expectEqual(state.refires, 1)
        // Staying inside does not fire again.
        expectTrue(TriggerEngine.reduce(&state, fix(30, 80)).isEmpty)
    }

    @Test func reEnteringNeverRefiresOnAndroid() {
        var state = started(EnginePolicy(appCursor: Self.android))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(10, 101))
        expectTrue(TriggerEngine.reduce(&state, fix(20, 90)).isEmpty)
        expectTrue(state.playing?.endsAt == 60)
        expectEqual(state.refires, 0)
    }

    @Test func theNextPointIsFlaggedAndPlaysWhenTheCurrentAudioEnds() {
        var state = started(EnginePolicy(appCursor: Self.android))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        let flagged = TriggerEngine.reduce(&state, fix(30, 550))
        expectEqual(brief(flagged), ["30.0 point_exited 1", "30.0 point_entered 2", "30.0 point_queued 2"])
        expectEqual(state.queue, [2])
        expectTrue(!state.triggered[1])  // flagged, not triggered: the app triggers it when the audio ends
        let end = TriggerEngine.reduce(&state, .advance(to: 61))
        expectEqual(brief(end), ["60.0 audio_finished 1", "60.0 point_triggered 2", "60.0 audio_started 2"])
        expectEqual(state.cursor, 2)
        expectTrue(state.queue.isEmpty)
    }

    @Test func aFlaggedPointPlaysEvenAfterTheWalkerLeftItsRegion() {
        var state = started(EnginePolicy(appCursor: Self.android))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(30, 550))
        _ = TriggerEngine.reduce(&state, fix(40, 300))  // far from both regions
        expectTrue(brief(TriggerEngine.reduce(&state, .advance(to: 60))).contains("60.0 audio_started 2"))
    }

    @Test func theFlagIsSetEvenBeforeTheCurrentPointTriggeredOnTheApps() {
        // Regions of points 1 and 2 overlap; the walker reaches point 2's region first.
        var state = started(lineTour(spacing: 150), EnginePolicy(appCursor: Self.ios))
        expectEqual(brief(TriggerEngine.reduce(&state, fix(0, 190))), ["0.0 point_entered 2", "0.0 point_queued 2"])
        _ = TriggerEngine.reduce(&state, fix(10, 400))  // away again
        expectEqual(brief(TriggerEngine.reduce(&state, fix(20, 0))).suffix(2), ["20.0 point_triggered 1", "20.0 audio_started 1"])
        expectEqual(brief(TriggerEngine.reduce(&state, .advance(to: 80))), ["80.0 audio_finished 1", "80.0 point_triggered 2", "80.0 audio_started 2"])
    }

    @Test func android2FlagsTheNextPointOnlyInsideTheCurrentRegion() {
        var state = started(lineTour(spacing: 150), EnginePolicy(appCursor: Self.android2))
        _ = TriggerEngine.reduce(&state, fix(0, -50))
        // Inside point 2's region but outside point 1's: not flagged.
        expectTrue(!brief(TriggerEngine.reduce(&state, fix(10, 140))).contains("10.0 point_queued 2"))
        expectTrue(state.queue.isEmpty)
        // Back inside both: flagged.
        expectTrue(brief(TriggerEngine.reduce(&state, fix(20, 90))).contains("20.0 point_queued 2"))
    }

    @Test func android2MissesAPointCrossedOutsideTheCurrentRegionForGood() {
        var state = started(EnginePolicy(appCursor: Self.android2))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(30, 560))  // inside point 2 only, while point 1 plays
        _ = TriggerEngine.reduce(&state, fix(50, 800))  // gone before point 1's audio ends
        expectEqual(brief(TriggerEngine.reduce(&state, .advance(to: 61))), ["60.0 audio_finished 1"])
        expectEqual(state.cursor, 2)
        _ = TriggerEngine.reduce(&state, fix(70, 1200))  // in point 3's region: not the current point
        expectEqual(brief(TriggerEngine.reduce(&state, .traceEnded)).last, "70.0 tour_incomplete missed=2,3,4")
    }

    @Test func aQueueDepthOfZeroTurnsTheFlagOff() {
        var state = started(EnginePolicy(queueDepth: 0, appCursor: Self.android))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        expectEqual(brief(TriggerEngine.reduce(&state, fix(30, 550))), ["30.0 point_exited 1", "30.0 point_entered 2"])
        expectEqual(brief(TriggerEngine.reduce(&state, .advance(to: 61))), ["60.0 audio_finished 1"])
        // Still inside at the next fix: it triggers then.
        expectEqual(brief(TriggerEngine.reduce(&state, fix(62, 560))), ["62.0 point_triggered 2", "62.0 audio_started 2"])
    }

    @Test func theTourCompletesWhenTheLastPointsAudioEnds() {
        var state = started(lineTour(points: 2, spacing: 150), EnginePolicy(appCursor: Self.ios))
        _ = TriggerEngine.reduce(&state, fix(0, 75))  // inside both: 1 plays, 2 flagged
        let events = TriggerEngine.reduce(&state, .traceEnded)
        expectEqual(brief(events), [
            "60.0 audio_finished 1", "60.0 point_triggered 2", "60.0 audio_started 2", "120.0 audio_finished 2", "120.0 tour_completed 2",
        ])
    }

    @Test func theAppCursorRejectsDeepQueuesAndSkipping() {
        expectTrue(EnginePolicy(queueDepth: 2, appCursor: Self.ios).conflict != nil)
        expectTrue(EnginePolicy(skipMissed: true, appCursor: Self.ios).conflict != nil)
        expectTrue(EnginePolicy(queueDepth: 0, appCursor: Self.ios).conflict == nil)
        expectTrue(EnginePolicy(queueDepth: 2).conflict == nil)
    }

    // MARK: trigger hysteresis (ideal)

    @Test func hysteresisKeepsAConfirmingStreakAcrossTheEdgeBand() {
        // Fixes at 95, 103, 97 m from point 1 (radius 100, exit margin 10 m).
        var plain = started(EnginePolicy(confirmFixes: 2))
        var steady = started(EnginePolicy(confirmFixes: 2, triggerHysteresis: true))
        for (t, m) in [(0.0, -95.0), (1, -103)] {
            _ = TriggerEngine.reduce(&plain, fix(t, m))
            _ = TriggerEngine.reduce(&steady, fix(t, m))
        }
        expectEqual(steady.insideStreak[0], 2)
        expectEqual(plain.insideStreak[0], 0)
        expectTrue(steady.triggered[0])  // the second fix, in the band, confirms it
        expectTrue(!plain.triggered[0])
        expectEqual(brief(TriggerEngine.reduce(&plain, fix(2, -97))).contains("2.0 point_triggered 1"), false)
        expectTrue(brief(TriggerEngine.reduce(&plain, fix(3, -96))).contains("3.0 point_triggered 1"))
    }

    @Test func hysteresisDoesNotTriggerOutsideTheRadiusFirst() {
        var state = started(EnginePolicy(triggerHysteresis: true))
        expectTrue(TriggerEngine.reduce(&state, fix(0, -105)).isEmpty)
        expectEqual(state.insideStreak[0], 0)
    }

    // MARK: Android's completion when the cursor reaches the last point

    @Test func androidCompletesWhenTheSecondToLastNarrationEndsAndNeverPlaysTheLastPoint() {
        var state = started(lineTour(points: 3), EnginePolicy(appCursor: Self.android5c84126))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(100, 600))
        expectEqual(brief(TriggerEngine.reduce(&state, .advance(to: 170))), ["160.0 audio_finished 2", "160.0 tour_completed 3 missed=3"])
        expectTrue(state.ended)
        expectEqual(state.cursor, 3)
        // The player has closed: walking into the last region later fires nothing, and the end adds nothing.
        expectEqual(brief(TriggerEngine.reduce(&state, fix(200, 1200))), ["200.0 point_exited 2", "200.0 point_entered 3"])
        expectTrue(state.playing == nil)
        expectTrue(brief(TriggerEngine.reduce(&state, .traceEnded)).isEmpty)
        let completed = state.triggered
        expectEqual(completed, [true, true, false])
    }

    @Test func androidCutsAFlaggedLastPointAsItStarts() {
        var state = started(lineTour(points: 3), EnginePolicy(appCursor: Self.android5c84126))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(100, 600))
        expectEqual(brief(TriggerEngine.reduce(&state, fix(120, 1150))).suffix(1), ["120.0 point_queued 3"])
        let end = TriggerEngine.reduce(&state, .advance(to: 170))
        expectEqual(brief(end), ["160.0 audio_finished 2", "160.0 point_triggered 3", "160.0 audio_started 3", "160.0 tour_completed 3 missed=", "160.0 audio_cut 3"])
        expectEqual(end[3].missed, [], "the flagged point triggered: nothing is missed, it is cut")
        expectTrue(state.playing == nil)
    }

    @Test func withoutTheRuleTheLastPointPlaysAndCompletes() {
        var state = started(lineTour(points: 3), EnginePolicy(appCursor: Self.android))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(100, 600))
        expectEqual(brief(TriggerEngine.reduce(&state, .advance(to: 170))), ["160.0 audio_finished 2"])
        _ = TriggerEngine.reduce(&state, fix(200, 1200))
        expectEqual(brief(TriggerEngine.reduce(&state, .traceEnded)), ["260.0 audio_finished 3", "260.0 tour_completed 3"])
    }

    @Test func theEarlyCompletionIsFlaggedInTimelines() {
        let writer = TimelineWriter()
        let early = EngineEvent(t: 160, kind: .tourCompleted, point: 3, missed: [3])
        expectEqual(writer.object(early)["warning"], .string(AppCursorRules.earlyCompletionWarning))
        expectEqual(writer.object(EngineEvent(t: 160, kind: .audioCut, point: 3))["warning"], .string(AppCursorRules.earlyCompletionWarning))
        expectTrue(writer.object(EngineEvent(t: 160, kind: .tourCompleted, point: 3))["warning"] == nil)
        expectEqual(writer.object(EngineEvent(t: 160, kind: .tourCompleted, point: 3, missed: []))["warning"], .string(AppCursorRules.earlyCompletionWarning))
        let text = writer.text(Timeline(events: [early], startTime: 0, fixes: 1, ignoredFixes: 0, withheldFixes: 0))
        expectContains(text, "the app ends the tour; never played 3 (likely app bug)")
    }

    // MARK: profiles

    // MARK: rules separated for issue 16 (walkspace-app@5c84126)

    /// iOS `advanceToNextPoint` sets `isPointActive = true` for a flagged point (LocationManager.swift:141–143),
    /// the next fix outside its radius clears it (:97–104), and walking in then sets `nearbyPoint` again (:90–92):
    /// a flagged point that played before the walker arrived restarts when they do. Android never does.
    @Test func aFlaggedPointThatPlayedBeforeTheWalkerArrivedRestartsOnArrivalOnIOSOnly() {
        for (rules, refires) in [(Self.ios, true), (Self.android5c84126, false)] {
            var state = started(EnginePolicy(appCursor: rules))
            _ = TriggerEngine.reduce(&state, fix(0, 0))
            _ = TriggerEngine.reduce(&state, fix(30, 550))  // point 2 flagged while 1 plays
            _ = TriggerEngine.reduce(&state, fix(40, 300))  // out of both regions
            expectEqual(brief(TriggerEngine.reduce(&state, .advance(to: 60))).suffix(2), ["60.0 point_triggered 2", "60.0 audio_started 2"])
            expectTrue(TriggerEngine.reduce(&state, fix(70, 310)).filter { $0.kind != .pointExited }.isEmpty)
            let arrival = brief(TriggerEngine.reduce(&state, fix(80, 590)))
            if refires {
                expectEqual(Array(arrival.suffix(3)), ["80.0 point_refired 2", "80.0 audio_finished 2", "80.0 audio_started 2"])
                expectTrue(state.playing?.endsAt == 140)
                expectEqual(state.refires, 1)
            } else {
                expectTrue(!arrival.contains { $0.contains("point_refired") || $0.contains("audio_started") })
                expectTrue(state.playing?.endsAt == 120)
                expectEqual(state.refires, 0)
            }
        }
    }

    /// Neither app gates on accuracy (iOS only logs, LocationManager.swift:163–170; Android reads no accuracy):
    /// a fix with 200 m accuracy inside the region triggers under both app profiles, and `ideal` ignores it.
    @Test func theAppsTriggerOnAPoorAccuracyFixAndIdealIgnoresIt() {
        for profile in [EngineProfile.ios5c84126, .android5c84126] {
            var state = started(profile.policy)
            expectTrue(brief(TriggerEngine.reduce(&state, fix(1, -50, accuracy: 200))).contains("1.0 point_triggered 1"))
        }
        var ideal = started(EngineProfile.ideal.policy)
        _ = TriggerEngine.reduce(&ideal, fix(1, -50, accuracy: 200))
        expectTrue(!brief(TriggerEngine.reduce(&ideal, fix(2, -40, accuracy: 200))).contains { $0.contains("point_triggered") })
        expectEqual(ideal.ignoredFixes, 2)
        expectTrue(brief(TriggerEngine.reduce(&ideal, fix(3, -30, accuracy: 5))).allSatisfy { !$0.contains("point_triggered") })
        expectTrue(brief(TriggerEngine.reduce(&ideal, fix(4, -20, accuracy: 5))).contains("4.0 point_triggered 1"))
    }

    @Test func theProfilesArePresetsOfThePolicy() {
        expectEqual(EngineProfile.prd.policy, .standard)
        expectEqual(EngineProfile.ios5c84126.policy.fixDelivery, FixDelivery(minMoveMeters: 10))
        expectEqual(EngineProfile.ios5c84126.policy.appCursor, Self.ios)
        expectEqual(EngineProfile.android5c84126.policy.fixDelivery, FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3))
        expectEqual(EngineProfile.android5c84126.policy.appCursor, Self.android5c84126)
        expectTrue(EngineProfile.resolve("android-app2")?.profile == .android5c84126)
        expectTrue(EngineProfile.resolve("android-app2")?.warning?.contains("a11c3bc") == true)
        expectTrue(EngineProfile.resolve("android-app@5c84126")?.warning == nil)
        expectTrue(EngineProfile.resolve("nokia") == nil)
        expectTrue(EngineProfile.ios5c84126.upstreamCommit == "5c84126" && EngineProfile.prd.upstreamCommit == nil)
        expectEqual(EngineProfile.ideal.policy, EnginePolicy(minAccuracyMeters: 25, confirmFixes: 2, triggerHysteresis: true))
        for profile in EngineProfile.allCases { expectTrue(profile.policy.conflict == nil) }
        expectEqual(EngineProfile(rawValue: "ios-app@5c84126"), .ios5c84126)
    }

    /// The bare app names mean the newest build; app versions name the same builds as their commits; every
    /// name in the catalogue is unique and canonical.
    @Test func theBareNamesMeanTheNewestBuildAndVersionsNameTheirCommits() {
        expectEqual(EngineProfile(rawValue: "android-app"), .androidEfba3ee)
        expectEqual(EngineProfile(rawValue: "ios-app"), .iosEfba3ee)
        expectEqual(EngineProfile(rawValue: "android-app@1.1.12"), .androidEfba3ee)
        expectEqual(EngineProfile(rawValue: "android-app@1.1.1-beta"), .android5c84126)
        expectEqual(EngineProfile(rawValue: "ios-app@1.6"), .iosEfba3ee)
        expectEqual(EngineProfile(rawValue: "ios-app@1.2"), .ios5c84126)
        expectTrue(EngineProfile(rawValue: "android-app@1.1.3") == nil)
        expectEqual(Set(EngineProfile.allCases.map(\.name)).count, EngineProfile.allCases.count)
        for (alias, profile) in EngineProfile.aliases { expectTrue(!EngineProfile.allCases.map(\.name).contains(alias) && EngineProfile.allCases.contains(profile)) }
        expectTrue(EngineProfile.androidEfba3ee.build?.label == "1.1.12 (25)")
        expectTrue(EngineProfile.android5c84126.build?.label == "1.1.1-beta (9)")
        expectTrue(EngineProfile.iosEfba3ee.build?.label == "1.6 (15)")
    }

    /// Android 1.1.12 fixed the completion order (PlayerViewModel.kt@efba3ee:117–132): the last narration plays
    /// and the tour completes when it ends; 1.1.1-beta completes when the second-to-last ends. Everything
    /// else about the walk is the same.
    @Test func androidOneOneTwelveCompletesWhenTheLastNarrationEnds() {
        let tour = lineTour(points: 3)
        var fixed = started(tour, EngineProfile.androidEfba3ee.policy)
        var early = started(tour, EngineProfile.android5c84126.policy)
        var fixedEvents: [String] = []
        var earlyEvents: [String] = []
        for (t, north) in [(0.0, 0.0), (70, 600), (140, 1200)] {
            fixedEvents += brief(TriggerEngine.reduce(&fixed, fix(t, north)))
            earlyEvents += brief(TriggerEngine.reduce(&early, fix(t, north)))
        }
        fixedEvents += brief(TriggerEngine.reduce(&fixed, .advance(to: 300)))
        earlyEvents += brief(TriggerEngine.reduce(&early, .advance(to: 300)))
        expectTrue(fixedEvents.contains("140.0 audio_started 3"))
        expectTrue(fixedEvents.contains("200.0 tour_completed 3"))
        expectTrue(earlyEvents.contains("130.0 tour_completed 3 missed=3"))
        expectTrue(!earlyEvents.contains("140.0 audio_started 3"))
        var policy = EngineProfile.androidEfba3ee.policy
        policy.appCursor?.completesOnReachingLastPoint = true
        expectEqual(policy, EngineProfile.android5c84126.policy)
    }

    /// Issue 47: the builds of each platform are in order, their live spans never overlap, and every day from
    /// the first span on resolves to exactly the build whose span holds it (a day before is refused).
    @Test(arguments: [AppBuild.Platform.android, .ios])
    func everyDayResolvesToTheOneBuildLiveThen(platform: AppBuild.Platform) throws {
        let builds = EngineProfile.catalogue.filter { $0.build?.platform == platform }
        expectEqual(builds.map { $0.build!.buildNumber }, builds.map { $0.build!.buildNumber }.sorted(), "builds oldest first")
        let spans = builds.compactMap { profile in profile.build!.live.first.map { (profile, $0, profile.build!.live.last) } }
        for (a, b) in zip(spans, spans.dropFirst()) {
            let end = try #require(a.2, "\(a.0.rawValue): only the last span may be open")
            expectTrue(end < b.1, "\(a.0.rawValue) ends \(end), \(b.0.rawValue) starts \(b.1)")
        }
        let app = "\(platform.rawValue)-app"
        var day = try #require(ISO8601Time.parse(spans[0].1 + "T00:00:00Z"))
        let end = try #require(ISO8601Time.parse("2027-12-31T00:00:00Z"))
        var resolvedDays = 0
        while day <= end {
            let text = String(ISO8601Time.format(day).prefix(10))
            let holders = spans.filter { $0.0.build!.live.contains(day: text) }
            if let holder = holders.first {
                expectEqual(holders.count, 1)
                let resolved = try EngineProfile.resolving("\(app)@\(text)")
                expectEqual(resolved.profile, holder.0, "\(text)")
                expectTrue(resolved.note?.hasPrefix("\(app)@\(text) is \(holder.0.rawValue) (") == true)
                resolvedDays += 1
            }
            day += 86_400
        }
        expectTrue(resolvedDays > 300)
        let before = try #require(ISO8601Time.parse(spans[0].1 + "T00:00:00Z")) - 86_400
        #expect(throws: ValueProblem.self) { try EngineProfile.resolving("\(app)@\(ISO8601Time.format(before).prefix(10))") }
        #expect(throws: ValueProblem.self) { try EngineProfile.resolving("\(app)@2026-13-01") }
        #expect(throws: ValueProblem.self) { try EngineProfile.resolving("\(app)@20260501") }
    }

    /// The completion fix is 1.1.3-beta's: before it the tour completes early, from it on not; the events
    /// with durations come with 1.1.9 (inferred); every inferred build says why.
    @Test func theAndroidBuildsCarryTheFixAndTheEventsWhereTheDocumentsPutThem() {
        let early = EngineProfile.androidBuilds.map { $0.policy.appCursor?.completesOnReachingLastPoint == true }
        expectEqual(early, [true, false, false, false, false, false, false, false])
        expectEqual(EngineProfile.androidBuilds.map(\.analyticsApp), [.android5c84126, .android5c84126, .android5c84126, .android5c84126, .androidEfba3ee, .androidEfba3ee, .androidEfba3ee, .androidEfba3ee])
        for profile in EngineProfile.catalogue {
            guard let build = profile.build else { continue }
            let readAt = [EngineProfile.android5c84126, .androidEfba3ee, .ios5c84126, .iosEfba3ee].contains(profile)
            expectEqual(build.inferredBecause == nil, readAt, "\(profile.rawValue)")
        }
        // Consecutive steps: the fix arrives in 1.1.3-beta, the events in 1.1.9, nothing between 1.1.3-beta and 1.1.4-beta.
        expectEqual(AppBuildChange.step(into: .android1_1_3).compactMap(\.walkKey), ["completion"])
        expectTrue(AppBuildChange.step(into: .android1_1_4).isEmpty)
        expectEqual(AppBuildChange.step(into: .android1_1_9).compactMap(\.walkKey), ["tour_started event", "tour_completed event", "tour_abandoned event"])
        expectTrue(AppBuildChange.between(.android1_1_4, .androidEfba3ee).allSatisfy { $0.walkKey != "completion" })
        expectEqual(AppBuildChange.between(.android5c84126, .androidEfba3ee).count, AppBuildChange.catalogue.filter { $0.platform == .android }.count)
    }

    /// Issue 47: Android's `language` is the app's setting: English before 1.1.3-beta whatever the narration, the
    /// device's (taken as the narration's when the app has it) from 1.1.3-beta on; iOS and walkscape's: the narration's.
    @Test func androidSendsTheAppsLanguageNotTheNarrations() {
        expectEqual(EngineProfile.android5c84126.analyticsLanguage(narration: "it"), "en")
        expectEqual(EngineProfile.android5c84126.analyticsLanguage(narration: "en"), "en")
        for profile in EngineProfile.androidBuilds.dropFirst() {
            expectEqual(profile.analyticsLanguage(narration: "it"), "it", "\(profile.rawValue)")
            expectEqual(profile.analyticsLanguage(narration: "fr"), "fr", "\(profile.rawValue)")
            expectEqual(profile.analyticsLanguage(narration: "de"), "en", "\(profile.rawValue): the app has en, it, fr")
        }
        for profile in [EngineProfile.prd, .ideal, .ios5c84126, .ios1_4, .iosEfba3ee] {
            expectEqual(profile.analyticsLanguage(narration: "de"), "de", "\(profile.rawValue)")
        }
    }
}
