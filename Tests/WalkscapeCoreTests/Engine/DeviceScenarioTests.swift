import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// `--screen-locked` and `--killed-at` as the engine sees them: positions withheld while locked by builds
/// without background location, the app's death ending the walk, and the analytics a killed app loses.
@Suite struct DeviceScenarioTests {
    static func run(_ profile: EngineProfile, _ device: DeviceScenario?, trace: Trace = northWalk()) -> Timeline {
        var policy = profile.policy
        policy.device = device
        return Simulation.run(tour: lineTour(points: 3), trace: trace, policy: policy)
    }

    @Test func windowsAndTimesParseAtTheBoundary() throws {
        try expectEqual(DeviceScenario.Window.parse("10:00-12:30").get(), .init(from: 600, to: 750))
        try expectEqual(DeviceScenario.Window.parse("90-120.5").get(), .init(from: 90, to: 120.5))
        try expectEqual(DeviceScenario.Window.parse("1:02:03-1:02:04").get(), .init(from: 3723, to: 3724))
        for bad in ["", "-", "10", "10-", "-10", "20-10", "10-10", "1:60-2:00", "a-b", "1e3-2e3", "10-20-30", "-5-10", "999:00:00-999:00:01", "٣-٤"] {
            #expect(throws: ValueProblem.self, "\(bad)") { try DeviceScenario.Window.parse(bad).get() }
        }
        #expect(throws: ValueProblem("--screen-locked: at most 1000 windows, got 1001.")) {
            try DeviceScenario.Options(screenLocked: Array(repeating: "1-2", count: 1001), backgroundLocation: "granted", killedAt: nil)
        }
        expectEqual(DeviceScenario.seconds("240:00:00"), 864_000)
        expectTrue(DeviceScenario.seconds("240:00:01") == nil)
        expectTrue(DeviceScenario.seconds(String(repeating: "9", count: 400)) == nil)
    }

    /// The Nothing A142 case: Android without background location gets no positions while the screen is
    /// locked, so a point crossed only then never triggers; with the permission, or on iOS, it does.
    @Test func aLockedScreenStopsPositionsOnlyForAndroidWithoutBackgroundLocation() {
        let window = DeviceScenario.Window(from: 300, to: 560)
        let denied = DeviceScenario.resolve(screenLocked: [window], backgroundLocation: false, killedAt: nil, profile: .android5c84126)
        let granted = DeviceScenario.resolve(screenLocked: [window], backgroundLocation: true, killedAt: nil, profile: .android5c84126)
        let ios = DeviceScenario.resolve(screenLocked: [window], backgroundLocation: false, killedAt: nil, profile: .ios5c84126)
        expectTrue(denied?.positionsWhileLocked == false && granted?.positionsWhileLocked == true && ios?.positionsWhileLocked == true)
        let locked = Self.run(.androidEfba3ee, denied)
        expectTrue(!brief(locked.events).contains { $0.hasSuffix("point_triggered 2") })
        expectEqual(locked.lockedFixes, 260)
        expectTrue(brief(locked.events).last?.contains("tour_incomplete") == true)
        expectTrue(brief(Self.run(.androidEfba3ee, granted).events).contains { $0.hasSuffix("point_triggered 2") })
        expectEqual(Self.run(.androidEfba3ee, granted).lockedFixes, 0)
        expectTrue(brief(Self.run(.ios5c84126, ios).events).contains { $0.hasSuffix("point_triggered 2") })
        // Without a window nothing changes.
        expectEqual(Self.run(.androidEfba3ee, nil), Self.run(.androidEfba3ee, DeviceScenario(killedAt: nil)))
    }

    /// Killed while point 2 plays: its narration stops, nothing after, no completion.
    @Test func aKilledAppStopsItsNarrationAndEndsTheWalk() throws {
        let timeline = Self.run(.androidEfba3ee, DeviceScenario(killedAt: 400))
        let events = brief(timeline.events)
        let killed = try #require(timeline.events.last)
        expectTrue(killed.kind == .appKilled && killed.t == 400 && killed.point == 2)
        expectTrue(killed.next == 3 && killed.missed == [3])
        expectTrue(!events.contains { $0.contains("tour_completed") || $0.contains("tour_incomplete") || $0.contains("audio_finished 2") })
        expectTrue(timeline.events.allSatisfy { $0.t <= 400 })
        // The trace ending before the kill: time runs on to it, the narration plays out first.
        let short = Self.run(.androidEfba3ee, DeviceScenario(killedAt: 500), trace: northWalk(until: 520))
        expectEqual(brief(short.events).suffix(2), ["428.0 audio_finished 2", "500.0 app_killed missed=3"])
        // Killed after the completion: the tour stays completed, no app_killed.
        let late = Self.run(.androidEfba3ee, DeviceScenario(killedAt: 5000))
        expectTrue(late.events.last?.kind == .tourCompleted)
    }

    /// Killed at the very moment of a fix that would trigger a point: the app is gone at that moment, so the
    /// fix triggers nothing (`app_killed` then, no `point_triggered`). (Issue 51: `t >= killedAt` made `>`
    /// survived every test.)
    @Test func aFixAtTheMomentOfTheKillTriggersNothing() throws {
        let free = Self.run(.androidEfba3ee, nil)
        let trigger = try #require(free.events.first { $0.kind == .pointTriggered && $0.point == 2 }).t
        let killed = Self.run(.androidEfba3ee, DeviceScenario(killedAt: trigger))
        let last = try #require(killed.events.last)
        expectTrue(last.kind == .appKilled && last.t == trigger, "\(brief(killed.events).suffix(3))")
        expectTrue(!killed.events.contains { $0.kind == .pointTriggered && $0.point == 2 }, "\(brief(killed.events))")
    }

    /// A killed Android app loses the events queued since its last flush (in memory); iOS keeps them for the
    /// next launch. Neither sends tour_abandoned.
    @Test func aKilledAndroidAppLosesItsUnsentEventsAndIOSKeepsThem() {
        let device = DeviceScenario(killedAt: 400)
        func sent(_ profile: EngineProfile, _ device: DeviceScenario) -> (names: [String], lost: Int) {
            var batch = AnalyticsBatch(tourID: "t", language: "it", pointIDs: [1: "p1", 2: "p2", 3: "p3"], anonymousID: "a", app: profile.analyticsApp, profile: profile.rawValue)
            batch.lifecycle = profile.lifecycle
            batch.device = device
            let (body, lost) = batch.sent(timeline: Self.run(profile, device), pointCount: 3)
            return ((body["events"]?.arrayElements ?? []).compactMap { $0["name"]?.stringValue }, lost)
        }
        // Android: tour_started and point 1 at 0 s go out with the 60 s job's first tick; point 2, queued at
        // 367 s after the tick at 360 s, is lost at 400 s.
        let android = sent(.androidEfba3ee, device)
        expectEqual(android.names, ["tour_started", "point_triggered"])
        expectEqual(android.lost, 1)
        // With the screen locked from 10 s the periodic job is cancelled before its first tick: all lost.
        let lockedEarly = sent(.androidEfba3ee, DeviceScenario(screenLocked: [.init(from: 10, to: 20)], killedAt: 400))
        expectTrue(lockedEarly.names.isEmpty && lockedEarly.lost == 3)
        let ios = sent(.ios5c84126, device)
        expectEqual(ios.names, ["tour_started", "point_triggered", "point_triggered"])
        expectEqual(ios.lost, 0)
    }
}
