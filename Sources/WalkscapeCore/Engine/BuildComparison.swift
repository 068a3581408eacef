/// Two profiles' replays of one walk, and where they differ: per point what the walker hears and when, when
/// the tour completes, and which analytics events each build sends (`AnalyticsBatch`), each difference with
/// the rule behind it and its upstream lines (`UpstreamSource`). `compare` prints it for app builds.
public struct BuildComparison: Sendable {
    /// One profile's walk: its timeline and its analytics batch's events.
    public struct Side: Sendable {
        public var profile: EngineProfile
        public var timeline: Timeline
        public var outcomes: [ProfileComparison.PointOutcome]
        public var events: [JSONValue]
        /// Events queued but never sent because the app was killed (`AnalyticsBatch.sent`).
        public var lostEvents: Int
    }

    public var sides: [Side]
    public var orders: [Int]
    /// Times closer than this (seconds) agree.
    public var tolerance: Double
    /// The differences, in the order: points (tour order), completion, events (the backend's name order).
    public private(set) var differences: [BuildDifference] = []

    /// Replays `trace` under both profiles (`policies` are their policies with options applied) at the fix
    /// delivery's `phase`, builds each build's batch (tour id, language, point ids) and compares. `timelines`,
    /// when the caller already replayed the walk at that phase (`ProfileComparison`), are used instead.
    public init(
        tour: EngineTour, trace: Trace, profiles: [EngineProfile], policies: [EnginePolicy], phase: Double = 0, tolerance: Double,
        tourID: String, language: String, pointIDs: [Int: String], timelines: [Timeline]? = nil
    ) {
        orders = tour.points.map(\.order)
        self.tolerance = tolerance
        sides = zip(profiles, policies).enumerated().map { index, item in
            let (profile, policy) = item
            let timeline = timelines?[index] ?? Simulation.run(tour: tour, trace: trace, policy: policy, phase: phase)
            var batch = AnalyticsBatch(
                tourID: tourID, language: profile.analyticsLanguage(narration: language), pointIDs: pointIDs, anonymousID: "compare", app: profile.analyticsApp, profile: profile.rawValue)
            batch.lifecycle = profile.lifecycle
            batch.device = policy.device
            let (body, lost) = batch.sent(timeline: timeline, pointCount: tour.points.count)
            return Side(
                profile: profile, timeline: timeline, outcomes: ProfileComparison.outcomes(timeline.events, orders: tour.points.map(\.order)),
                events: body["events"]?.arrayElements ?? [], lostEvents: lost)
        }
        differences = compare()
    }

    func cite(_ rule: UpstreamSource.Rule) -> [String?] { sides.map { UpstreamSource.cite(rule, $0.profile) } }

    private func compare() -> [BuildDifference] {
        guard sides.count == 2 else { return [] }
        var found: [BuildDifference] = []
        let (a, b) = (sides[0], sides[1])
        for (i, order) in orders.enumerated() {
            let (x, y) = (a.outcomes[i], b.outcomes[i])
            let plays = [Self.plays(x), Self.plays(y)]
            if plays[0] != plays[1] || x.refires != y.refires {
                let early = sides.contains { $0.profile.policy.appCursor?.completesOnReachingLastPoint == true }
                let rule: UpstreamSource.Rule = x.refires != y.refires ? .refire : (early && order == orders.last ? .completion : .fixDelivery)
                found.append(BuildDifference(
                    aspect: .heard, key: "point \(order) heard", point: order, outcomes: [Self.heard(x), Self.heard(y)], rule: rule, citations: cite(rule)))
            } else if plays[0], let s = x.startT, let t = y.startT, abs(s - t) > max(tolerance, 0.0005) {
                found.append(BuildDifference(
                    aspect: .start, key: "point \(order) start", point: order, outcomes: [Self.heard(x), Self.heard(y)], rule: .fixDelivery,
                    citations: cite(.fixDelivery)))
            }
        }
        let ends = sides.map { side in side.timeline.events.last { $0.kind == .tourCompleted || $0.kind == .tourIncomplete || $0.kind == .appKilled } }
        if ends[0]?.kind != ends[1]?.kind || abs((ends[0]?.t ?? 0) - (ends[1]?.t ?? 0)) > max(tolerance, 0.0005) {
            found.append(BuildDifference(
                aspect: .completion, key: "completion", point: nil, outcomes: ends.map(Self.end), rule: .completion, citations: cite(.completion)))
        }
        let rules: [String: UpstreamSource.Rule] = [
            "tour_started": .startedEvent, "point_triggered": .pointEvent, "tour_completed": .completedEvent, "tour_abandoned": .abandonedEvent,
        ]
        for name in AnalyticsBatch.eventNames {
            let lists = sides.map { side in side.events.filter { $0["name"]?.stringValue == name }.map { Self.eventText($0, start: side.timeline.startTime) } }
            guard lists[0] != lists[1], let rule = rules[name] else { continue }
            let outcomes = [Self.only(lists[0], not: lists[1]), Self.only(lists[1], not: lists[0])].enumerated().map { k, only in
                lists[k].isEmpty ? "sends none" : "sends \(lists[k].count)" + (only.isEmpty ? "" : "; only here: " + Self.brief(only))
            }
            found.append(BuildDifference(aspect: .event, key: "\(name) event", point: nil, outcomes: outcomes, rule: rule, citations: cite(rule)))
        }
        if sides.contains(where: { $0.lostEvents > 0 }) {
            found.append(BuildDifference(
                aspect: .event, key: "events lost at the kill", point: nil,
                outcomes: sides.map { $0.lostEvents > 0 ? "loses \($0.lostEvents) queued event\($0.lostEvents == 1 ? "" : "s") (the queue is in memory)" : "loses none" },
                rule: .lifecycle, citations: cite(.lifecycle)))
        }
        return found
    }

