import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeDashboard

/// Each figure of the dashboard against a hand-computed expectation, for batches shaped as each build sends them
/// (docs/upstream/walkspace-app-builds.md §3b), at both backend versions.
@Suite struct BackendDashboardTests {
    /// Android 1.1.1-beta (5c84126): bare tour_started, point_triggered and tour_completed, no tour_abandoned.
    static let xiaomi = Phone(anonymousId: "a1", tourId: "t1", device: "Xiaomi 2311DRK48G", osVersion: "Android 15")
    static let motorola = Phone(anonymousId: "a2", tourId: "t1", device: "motorola moto g54", osVersion: "Android 14")
    static let android5c84126 = batch([
        xiaomi.event("tour_started", at(10, 0)), xiaomi.event("point_triggered", at(10, 5)), xiaomi.event("point_triggered", at(10, 10)),
        xiaomi.event("point_triggered", at(10, 20)), xiaomi.event("tour_completed", at(10, 30)),
        motorola.event("tour_started", at(11, 0)), motorola.event("point_triggered", at(11, 2)), motorola.event("point_triggered", at(11, 9)),
        motorola.event("point_triggered", at(11, 15)), motorola.event("tour_completed", at(11, 25)),
    ])

    @Test(arguments: BackendVersion.allCases)
    func androidBareEventsCountInCompletionsButInNoTriggerBucket(backend: BackendVersion) throws {
        let d = try dashboard(Self.android5c84126, backend)
        expectEqual(d.now, ms(at(11, 25)))
        expectEqual(d.overview, .init(totalStarts: 2, totalCompletions: 2, uniqueDevices: 2, ios: 0, android: 2, gps: 0, manual: 0, completionRate: 100))
        expectEqual(d.duration, .init(avgDurationGpsCompleted: 0, avgDurationManualCompleted: 0, avgDurationAbandoned: 0, totalGpsCompleted: 0, totalManualCompleted: 0, totalAbandoned: 0))
        expectEqual(d.tours, [.init(
            tourId: "t1", tourName: "t1", starts: 2, completions: 2, completionRate: 100, avgDurationMinutes: 0,
            completionsWithDuration: backend == .efba3ee ? 0 : nil, gpsTriggered: 0, manualTriggered: 0)])
        expectEqual(d.sessions.map(\.status), [.completed, .completed])
        expectEqual(d.sessions.map(\.device), ["motorola moto g54", "Xiaomi 2311DRK48G"])  // newest first
        expectEqual(d.sessions.map(\.pointsTriggered), [3, 3])
        expectTrue(d.sessions.allSatisfy { $0.durationMinutes == nil && $0.triggerType == nil && $0.language == nil })
        expectTrue(d.engagement.donationClicks == 0 && d.engagement.totalCompletions == 2)
    }

    /// iOS 1.2 (5c84126): tour_started {triggerType: "manual", language, platform}, point_triggered {triggerType},
    /// tour_completed {durationMinutes, pointsVisited, triggerType, platform}, tour_abandoned {durationMinutes, lastPointIndex, platform}.
    static let iphone = Phone(anonymousId: "i1", tourId: "t1", device: "ios-iPhone", osVersion: "iOS 17.5", language: "it")
    static let iosStart: [(String, JSONValue)] = [("triggerType", .string("manual")), ("language", .string("it")), ("platform", .string("ios"))]
    static let ios5c84126 = batch([
        iphone.event("tour_started", at(9, 0), iosStart), iphone.event("point_triggered", at(9, 5), [("triggerType", .string("gps"))]),
        iphone.event("point_triggered", at(9, 10), [("triggerType", .string("manual"))]),
        iphone.event("tour_completed", at(9, 42), [
            ("durationMinutes", .integer(42)), ("pointsVisited", .integer(7)), ("triggerType", .string("gps")), ("platform", .string("ios")),
        ]),
        iphone.event("tour_started", at(10, 0), iosStart), iphone.event("point_triggered", at(10, 3), [("triggerType", .string("gps"))]),
        iphone.event("tour_abandoned", at(10, 7), [("durationMinutes", .integer(7)), ("lastPointIndex", .integer(0)), ("platform", .string("ios"))]),
        iphone.event("tour_started", at(12, 0), iosStart),  // killed: no terminal event, 7 hours before now
        iphone.event("tour_started", at(18, 30), iosStart),  // still walking, 30 minutes before now
    ])

