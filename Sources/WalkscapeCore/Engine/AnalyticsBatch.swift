/// The analytics events the phone app would send for a walk, in the body shape of `POST /analytics/events`.
///
/// Every event has exactly the fields the deployed backend's `TrackEventDto` declares (its `ValidationPipe`
/// answers 400 to any other, `backend/src/main.ts` at commit 5c84126): `name`, `anonymousId`, `tourId`,
/// `pointId` (point events), `language`, `device`, `osVersion`, `offline`, `timestamp` (ISO 8601 on the
/// trace's clock) and `properties`. Which events, and their properties, follow the profile's app
/// (`AnalyticsApp`): one per app action the timeline implies.
///
/// - `tour_started` at t = 0; `point_triggered` at every `point_triggered` and, for the iOS app, every
///   `point_refired` (its `handlePointTriggered` tracks again).
/// - `tour_completed` at the timeline's `tour_completed` (for the Android app that is the end of the
///   second-to-last narration). The iOS app tracks it at *every* natural audio end while its screen is on
///   the last point, so each later re-fire of the last point that plays out sends it again.
/// - `tour_abandoned` when the walk ends incomplete (the player closes), except for Android 1.1.1-beta, which
///   has no such event.
/// - `durationMinutes` is the whole minutes since `tour_started` (a floor, as both apps compute it), and
///   `triggerType` on a completion or abandonment is "gps" once any point triggered by GPS, else "manual".
public struct AnalyticsBatch: Sendable {
    /// The backend's event names (`AnalyticsEventType` in `analytics-event.dto.ts`), in its order.
    public static let eventNames = [
        "app_open", "signup", "login", "tour_viewed", "tour_download_started", "tour_download_completed",
        "tour_download_deleted", "tour_started", "point_triggered", "tour_completed", "tour_abandoned",
        "follow_us_clicked", "contact_clicked", "voucher_redeemed", "donation_link_clicked",
    ]

    public var tourID: String
    public var language: String
    /// Point order → the point's id, for `pointId`.
    public var pointIDs: [Int: String]
    /// The `anonymousId` of every event of the batch.
    public var anonymousID: String
    public var app: AnalyticsApp
    /// The profile's name, recorded in `properties.profile`.
    public var profile: String
    /// How the build queues and flushes events, for a walk whose app is killed (`LifecycleRules`).
    public var lifecycle: LifecycleRules = .walkscape
    /// The screen locks and the kill (`EnginePolicy.device`), nil: neither.
    public var device: DeviceScenario?

    public init(tourID: String, language: String, pointIDs: [Int: String], anonymousID: String, app: AnalyticsApp, profile: String) {
        self.tourID = tourID
        self.language = language
        self.pointIDs = pointIDs
        self.anonymousID = anonymousID
        self.app = app
        self.profile = profile
    }

    /// A stable, deterministic `anonymousId` for one replay: a UUID-shaped (version 4 layout) digest of the
    /// tour, the trace's first fix time, its fix count and the profile, so the same run gives the same
    /// batch byte for byte and every event of a run shares it.
    public static func anonymousID(tourID: String, startTime: Double, fixes: Int, profile: String) -> String {
        let key = "walkscape|\(tourID)|\(ISO8601Time.format(startTime))|\(fixes)|\(profile)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, then two SplitMix64 draws
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        var random = SplitMix64(seed: hash)
        let high = random.next()
        let low = random.next()
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        let a = high >> 32
        let b = (high >> 16) & 0xffff
        let c = (high & 0x0fff) | 0x4000
        let d = ((low >> 48) & 0x3fff) | 0x8000
        let e = low & 0xffff_ffff_ffff
        return "\(hex(a, 8))-\(hex(b, 4))-\(hex(c, 4))-\(hex(d, 4))-\(hex(e, 12))"
    }

    /// The batch body for `timeline`: `{"events": [...]}`.
    public func body(timeline: Timeline, pointCount: Int) -> JSONValue { sent(timeline: timeline, pointCount: pointCount).body }

