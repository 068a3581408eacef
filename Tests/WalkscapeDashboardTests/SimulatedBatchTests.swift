import Foundation
import Testing
import WalkscapeCore
import WalkscapeDashboard
import WalkscapeTestSupport

/// Batches made by the built binary (`simulate --events`) for the Turin walk, clean and missed, under the iOS and
/// Android profiles (the 5c84126 builds): every figure by hand, from the events the batches hold, and the oracle.
@Suite struct SimulatedBatchTests {
    /// The four batches' events in the order ios-clean, ios-missed, android-clean, android-missed, and their JSON.
    static func batches(android: String = "android-app@5c84126") throws -> (events: [DashboardEvent], json: [JSONValue]) {
        let folder = NSTemporaryDirectory() + "walkscape-dashboard-sim-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var events: [DashboardEvent] = []
        var json: [JSONValue] = []
        var budget = DashboardInput.maxEvents
        for profile in ["ios-app@5c84126", android] {
            for walk in ["clean", "missed"] {
                let file = "\(folder)/\(profile)-\(walk).json"
                let run = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-\(walk).gpx", "--profile", profile, "--events", file])
                expectEqual(run.status, 0, "\(run.stderr)")
                events += try DashboardInput.read(path: file, budget: &budget)
                let data = try #require(FileManager.default.contents(atPath: file))
                json += try #require(try JSONParser().parse([UInt8](data))["events"]?.arrayElements)
            }
        }
        return (events, json)
    }

    // What the batches hold (every walk starts at 2026-05-09T09:00:00Z, point 1 triggers at the same second):
    // ios-clean: tour_started {manual}, p1-p7 {gps}, tour_completed 09:33:05.960 {durationMinutes 33, gps}
    // ios-missed: tour_started {manual}, p1-p4, tour_abandoned 09:33:49 {durationMinutes 33}
    // android-clean: bare tour_started, p1-p6, tour_completed 09:25:52.845 (the second-to-last narration's end)
    // android-missed: bare tour_started, p1-p4, nothing more (no tour_abandoned on Android)
    @Test(arguments: BackendVersion.allCases)
    func theSampleWalksFigureByFigure(backend: BackendVersion) throws {
        let (events, json) = try Self.batches()
        expectEqual(events.count, 28)
        let now = try #require(events.compactMap(\.timestamp).max())
        expectEqual(now, ms("2026-05-09T09:33:49Z"))  // the newest event: the iOS abandonment
        let d = BackendDashboard(events: events, backend: backend, period: .days30, now: now)
        let old = backend == .v5c84126
        expectEqual(d.overview, .init(totalStarts: 4, totalCompletions: 2, uniqueDevices: 4, ios: 2, android: 2, gps: old ? 0 : 1, manual: old ? 2 : 0, completionRate: 50))
        expectEqual(d.duration, .init(avgDurationGpsCompleted: 33, avgDurationManualCompleted: 0, avgDurationAbandoned: 33, totalGpsCompleted: 1, totalManualCompleted: 0, totalAbandoned: 1))
        // 5c84126 divides the iOS walk's 33 minutes by both completions; efba3ee leaves the bare Android one out.
        expectEqual(d.tours, [.init(
            tourId: "torino-portici", tourName: "torino-portici", starts: 4, completions: 2, completionRate: 50, avgDurationMinutes: old ? 16.5 : 33,
            completionsWithDuration: old ? nil : 1, gpsTriggered: old ? 0 : 1, manualTriggered: old ? 2 : 0)])
        expectTrue(d.engagement.totalCompletions == 2 && d.engagement.donationClicks == 0 && d.engagement.channelBreakdown.isEmpty)
        // Every start is at 09:00:00: ties keep the files' order. Point 1 shares the start's second, so it is not
        // "after" the start (L415) and no session counts it.
        expectEqual(d.sessions.map(\.status), [.completed, .abandoned, .completed, .inProgress])
        expectEqual(d.sessions.map(\.pointsTriggered), [6, 3, 5, 3])
        expectEqual(d.sessions.map(\.durationMinutes), [33, 33, nil, nil])
        expectEqual(d.sessions.map(\.triggerType), ["manual", "manual", nil, nil])
        expectEqual(d.sessions.map(\.osVersion), ["iOS (walkscape replay)", "iOS (walkscape replay)", "Android (walkscape replay)", "Android (walkscape replay)"])
        // Seven hours on, the Android walk that never ended is "incomplete" at efba3ee, still in progress at 5c84126.
        let later = BackendDashboard(events: events, backend: backend, period: .days30, now: ms("2026-05-09T16:00:00Z"))
        expectTrue(later.sessions.last?.status == (old ? .inProgress : .incomplete))
        expectTrue(later.sessions.last?.pointsTriggered == 3)
        // And the second port agrees, for every period.
        for period in DashboardPeriod.allCases {
            let ours = DashboardReport(dashboard: BackendDashboard(events: events, backend: backend, period: period, now: now), eventsRead: events.count).json()
            expectEqual(ours, DashboardOracleTests.oracle(json, backend: backend.rawValue, period: period.rawValue, now: now))
        }
    }

    // The same walks with Android 1.1.12 (android-app@efba3ee, the newest build):
    // android-clean: tour_started {triggerType gps}, p1-p7, tour_completed at the last narration's end
    //   {durationMinutes 33, triggerType gps};
    // android-missed: tour_started {gps}, p1-p4, tour_abandoned 09:33:49 {durationMinutes 33} (stopTour()).
    @Test(arguments: BackendVersion.allCases)
    func androidOneOneTwelveWalksFigureByFigure(backend: BackendVersion) throws {
        let (events, json) = try Self.batches(android: "android-app@efba3ee")
        expectEqual(events.count, 30)  // one more point_triggered (p7 plays) and the tour_abandoned
        let now = try #require(events.compactMap(\.timestamp).max())
        let d = BackendDashboard(events: events, backend: backend, period: .days30, now: now)
        let old = backend == .v5c84126
        // 5c84126 splits by tour_started: iOS says "manual", Android 1.1.12 "gps". efba3ee splits by
        // tour_completed: both completions carry "gps".
        expectEqual(d.overview, .init(totalStarts: 4, totalCompletions: 2, uniqueDevices: 4, ios: 2, android: 2, gps: 2, manual: old ? 2 : 0, completionRate: 50))
        expectEqual(d.duration, .init(avgDurationGpsCompleted: 33, avgDurationManualCompleted: 0, avgDurationAbandoned: 33, totalGpsCompleted: 2, totalManualCompleted: 0, totalAbandoned: 2))
        // Both completions carry 33 minutes now: the same average under both services.
        expectEqual(d.tours, [.init(
            tourId: "torino-portici", tourName: "torino-portici", starts: 4, completions: 2, completionRate: 50, avgDurationMinutes: 33,
            completionsWithDuration: old ? nil : 2, gpsTriggered: 2, manualTriggered: old ? 2 : 0)])
        expectEqual(d.sessions.map(\.status), [.completed, .abandoned, .completed, .abandoned])
        expectEqual(d.sessions.map(\.pointsTriggered), [6, 3, 6, 3])
        expectEqual(d.sessions.map(\.durationMinutes), [33, 33, 33, 33])
        expectEqual(d.sessions.map(\.triggerType), ["manual", "manual", "gps", "gps"])
        for period in DashboardPeriod.allCases {
            let ours = DashboardReport(dashboard: BackendDashboard(events: events, backend: backend, period: period, now: now), eventsRead: events.count).json()
            expectEqual(ours, DashboardOracleTests.oracle(json, backend: backend.rawValue, period: period.rawValue, now: now))
        }
    }
}