    @Test(arguments: BackendVersion.allCases)
    func iosBatch(backend: BackendVersion) throws {
        let d = try dashboard(Self.ios5c84126, backend, now: at(19, 0))
        // The trigger split: the four starts' "manual" at 5c84126, the one completion's "gps" at efba3ee.
        let (gps, manual) = backend == .v5c84126 ? (0, 4) : (1, 0)
        expectEqual(d.overview, .init(totalStarts: 4, totalCompletions: 1, uniqueDevices: 1, ios: 4, android: 0, gps: gps, manual: manual, completionRate: 25))
        expectEqual(d.duration, .init(avgDurationGpsCompleted: 42, avgDurationManualCompleted: 0, avgDurationAbandoned: 7, totalGpsCompleted: 1, totalManualCompleted: 0, totalAbandoned: 1))
        expectEqual(d.tours, [.init(
            tourId: "t1", tourName: "t1", starts: 4, completions: 1, completionRate: 25, avgDurationMinutes: 42,
            completionsWithDuration: backend == .efba3ee ? 1 : nil, gpsTriggered: gps, manualTriggered: manual)])
        expectEqual(d.sessions.map(\.startedAt), [at(18, 30), at(12, 0), at(10, 0), at(9, 0)].map(ms))
        expectEqual(d.sessions.map(\.status), [.inProgress, backend == .efba3ee ? .incomplete : .inProgress, .abandoned, .completed])
        expectEqual(d.sessions.map(\.durationMinutes), [nil, nil, 7, 42])
        expectEqual(d.sessions.map(\.pointsTriggered), [0, 0, 1, 2])
        expectTrue(d.sessions.allSatisfy { $0.triggerType == "manual" && $0.language == "it" && $0.osVersion == "iOS 17.5" })
    }

    /// Android 1.1.12 (efba3ee): tour_started {triggerType: "gps"}, tour_completed {durationMinutes, triggerType},
    /// tour_abandoned {durationMinutes}, donation_link_clicked {provider, source, amount?}; follow and contact clicks.
    static let nothing = Phone(anonymousId: "n1", tourId: "t2", device: "Nothing A142", osVersion: "Android 14")
    static let androidEfba3ee: String = {
        let n2 = Phone(anonymousId: "n2", tourId: "t2", device: "Xiaomi 2311DRK48G", osVersion: "Android 15")
        let n3 = Phone(anonymousId: "n3", tourId: "t2", device: "motorola moto g54", osVersion: "Android 14")
        let gps: [(String, JSONValue)] = [("triggerType", .string("gps"))]
        return batch([
            nothing.event("tour_started", at(8, 0), gps), nothing.event("point_triggered", at(8, 10)), nothing.event("point_triggered", at(8, 20)),
            nothing.event("tour_completed", at(8, 50), [("durationMinutes", .integer(50)), ("triggerType", .string("gps"))]),
            nothing.event("donation_link_clicked", at(8, 51), [("provider", .string("paypal")), ("source", .string("completion")), ("amount", .integer(5))]),
            nothing.event("follow_us_clicked", at(8, 52)),
            nothing.event("contact_clicked", at(8, 52), [("channel", .string("instagram"))]),
            nothing.event("contact_clicked", at(8, 53), [("channel", .string("instagram"))]),
            nothing.event("contact_clicked", at(8, 53), [("channel", .string(""))]),
            n2.event("tour_started", at(9, 0), gps),
            n2.event("donation_link_clicked", at(9, 2), [("provider", .string("satispay")), ("source", .string("exit")), ("amount", .integer(10))]),
            n2.event("tour_abandoned", at(9, 3), [("durationMinutes", .integer(3))]),
            n2.event("donation_link_clicked", at(9, 5), [("provider", .string("paypal")), ("source", .string("connect"))], tour: .some(nil)),
            n3.event("tour_started", at(9, 10), gps),
            n3.event("tour_completed", at(9, 10, 40), [("durationMinutes", .integer(0)), ("triggerType", .string("manual"))]),
        ])
    }()

