import WalkscapeCore
import WalkscapeReports

/// A `BackendDashboard` for people (aligned tables) and for tools (JSON with the service's field names,
/// keys sorted): the same input always gives the same bytes.
public struct DashboardReport: Sendable {
    public var dashboard: BackendDashboard
    /// Events read, over every file.
    public var eventsRead: Int

    public init(dashboard: BackendDashboard, eventsRead: Int) {
        self.dashboard = dashboard
        self.eventsRead = eventsRead
    }

    static func n(_ x: Double) -> String { JSSemantics.numberText(x) }
    static func num(_ x: Double) -> JSONValue { .number(JSSemantics.numberText(x)) }
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.sorted { $0.0 < $1.0 }.map { (key: $0.0, value: $0.1) })
    }
    static func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The four answers of the CMS (`overview`, `duration`, `engagement`, `tours`, `sessions`) and what they were
    /// computed from.
    public func json() -> JSONValue {
        let d = dashboard
        let o = d.overview
        let e = d.engagement
        let u = d.duration
        var engagement: [(String, JSONValue)] = [
            ("followUsClicks", .integer(e.followUsClicks)), ("followUsPercent", Self.num(e.followUsPercent)),
            ("totalContactClicks", .integer(e.totalContactClicks)), ("totalContactPercent", Self.num(e.totalContactPercent)),
            ("channelBreakdown", .array(e.channelBreakdown.map {
                Self.object([("channel", .string($0.key)), ("clicks", .integer($0.clicks)), ("percentOfCompletions", Self.num($0.percentOfCompletions ?? 0))])
            })),
            ("donationClicks", .integer(e.donationClicks)), ("donationPercent", Self.num(e.donationPercent)), ("totalCompletions", .integer(e.totalCompletions)),
        ]
        if let providers = e.donationBreakdown, let sources = e.donationBySource {
            engagement += [
                ("donationBreakdown", .array(providers.map {
                    Self.object([
                        ("provider", .string($0.key)), ("clicks", .integer($0.clicks)), ("totalAmount", Self.num($0.totalAmount ?? 0)),
                        ("percentOfCompletions", Self.num($0.percentOfCompletions ?? 0)),
                    ])
                })),
                ("donationBySource", .array(sources.map {
                    Self.object([("source", .string($0.key)), ("clicks", .integer($0.clicks)), ("totalAmount", Self.num($0.totalAmount ?? 0))])
                })),
                ("totalDonationAmount", Self.num(e.totalDonationAmount ?? 0)), ("donationsWithAmount", .integer(e.donationsWithAmount ?? 0)),
                ("avgDonationAmount", Self.num(e.avgDonationAmount ?? 0)),
            ]
        }
        let tours: [JSONValue] = d.tours.map { t in
            var members: [(String, JSONValue)] = [
                ("tourId", .string(t.tourId)), ("tourName", .string(t.tourName)), ("starts", .integer(t.starts)), ("completions", .integer(t.completions)),
                ("completionRate", Self.num(t.completionRate)), ("avgDurationMinutes", Self.num(t.avgDurationMinutes)),
                ("gpsTriggered", .integer(t.gpsTriggered)), ("manualTriggered", .integer(t.manualTriggered)),
            ]
            if let with = t.completionsWithDuration { members.append(("completionsWithDuration", .integer(with))) }
            return Self.object(members)
        }
        let sessions: [JSONValue] = d.sessions.map { s in
            Self.object([
                ("tourId", .string(s.tourId)), ("tourName", .string(s.tourName)), ("startedAt", .string(DashboardTime.iso(s.startedAt))),
                ("device", .string(s.device)), ("osVersion", .string(s.osVersion)), ("status", .string(s.status.rawValue)),
                ("durationMinutes", s.durationMinutes.map(Self.num) ?? .null), ("pointsTriggered", .integer(s.pointsTriggered)),
                ("triggerType", Self.text(s.triggerType)), ("language", Self.text(s.language)),
            ])
        }
        return Self.object([
            ("backend", Self.object([("ref", .string(d.backend.rawValue)), ("commit", .string(d.backend.commit))])),
            ("period", .string(d.period.rawValue)), ("now", .string(DashboardTime.iso(d.now))), ("eventsRead", .integer(eventsRead)),
            ("overview", Self.object([
                ("totalStarts", .integer(o.totalStarts)), ("totalCompletions", .integer(o.totalCompletions)), ("uniqueDevices", .integer(o.uniqueDevices)),
                ("platformBreakdown", Self.object([("ios", .integer(o.ios)), ("android", .integer(o.android))])),
                ("triggerBreakdown", Self.object([("gps", .integer(o.gps)), ("manual", .integer(o.manual))])),
                ("completionRate", Self.num(o.completionRate)),
            ])),
            ("duration", Self.object([
                ("avgDurationGpsCompleted", Self.num(u.avgDurationGpsCompleted)), ("avgDurationManualCompleted", Self.num(u.avgDurationManualCompleted)),
                ("avgDurationAbandoned", Self.num(u.avgDurationAbandoned)), ("totalGpsCompleted", .integer(u.totalGpsCompleted)),
                ("totalManualCompleted", .integer(u.totalManualCompleted)), ("totalAbandoned", .integer(u.totalAbandoned)),
            ])),
            ("engagement", Self.object(engagement)), ("tours", .array(tours)), ("sessions", .array(sessions)),
        ])
    }

    /// What the first lines say of the events the period leaves out (none: nothing): how many, and how to count
    /// them. Before, they were dropped without a word (`23 events read` and one tour start, two 2015 walks gone).
    var outsideThePeriod: String {
        let left = dashboard.eventsBeforePeriod
        guard left > 0 else { return "" }
        let since = dashboard.period.start(now: dashboard.now).map { DashboardTime.iso($0) } ?? ""
        return "; \(left) of them dated before the period (\(dashboard.period.rawValue): since \(since)) left out, as the CMS leaves them out; --period all counts them"
    }

    /// The report as text lines.
    public func lines() -> [String] {
        let d = dashboard
        let o = d.overview
        let u = d.duration
        let e = d.engagement
        let n = Self.n
        let since = d.period.start(now: d.now).map { "since \(DashboardTime.iso($0))" } ?? "every event"
        var out = [
            "What the CMS shows: admin-analytics.service.ts at \(d.backend.rawValue), period \(d.period.rawValue) (\(since)), now \(DashboardTime.iso(d.now))",
            "\(eventsRead) event\(eventsRead == 1 ? "" : "s") read" + outsideThePeriod, "",
        ]
        let triggerSource = d.backend == .v5c84126 ? "tour_started" : "tour_completed"
        var overview = TextTable(["OVERVIEW", "VALUE", "NOTE"], rightAligned: [1])
        overview.add(["tour starts", "\(o.totalStarts)", "tour_started events"])
        overview.add(["completions", "\(o.totalCompletions)", "tour_completed events"])
        overview.add(["completion rate", n(o.completionRate) + " %", "completions / starts, events not sessions"])
        overview.add(["unique devices", "\(o.uniqueDevices)", "anonymousIds that started a tour"])
        overview.add(["iOS / Android", "\(o.ios) / \(o.android)", "starts whose osVersion says ios / android"])
        overview.add(["GPS / manual", "\(o.gps) / \(o.manual)", "triggerType of \(triggerSource)"])
        out += overview.render() + [""]
        var durations = TextTable(["DURATION", "AVG MIN", "EVENTS"], rightAligned: [1, 2])
        durations.add(["completed, GPS", n(u.avgDurationGpsCompleted), "\(u.totalGpsCompleted)"])
        durations.add(["completed, manual", n(u.avgDurationManualCompleted), "\(u.totalManualCompleted)"])
        durations.add(["abandoned", n(u.avgDurationAbandoned), "\(u.totalAbandoned)"])
        out += durations.render() + [""]
        var engagement = TextTable(["ENGAGEMENT", "CLICKS", "% OF COMPLETIONS", "EUR"], rightAligned: [1, 2, 3])
        engagement.add(["follow us", "\(e.followUsClicks)", n(e.followUsPercent), ""])
        engagement.add(["contact", "\(e.totalContactClicks)", n(e.totalContactPercent), ""])
        for row in e.channelBreakdown { engagement.add(["  " + row.key, "\(row.clicks)", n(row.percentOfCompletions ?? 0), ""]) }
        engagement.add(["donation", "\(e.donationClicks)", n(e.donationPercent), e.totalDonationAmount.map(n) ?? ""])
        for row in e.donationBreakdown ?? [] { engagement.add(["  provider " + row.key, "\(row.clicks)", n(row.percentOfCompletions ?? 0), n(row.totalAmount ?? 0)]) }
        for row in e.donationBySource ?? [] { engagement.add(["  source " + row.key, "\(row.clicks)", "", n(row.totalAmount ?? 0)]) }
        out += engagement.render()
        if let with = e.donationsWithAmount, let average = e.avgDonationAmount {
            out.append("\(with) donation click\(with == 1 ? "" : "s") with an amount, \(n(average)) EUR on average")
        }
        out.append("")
        let withDuration = d.backend == .efba3ee
        var tours = TextTable(
            ["TOUR", "STARTS", "COMPLETIONS", "RATE %", "AVG MIN"] + (withDuration ? ["WITH MIN"] : []) + ["GPS", "MANUAL"],
            rightAligned: Set(1...(withDuration ? 7 : 6)))
        for t in d.tours {
            tours.add(
                [t.tourName, "\(t.starts)", "\(t.completions)", n(t.completionRate), n(t.avgDurationMinutes)]
                    + (withDuration ? ["\(t.completionsWithDuration ?? 0)"] : []) + ["\(t.gpsTriggered)", "\(t.manualTriggered)"])
        }
        out += tours.render() + [""]
        out.append("Sessions: the last \(BackendDashboard.sessionLimit) tour_started in the period, newest first (\(d.sessions.count))")
        var sessions = TextTable(["STARTED", "TOUR", "DEVICE", "OS", "STATUS", "MIN", "POINTS", "TRIGGER", "LANG"], rightAligned: [5, 6])
        for s in d.sessions {
            sessions.add([
                DashboardTime.iso(s.startedAt), s.tourName, s.device, s.osVersion, s.status.rawValue, s.durationMinutes.map(n) ?? "-",
                "\(s.pointsTriggered)", s.triggerType ?? "-", s.language ?? "-",
            ])
        }
        out += sessions.render()
        return out
    }
}
