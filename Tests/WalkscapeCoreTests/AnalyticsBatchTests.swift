import Testing
@testable import WalkscapeCore
import WalkscapeTestSupport

/// The analytics batch: the backend DTO's fields only, and one event per app action under each profile.
@Suite struct AnalyticsBatchTests {
    /// The fields `TrackEventDto` declares (backend/src/analytics/dto/analytics-event.dto.ts at 5c84126).
    static let dtoFields: Set<String> = [
        "name", "userId", "anonymousId", "tourId", "pointId", "language", "device", "osVersion", "offline", "timestamp", "properties",
    ]

    func batch(_ app: AnalyticsApp) -> AnalyticsBatch {
        AnalyticsBatch(tourID: "t", language: "it", pointIDs: [1: "p1", 2: "p2"], anonymousID: "a-1", app: app, profile: "x")
    }

    func names(_ body: JSONValue) -> [String] {
        (body["events"]?.arrayElements ?? []).map { ($0["name"]?.stringValue ?? "?") + ($0["properties"]?["order"].map { " \($0.intValue ?? 0)" } ?? "") }
    }

    @Test func everyEventHasOnlyTheDTOsFieldsWithTheirTypes() throws {
        for app in AnalyticsApp.allCases {
            let events = try #require(batch(app).body(timeline: AnalyticsTimelines.refiring, pointCount: 2)["events"]?.arrayElements)
            expectTrue(!events.isEmpty)
            for event in events {
                let keys = Set(try #require(event.objectMembers).map(\.key))
                expectTrue(keys.isSubset(of: Self.dtoFields), "\(app): \(keys.subtracting(Self.dtoFields))")
                expectTrue(keys.isSuperset(of: ["name", "anonymousId", "tourId", "language", "device", "osVersion", "offline", "timestamp", "properties"]))
                expectTrue(AnalyticsBatch.eventNames.contains(event["name"]?.stringValue ?? ""))
                expectEqual(event["offline"], .bool(true))
                expectEqual(event["anonymousId"], .string("a-1"))
                expectTrue(event["properties"]?.objectMembers != nil)
            }
            expectEqual(events[0]["timestamp"], .string("2023-11-14T22:13:20Z"))
        }
    }

    @Test func iosCompletesAgainAtEveryLaterRefireThatPlaysOut() {
        let body = batch(.ios).body(timeline: AnalyticsTimelines.refiring, pointCount: 2)
        expectEqual(names(body), ["tour_started", "point_triggered 1", "point_triggered 2", "tour_completed", "point_triggered 2", "point_triggered 2", "tour_completed"])
        let completed = body["events"]?.arrayElements?.filter { $0["name"] == .string("tour_completed") } ?? []
        expectEqual(completed.map { $0["timestamp"]?.stringValue ?? "" }, ["2023-11-14T22:15:30Z", "2023-11-14T22:16:50Z"])
        expectTrue(completed.first?["properties"]?["durationMinutes"] == .integer(2))
        expectTrue(completed.first?["properties"]?["pointsVisited"] == .integer(2))
        expectTrue(completed.first?["properties"]?["triggerType"] == .string("gps"))
        expectTrue(body["events"]?.arrayElements?[0]["properties"]?["triggerType"] == .string("manual"))
        expectTrue(body["events"]?.arrayElements?[0]["osVersion"]?.stringValue?.lowercased().contains("ios") == true)
    }

    @Test func androidAndWalkscapeCompleteOnce() {
        for app in [AnalyticsApp.android5c84126, .androidEfba3ee, .walkscape] {
            expectEqual(names(batch(app).body(timeline: AnalyticsTimelines.refiring, pointCount: 2)), ["tour_started", "point_triggered 1", "point_triggered 2", "tour_completed", "point_triggered 2", "point_triggered 2"])
        }
    }

    @Test func anIncompleteWalkIsAbandonedExceptOnAndroid() {
        let events = [
            EngineEvent(t: 0, kind: .tourStarted), EngineEvent(t: 0, kind: .pointTriggered, point: 1),
            EngineEvent(t: 0, kind: .audioStarted, point: 1), EngineEvent(t: 60, kind: .audioFinished, point: 1),
            EngineEvent(t: 200, kind: .tourIncomplete, next: 2, missed: [2]),
        ]
        let timeline = Timeline(events: events, startTime: 0, fixes: 3, ignoredFixes: 0, withheldFixes: 0)
        expectEqual(names(batch(.ios).body(timeline: timeline, pointCount: 2)), ["tour_started", "point_triggered 1", "tour_abandoned"])
        expectTrue(batch(.ios).body(timeline: timeline, pointCount: 2)["events"]?.arrayElements?[2]["properties"]?["lastPointIndex"] == .integer(1))
        expectEqual(names(batch(.walkscape).body(timeline: timeline, pointCount: 2)), ["tour_started", "point_triggered 1", "tour_abandoned"])
        expectEqual(names(batch(.android5c84126).body(timeline: timeline, pointCount: 2)), ["tour_started", "point_triggered 1"])
        // Android 1.1.12: stopTour() sends tour_abandoned {durationMinutes} (PlayerViewModel.kt@efba3ee:453–462).
        let abandoned = batch(.androidEfba3ee).body(timeline: timeline, pointCount: 2)
        expectEqual(names(abandoned), ["tour_started", "point_triggered 1", "tour_abandoned"])
        expectTrue(abandoned["events"]?.arrayElements?[2]["properties"]?["durationMinutes"] == .integer(3))
        expectTrue(abandoned["events"]?.arrayElements?[2]["properties"]?["lastPointIndex"] == nil)
    }

    /// Android 1.1.12 sends tour_started {triggerType: "gps"} and tour_completed {durationMinutes (whole
    /// minutes), triggerType: "gps" once a point fired by GPS}; point_triggered stays bare; 1.1.1-beta sends
    /// all three bare (PlayerViewModel.kt@efba3ee:177–180, 105–115, 122–125; AnalyticsService.kt@1cddc0c:117–127).
    @Test func androidOneOneTwelveSendsDurationsAndTriggerTypes() {
        let events = [
            EngineEvent(t: 0, kind: .tourStarted), EngineEvent(t: 10, kind: .pointTriggered, point: 1),
            EngineEvent(t: 10, kind: .audioStarted, point: 1), EngineEvent(t: 70, kind: .audioFinished, point: 1),
            EngineEvent(t: 100, kind: .pointTriggered, point: 2), EngineEvent(t: 100, kind: .audioStarted, point: 2),
            EngineEvent(t: 179.9, kind: .audioFinished, point: 2), EngineEvent(t: 179.9, kind: .tourCompleted, point: 2),
        ]
        let timeline = Timeline(events: events, startTime: 0, fixes: 3, ignoredFixes: 0, withheldFixes: 0)
        let body = batch(.androidEfba3ee).body(timeline: timeline, pointCount: 2)["events"]?.arrayElements ?? []
        func properties(_ i: Int) -> [String] { (body[i]["properties"]?.objectMembers ?? []).map(\.key).filter { !["source", "profile", "order"].contains($0) } }
        expectEqual(body.map { $0["name"]?.stringValue ?? "" }, ["tour_started", "point_triggered", "point_triggered", "tour_completed"])
        expectTrue(body[0]["properties"]?["triggerType"] == .string("gps"))
        expectTrue(properties(1).isEmpty && properties(2).isEmpty)
        expectTrue(body[3]["properties"]?["durationMinutes"] == .integer(2))
        expectTrue(body[3]["properties"]?["triggerType"] == .string("gps"))
        expectEqual(properties(3), ["durationMinutes", "triggerType"])
        let bare = batch(.android5c84126).body(timeline: timeline, pointCount: 2)["events"]?.arrayElements ?? []
        expectTrue(bare.allSatisfy { ($0["properties"]?.objectMembers ?? []).allSatisfy { ["source", "profile", "order"].contains($0.key) } })
    }

    @Test func theAnonymousIDIsAStableUUIDPerRun() {
        let a = AnalyticsBatch.anonymousID(tourID: "t", startTime: 1000, fixes: 5, profile: "ios-app@5c84126")
        expectEqual(a, AnalyticsBatch.anonymousID(tourID: "t", startTime: 1000, fixes: 5, profile: "ios-app@5c84126"))
        expectTrue(a != AnalyticsBatch.anonymousID(tourID: "t", startTime: 1000, fixes: 5, profile: "android-app@5c84126"))
        expectTrue(a != AnalyticsBatch.anonymousID(tourID: "t", startTime: 1001, fixes: 5, profile: "ios-app@5c84126"))
        let parts = a.split(separator: "-").map(\.count)
        expectEqual(parts, [8, 4, 4, 4, 12])
        expectTrue(a.allSatisfy { $0 == "-" || $0.isHexDigit })
        expectEqual(Array(a)[14], "4")
    }

    /// Issue 47: `--racing-events lost`. The Android builds send tour_completed and tour_abandoned from a
    /// coroutine the screen's navigation cancels; lost, they are not in the batch and are counted as lost; every
    /// other event is as kept. iOS and walkscape's own are not affected.
    @Test func racingEventsLostDropOnlyAndroidsClosingEvents() {
        for app in AnalyticsApp.allCases {
            for timeline in [AnalyticsTimelines.refiring, AnalyticsTimelines.incomplete] {
                var kept = batch(app)
                kept.device = DeviceScenario(racingEventsLost: false)
                var lost = batch(app)
                lost.device = DeviceScenario(racingEventsLost: true)
                let keptNames = names(kept.sent(timeline: timeline, pointCount: 2).body)
                let (body, count) = lost.sent(timeline: timeline, pointCount: 2)
                if app == .android5c84126 || app == .androidEfba3ee {
                    let closing: Set<String> = ["tour_completed", "tour_abandoned"]
                    expectEqual(names(body), keptNames.filter { !closing.contains($0) }, "\(app)")
                    expectEqual(count, keptNames.filter { closing.contains($0) }.count, "\(app)")
                } else {
                    expectEqual(names(body), keptNames, "\(app)")
                    expectEqual(count, 0)
                }
            }
        }
        // Only Android builds get the scenario from the option.
        expectEqual(DeviceScenario.resolve(screenLocked: [], backgroundLocation: true, killedAt: nil, racingEventsLost: true, profile: .iosEfba3ee), nil)
        expectEqual(DeviceScenario.resolve(screenLocked: [], backgroundLocation: true, killedAt: nil, racingEventsLost: true, profile: .android1_1_4)?.racingEventsLost, true)
    }
}