    @Test func androidEfba3eeBatchAtEfba3ee() throws {
        let d = try dashboard(Self.androidEfba3ee, .efba3ee, now: at(10, 0))
        expectEqual(d.overview, .init(totalStarts: 3, totalCompletions: 2, uniqueDevices: 3, ios: 0, android: 3, gps: 1, manual: 1, completionRate: 66.7))
        // The sub-minute walk's 0 counts in the manual average (L129) ...
        expectEqual(d.duration, .init(avgDurationGpsCompleted: 50, avgDurationManualCompleted: 0, avgDurationAbandoned: 3, totalGpsCompleted: 1, totalManualCompleted: 1, totalAbandoned: 1))
        // ... but not in the tour's (completionsWithDuration, L318-330).
        expectEqual(d.tours, [.init(tourId: "t2", tourName: "t2", starts: 3, completions: 2, completionRate: 66.7, avgDurationMinutes: 50, completionsWithDuration: 1, gpsTriggered: 1, manualTriggered: 1)])
        let e = d.engagement
        expectTrue(e.followUsClicks == 1 && e.followUsPercent == 50)
        expectTrue(e.totalContactClicks == 3 && e.totalContactPercent == 150)
        expectEqual(e.channelBreakdown, [.init(key: "instagram", clicks: 2, percentOfCompletions: 100), .init(key: "unknown", clicks: 1, percentOfCompletions: 50)])
        expectTrue(e.donationClicks == 3 && e.donationPercent == 150)
        expectEqual(e.donationBreakdown, [
            .init(key: "paypal", clicks: 2, totalAmount: 5, percentOfCompletions: 100), .init(key: "satispay", clicks: 1, totalAmount: 10, percentOfCompletions: 50),
        ])
        // Equal clicks keep the order the sources were first seen (a stable sort, L242).
        expectEqual(e.donationBySource, [
            .init(key: "completion", clicks: 1, totalAmount: 5), .init(key: "exit", clicks: 1, totalAmount: 10), .init(key: "connect", clicks: 1, totalAmount: 0),
        ])
        expectTrue(e.totalDonationAmount == 15 && e.donationsWithAmount == 2 && e.avgDonationAmount == 7.5)
        expectEqual(d.sessions.map(\.status), [.completed, .abandoned, .completed])
        expectEqual(d.sessions.map(\.durationMinutes), [0, 3, 50])
        expectEqual(d.sessions.map(\.pointsTriggered), [0, 0, 2])
        expectTrue(d.sessions.allSatisfy { $0.triggerType == "gps" })
    }

    @Test func androidEfba3eeBatchAt5c84126() throws {
        let d = try dashboard(Self.androidEfba3ee, .v5c84126, now: at(10, 0))
        // Every start says "gps" (the later build's placeholder), so the old split calls all three GPS walks.
        expectEqual(d.overview, .init(totalStarts: 3, totalCompletions: 2, uniqueDevices: 3, ios: 0, android: 3, gps: 3, manual: 0, completionRate: 66.7))
        // The old per-tour average divides by every completion: (50 + 0) / 2.
        expectEqual(d.tours, [.init(tourId: "t2", tourName: "t2", starts: 3, completions: 2, completionRate: 66.7, avgDurationMinutes: 25, completionsWithDuration: nil, gpsTriggered: 3, manualTriggered: 0)])
        let e = d.engagement
        expectTrue(e.donationClicks == 3 && e.donationPercent == 150)
        expectTrue(e.donationBreakdown == nil && e.donationBySource == nil && e.totalDonationAmount == nil)
    }

    /// A killed walk restarted: the first start finds the second run's completion (L402-407 look for the first
    /// terminal event after the start, not before the next start), and counts the second run's points.
    @Test(arguments: BackendVersion.allCases)
    func aSessionIsMatchedToALaterRunsCompletion(backend: BackendVersion) throws {
        let phone = Self.iphone
        let d = try dashboard(batch([
            phone.event("tour_started", at(10, 0), Self.iosStart), phone.event("point_triggered", at(10, 5)),
            phone.event("tour_started", at(11, 0), Self.iosStart), phone.event("point_triggered", at(11, 10)),
            phone.event("tour_completed", at(11, 40), [("durationMinutes", .integer(40)), ("triggerType", .string("gps"))]),
        ]), backend)
        expectEqual(d.sessions.map(\.status), [.completed, .completed])
        expectEqual(d.sessions.map(\.durationMinutes), [40, 40])
        expectEqual(d.sessions.map(\.pointsTriggered), [1, 2])
        expectTrue(d.overview.totalCompletions == 1 && d.overview.completionRate == 50)
    }