    /// The batch the backend receives for `timeline`, and how many events the app queued and lost. When the
    /// app is killed (`app_killed`) and the build keeps its queue in memory (`LifecycleRules.killLosesUnsentEvents`,
    /// Android), the events queued since its last flush are lost: it flushes when `flushBatchSize` events are
    /// queued, after `tour_completed`, and every `flushIntervalSeconds` from the tour's start (walkscape's
    /// assumption: the periodic job's phase is unknown) until the first screen lock when the build cancels it
    /// then (`periodicFlushStopsAtLock`). iOS keeps its queue and sends it at the next launch: nothing is lost.
    public func sent(timeline: Timeline, pointCount: Int) -> (body: JSONValue, lost: Int) {
        var events: [JSONValue] = []
        var times: [Double] = []
        var completed = false
        var gpsTriggered = false
        let last = pointCount
        // An Android build sends tour_completed and tour_abandoned from a viewModelScope.launch that the screen's
        // navigation cancels while track() still suspends (PlayerViewModel.kt@5c84126 lines 111–115, @efba3ee
        // 123–127 and 458–460; NavGraph.kt@5c84126 lines 129–131): with --racing-events lost they never queue.
        let losesRacing = device?.racingEventsLost == true && (app == .android5c84126 || app == .androidEfba3ee)
        var racingLost = 0
        func append(_ name: String, _ event: EngineEvent, point: Int? = nil, _ extra: [(key: String, value: JSONValue)]) {
            var members: [(key: String, value: JSONValue)] = [("name", .string(name)), ("anonymousId", .string(anonymousID)), ("tourId", .string(tourID))]
            if let point, let id = pointIDs[point] { members.append(("pointId", .string(id))) }
            var properties: [(key: String, value: JSONValue)] = [("source", .string("walkscape")), ("profile", .string(profile))]
            if let point { properties.append(("order", .integer(point))) }
            properties += extra
            members += [
                ("language", .string(language)), ("device", .string(app.device)), ("osVersion", .string(app.osVersion)),
                ("offline", .bool(true)), ("timestamp", .string(ISO8601Time.format(timeline.startTime + event.t))),
                ("properties", .object(properties)),
            ]
            events.append(.object(members))
            times.append(event.t)
        }
        func completion(_ event: EngineEvent) {
            switch app {
            case .ios:
                append("tour_completed", event, [
                    ("durationMinutes", .integer(Int(event.t / 60))), ("pointsVisited", .integer(pointCount)),
                    ("triggerType", .string(gpsTriggered ? "gps" : "manual")), ("platform", .string("ios")),
                ])
            case .androidEfba3ee where losesRacing, .android5c84126 where losesRacing:
                racingLost += 1
            case .androidEfba3ee:
                // PlayerViewModel.kt@efba3ee lines 117-127: trackTourCompleted(tour.id, elapsedMinutes(), primaryTriggerType).
                append("tour_completed", event, [
                    ("durationMinutes", .integer(Int(event.t / 60))), ("triggerType", .string(gpsTriggered ? "gps" : "manual")),
                ])
            case .android5c84126, .walkscape:
                append("tour_completed", event, [])
            }
        }
        var previous: EngineEvent?
        for event in timeline.events {
            defer { previous = event }
            switch event.kind {
            case .tourStarted:
                switch app {
                case .ios: append("tour_started", event, [("triggerType", .string("manual")), ("language", .string(language)), ("platform", .string("ios"))])
                // PlayerViewModel.kt@efba3ee line 180: trackTourStarted(tourId, "gps").
                case .androidEfba3ee: append("tour_started", event, [("triggerType", .string("gps"))])
                case .android5c84126, .walkscape: append("tour_started", event, [])
                }
            case .pointTriggered, .pointRefired:
                gpsTriggered = true
                append("point_triggered", event, point: event.point, app == .ios ? [("triggerType", .string("gps"))] : [])
            case .tourCompleted:
                completed = true
                completion(event)
            case .audioFinished:
                // iOS: a natural end on the last point after completion (a re-fire that played out) completes
                // again; an end cut by a re-fire (point_refired just before, same time) is no end for the app.
                let cut = previous.map { $0.kind == .pointRefired && $0.point == event.point && $0.t == event.t } ?? false
                if app == .ios, completed, event.point == last, !cut { completion(event) }
            case .tourIncomplete:
                switch app {
                case .ios:
                    append("tour_abandoned", event, [
                        ("durationMinutes", .integer(Int(event.t / 60))), ("lastPointIndex", .integer(max(0, (event.next ?? 1) - 1))),
                        ("platform", .string("ios")),
                    ])
                case .androidEfba3ee where losesRacing:
                    racingLost += 1
                case .androidEfba3ee:
                    // PlayerViewModel.kt@efba3ee stopTour(): trackTourAbandoned(id, elapsedMinutes()) when started and not complete.
                    append("tour_abandoned", event, [("durationMinutes", .integer(Int(event.t / 60)))])
                case .walkscape:
                    append("tour_abandoned", event, [])
                case .android5c84126:
                    break
                }
            default:
                continue
            }
        }
        guard let kill = timeline.events.last(where: { $0.kind == .appKilled }), lifecycle.killLosesUnsentEvents else {
            return (.object([("events", .array(events))]), racingLost)
        }
        let flushed = flushedCount(events: events, times: times, killedAt: kill.t)
        return (.object([("events", .array(Array(events[..<flushed])))]), events.count - flushed + racingLost)
    }

    /// How many of `events` (queued at `times`) had been sent when the app was killed at `killedAt`.
    func flushedCount(events: [JSONValue], times: [Double], killedAt: Double) -> Int {
        let interval = lifecycle.flushIntervalSeconds
        let stop = lifecycle.periodicFlushStopsAtLock ? min(device?.firstLock ?? .infinity, killedAt) : killedAt
        var sent = 0
        var previous = -Double.infinity
        func ticks(upTo t: Double, queued: Int) {
            // A periodic flush between the previous event and t sends everything queued by then.
            guard interval > 0, sent < queued else { return }
            let tick = (min(t, stop) / interval).rounded(.down) * interval
            if tick >= interval, tick > previous, tick <= min(t, stop) { sent = max(sent, min(queued, times.firstIndex { $0 > tick } ?? times.count)) }
        }
        for (i, event) in events.enumerated() {
            ticks(upTo: times[i], queued: i)
            previous = times[i]
            if i + 1 - sent >= lifecycle.flushBatchSize || event["name"]?.stringValue == "tour_completed" { sent = i + 1 }
        }
        ticks(upTo: killedAt.nextDown, queued: events.count)  // a flush due at the very moment of the kill never runs
        return sent
    }
}