    /// Whether the point's narration is heard: it starts and is not cut as it starts.
    static func plays(_ outcome: ProfileComparison.PointOutcome) -> Bool { outcome.startT != nil && !outcome.cut }

    /// "plays from 5:36.0", "never plays", "cut as it starts at 25:14.8", "…, restarted 2 times".
    static func heard(_ outcome: ProfileComparison.PointOutcome) -> String {
        var text: String
        if let start = outcome.startT {
            text = outcome.cut ? "cut as it starts at \(TimelineWriter.clock(start))" : "plays from \(TimelineWriter.clock(start))"
        } else {
            text = outcome.triggerT == nil ? "never triggers, never plays" : "triggers at \(TimelineWriter.clock(outcome.triggerT ?? 0)), never plays"
        }
        if outcome.refires > 0 { text += ", restarted \(outcome.refires) time\(outcome.refires == 1 ? "" : "s")" }
        return text
    }

    /// "completed at 25:52.8", "completed at 25:14.8 without playing 7", "incomplete at 30:00.0, missed 6,7".
    static func end(_ event: EngineEvent?) -> String {
        guard let event else { return "no end" }
        let missed = (event.missed ?? []).map(String.init).joined(separator: ",")
        if event.kind == .tourCompleted { return "completed at \(TimelineWriter.clock(event.t))" + (missed.isEmpty ? "" : " without playing \(missed)") }
        if event.kind == .appKilled { return "killed at \(TimelineWriter.clock(event.t))" + (missed.isEmpty ? "" : ", never heard \(missed)") }
        return "incomplete at \(TimelineWriter.clock(event.t))" + (missed.isEmpty ? "" : ", missed \(missed)")
    }

    /// One event as compared: its time on the walk, its point and the properties the app adds (walkscape's own
    /// `source`, `profile` and `order` left out): `25:52.8 {"durationMinutes":25,"triggerType":"gps"}`.
    static func eventText(_ event: JSONValue, start: Double) -> String {
        var text = ""
        if let stamp = event["timestamp"]?.stringValue, let time = ISO8601Time.parse(stamp) { text = TimelineWriter.clock(time - start) }
        if let point = event["pointId"]?.stringValue { text += " " + point }
        let properties = (event["properties"]?.objectMembers ?? []).filter { !["source", "profile", "order"].contains($0.key) }
        text += " " + (properties.isEmpty ? "{}" : JSONWriter(pretty: false).write(.object(properties)))
        return text
    }

    /// The elements of `list` not matched one for one in `other`.
    static func only(_ list: [String], not other: [String]) -> [String] {
        var rest = other
        return list.filter { item in
            if let i = rest.firstIndex(of: item) { rest.remove(at: i); return false }
            return true
        }
    }

    /// At most three events, then "and N more".
    static func brief(_ events: [String]) -> String {
        events.prefix(3).joined(separator: ", ") + (events.count > 3 ? " and \(events.count - 3) more" : "")
    }
}