    /// The completion rate counts events: iOS sends tour_completed again when a re-fired last point plays out.
    @Test(arguments: BackendVersion.allCases)
    func theCompletionRateCountsEventsNotSessions(backend: BackendVersion) throws {
        let phone = Self.iphone
        let completed: [(String, JSONValue)] = [("durationMinutes", .integer(30)), ("triggerType", .string("gps"))]
        let d = try dashboard(batch([
            phone.event("tour_started", at(10, 0), Self.iosStart), phone.event("tour_completed", at(10, 30), completed),
            phone.event("tour_completed", at(10, 33), [("durationMinutes", .integer(33)), ("triggerType", .string("gps"))]),
        ]), backend)
        expectTrue(d.overview.totalStarts == 1 && d.overview.totalCompletions == 2 && d.overview.completionRate == 200)
        expectTrue(d.tours.first?.completionRate == 200)
        expectTrue(d.duration.avgDurationGpsCompleted == 31.5 && d.duration.totalGpsCompleted == 2)
        expectEqual(d.sessions.map(\.durationMinutes), [30])
    }

    /// One iOS and one bare Android completion on a tour: both are completions, only iOS's is in a trigger bucket;
    /// at efba3ee the tour's average skips Android's, at 5c84126 it counts it as 0.
    @Test(arguments: BackendVersion.allCases)
    func aBareAndroidCompletionBesideAnIOSOne(backend: BackendVersion) throws {
        let d = try dashboard(batch([
            Self.iphone.event("tour_started", at(9, 0), Self.iosStart),
            Self.iphone.event("tour_completed", at(9, 45), [("durationMinutes", .integer(45)), ("triggerType", .string("gps"))]),
            Self.xiaomi.event("tour_started", at(10, 0)), Self.xiaomi.event("tour_completed", at(10, 30)),
        ]), backend)
        expectTrue(d.overview.totalCompletions == 2 && d.overview.ios == 1 && d.overview.android == 1)
        expectTrue(d.overview.gps == (backend == .efba3ee ? 1 : 0) && d.overview.manual == (backend == .efba3ee ? 0 : 1))
        expectTrue(d.duration.totalGpsCompleted == 1 && d.duration.totalManualCompleted == 0 && d.duration.avgDurationGpsCompleted == 45)
        expectTrue(d.tours.first?.avgDurationMinutes == (backend == .efba3ee ? 45 : 22.5))
        expectTrue(d.tours.first?.completionsWithDuration == (backend == .efba3ee ? 1 : nil))
    }

    /// Math.round rounds halves up (towards +infinity), not to even and not away from zero.
    @Test func averagesRoundHalvesAsMathRound() throws {
        let phone = Self.iphone
        let d = try dashboard(batch([
            phone.event("tour_started", at(9, 0), Self.iosStart),
            phone.event("tour_completed", at(9, 1), [("durationMinutes", .number("0.25")), ("triggerType", .string("gps"))]),
            phone.event("tour_completed", at(9, 2), [("durationMinutes", .number("0.05")), ("triggerType", .string("manual"))]),
            phone.event("tour_abandoned", at(9, 3), [("durationMinutes", .number("-0.25"))]),
        ]), .efba3ee)
        expectEqual(d.duration.avgDurationGpsCompleted, 0.3)  // Math.round(2.5) = 3
        expectEqual(d.duration.avgDurationManualCompleted, 0.1)  // Math.round(0.5) = 1
        expectEqual(d.duration.avgDurationAbandoned, -0.2)  // Math.round(-2.5) = -2
        expectEqual(JSSemantics.round(0.49999999999999994), 0)
        expectTrue(JSSemantics.percent(1, of: 3) == 33.3 && JSSemantics.percent(2, of: 3) == 66.7 && JSSemantics.percent(1, of: 8) == 12.5)
        expectEqual(JSSemantics.cents(1.005), 1)  // 1.005 * 100 = 100.49999999999999
    }

    /// Object.entries lists integer-like keys first, in numeric order; the platform split is a case-insensitive
    /// substring test on osVersion.
    @Test func recordOrderAndPlatformWords() throws {
        expectEqual(JSSemantics.entriesOrder(["b", "10", "a", "2", "01", "4294967295"]), ["2", "10", "b", "a", "01", "4294967295"])
        let words = ["IOS 17", "iPadOS 17", "Darwin iOS", "AndroidOS", "Kios Android", "Linux"]
        expectEqual(words.map { JSSemantics.containsInsensitive($0, "ios") }, [true, false, true, false, true, false])
        expectEqual(words.map { JSSemantics.containsInsensitive($0, "android") }, [false, false, false, true, true, false])
        let phone = Phone(anonymousId: "k", tourId: "t", device: "x", osVersion: "Kios Android")
        let d = try dashboard(batch([
            phone.event("tour_started", at(9, 0)),
            phone.event("contact_clicked", at(9, 1), [("channel", .string("b"))]), phone.event("contact_clicked", at(9, 2), [("channel", .string("10"))]),
            phone.event("contact_clicked", at(9, 3), [("channel", .string("2"))]),
        ]), .efba3ee)
        expectTrue(d.overview.ios == 1 && d.overview.android == 1)
        expectEqual(d.engagement.channelBreakdown.map(\.key), ["2", "10", "b"])
    }

    /// The period counts back from now (gte); the session lookups are not filtered; a tour whose events are all
    /// older still has its row; an event without a timestamp is stamped with now.
    @Test func thePeriodAndTheClock() throws {
        let phone = Self.iphone
        let text = batch([
            phone.event("tour_started", "2026-04-08T10:00:00Z", Self.iosStart, tour: "old"),
            phone.event("tour_started", "2026-04-09T10:00:00Z", Self.iosStart),  // exactly 30 days before now: kept
            phone.event("tour_completed", "2026-04-09T10:40:00Z", [("durationMinutes", .integer(40)), ("triggerType", .string("gps"))]),
            SentEvent(name: "tour_started", at: nil, anonymousId: "late", tourId: "t1", osVersion: "Android 14"),
        ])
        let month = try dashboard(text, .efba3ee, period: .days30, now: "2026-05-09T10:00:00Z")
        expectTrue(month.overview.totalStarts == 2 && month.overview.totalCompletions == 1 && month.overview.android == 1)
        expectTrue(month.tours.map(\.tourId) == ["t1", "old"] && month.tours.map(\.starts) == [2, 0])
        expectEqual(month.sessions.map(\.startedAt), [ms("2026-05-09T10:00:00Z"), ms("2026-04-09T10:00:00Z")])
        expectEqual(month.sessions.map(\.status), [.inProgress, .completed])
        let week = try dashboard(text, .efba3ee, period: .days7, now: "2026-05-09T10:00:00Z")
        expectTrue(week.overview.totalStarts == 1 && week.sessions.count == 1)
        let all = try dashboard(text, .efba3ee, period: .all, now: "2026-05-09T10:00:00Z")
        expectTrue(all.overview.totalStarts == 3 && all.sessions.last?.status == .incomplete)
    }

    /// At most the 50 newest starts are sessions; equal times keep the order the events were stored in.
    @Test func sessionsAreTheFiftyNewestStarts() throws {
        let events = (0..<60).map { i in
            SentEvent(name: "tour_started", at: at(9, i / 2), anonymousId: "d\(i)", tourId: "t", osVersion: "iOS 17")
        }
        let d = try dashboard(batch(events), .v5c84126)
        expectEqual(d.sessions.count, 50)
        expectEqual(d.sessions.prefix(4).map(\.startedAt), [at(9, 29), at(9, 29), at(9, 28), at(9, 28)].map(ms))
        expectTrue(d.overview.totalStarts == 60 && d.overview.uniqueDevices == 60)
    }

    @Test func timesAreMillisecondsAsJavaScriptReadsThem() {
        expectEqual(DashboardTime.milliseconds("2026-05-09T09:00:00Z"), 1_778_317_200_000)
        expectEqual(DashboardTime.milliseconds("2026-05-09T09:00:00.1239Z"), 1_778_317_200_123)
        expectEqual(DashboardTime.milliseconds("2026-05-09T11:00:00.5+02:00"), 1_778_317_200_500)
        expectEqual(DashboardTime.milliseconds("2026-05-09"), 1_778_284_800_000)
        expectTrue(DashboardTime.milliseconds("09:00") == nil)
        expectEqual(DashboardTime.iso(1_778_317_200_005), "2026-05-09T09:00:00.005Z")
        expectTrue(JSSemantics.numberText(12) == "12" && JSSemantics.numberText(66.7) == "66.7" && JSSemantics.numberText(-0.0) == "0")
        expectTrue(JSSemantics.numberText(1e-7) == "1e-7" && JSSemantics.numberText(1e21) == "1e+21")
    }
}
