/// What the CMS's analytics pages show for a set of stored events: a port of
/// `backend/src/admin/analytics/admin-analytics.service.ts` at the chosen `BackendVersion` (line numbers below
/// are efba3ee's, with 5c84126's where it differs; docs/dashboard.md, docs/upstream/walkspace-app-builds.md §9).
///
/// The rows are the events in the order they were stored (the files in the order given, each in its own order):
/// the service's queries without `orderBy` list rows in that order, as Postgres does for a table only ever
/// appended to, and `orderBy: { createdAt }` keeps it among equal times. "Now" is a parameter (the service
/// reads the server's clock, L21 and L410, L426).
public struct BackendDashboard: Sendable, Equatable {
    public var backend: BackendVersion
    public var period: DashboardPeriod
    /// Milliseconds since 1970.
    public var now: Int64
    /// Events whose `createdAt` falls before the period's start: left out, as the service leaves them out.
    public var eventsBeforePeriod: Int
    public var overview: Overview
    public var duration: Duration
    public var engagement: Engagement
    public var tours: [TourItem]
    public var sessions: [Session]

    /// `getOverview` (efba3ee L34-105, 5c84126 L29-97) and the export's completion rate (efba3ee L519-521).
    public struct Overview: Sendable, Equatable {
        public var totalStarts: Int
        public var totalCompletions: Int
        public var uniqueDevices: Int
        public var ios: Int
        public var android: Int
        public var gps: Int
        public var manual: Int
        /// `Math.round(totalCompletions / totalStarts * 1000) / 10` (exportSummary, efba3ee L519-521): events, not sessions.
        public var completionRate: Double

        public init(totalStarts: Int, totalCompletions: Int, uniqueDevices: Int, ios: Int, android: Int, gps: Int, manual: Int, completionRate: Double) {
            self.totalStarts = totalStarts
            self.totalCompletions = totalCompletions
            self.uniqueDevices = uniqueDevices
            self.ios = ios
            self.android = android
            self.gps = gps
            self.manual = manual
            self.completionRate = completionRate
        }
    }

    /// `getDurationAnalytics` (efba3ee L107-155, 5c84126 L99-147, the same text).
    public struct Duration: Sendable, Equatable {
        public var avgDurationGpsCompleted: Double
        public var avgDurationManualCompleted: Double
        public var avgDurationAbandoned: Double
        public var totalGpsCompleted: Int
        public var totalManualCompleted: Int
        public var totalAbandoned: Int

        public init(avgDurationGpsCompleted: Double, avgDurationManualCompleted: Double, avgDurationAbandoned: Double, totalGpsCompleted: Int, totalManualCompleted: Int, totalAbandoned: Int) {
            self.avgDurationGpsCompleted = avgDurationGpsCompleted
            self.avgDurationManualCompleted = avgDurationManualCompleted
            self.avgDurationAbandoned = avgDurationAbandoned
            self.totalGpsCompleted = totalGpsCompleted
            self.totalManualCompleted = totalManualCompleted
            self.totalAbandoned = totalAbandoned
        }
    }

    /// One row of a breakdown: `channelBreakdown`, `donationBreakdown` (provider) or `donationBySource`.
    public struct Breakdown: Sendable, Equatable {
        public var key: String
        public var clicks: Int
        /// Euros to the cent (donations at efba3ee; nil elsewhere).
        public var totalAmount: Double?
        /// Clicks per completion in percent (nil in `donationBySource`, which has none).
        public var percentOfCompletions: Double?

        public init(key: String, clicks: Int, totalAmount: Double? = nil, percentOfCompletions: Double? = nil) {
            self.key = key
            self.clicks = clicks
            self.totalAmount = totalAmount
            self.percentOfCompletions = percentOfCompletions
        }
    }

    /// `getEngagementAnalytics` (efba3ee L157-272, 5c84126 L149-209).
    public struct Engagement: Sendable, Equatable {
        public var followUsClicks: Int
        public var followUsPercent: Double
        public var totalContactClicks: Int
        public var totalContactPercent: Double
        public var channelBreakdown: [Breakdown]
        public var donationClicks: Int
        public var donationPercent: Double
        /// efba3ee only (nil at 5c84126): per provider and per source, the money totals.
        public var donationBreakdown: [Breakdown]?
        public var donationBySource: [Breakdown]?
        public var totalDonationAmount: Double?
        public var donationsWithAmount: Int?
        public var avgDonationAmount: Double?
        public var totalCompletions: Int
    }

    /// One row of `getTourAnalytics` (efba3ee L274-351, 5c84126 L211-284).
    public struct TourItem: Sendable, Equatable {
        public var tourId: String
        /// The tour's published title, or its slug: walkscape has no tour table, so the tour's id.
        public var tourName: String
        public var starts: Int
        public var completions: Int
        public var completionRate: Double
        public var avgDurationMinutes: Double
        /// efba3ee only (nil at 5c84126).
        public var completionsWithDuration: Int?
        public var gpsTriggered: Int
        public var manualTriggered: Int

        public init(tourId: String, tourName: String, starts: Int, completions: Int, completionRate: Double, avgDurationMinutes: Double, completionsWithDuration: Int?, gpsTriggered: Int, manualTriggered: Int) {
            self.tourId = tourId
            self.tourName = tourName
            self.starts = starts
            self.completions = completions
            self.completionRate = completionRate
            self.avgDurationMinutes = avgDurationMinutes
            self.completionsWithDuration = completionsWithDuration
            self.gpsTriggered = gpsTriggered
            self.manualTriggered = manualTriggered
        }
    }

    /// One row of `getSessions` (efba3ee L353-443, 5c84126 L286-371).
    public struct Session: Sendable, Equatable {
        public enum Status: String, Sendable {
            case completed, abandoned
            case inProgress = "in-progress"
            /// efba3ee only: no terminal event and started more than `STALE_SESSION_HOURS` ago.
            case incomplete
        }

        public var tourId: String
        public var tourName: String
        /// Milliseconds since 1970 (`toISOString()` in the answer).
        public var startedAt: Int64
        public var device: String
        public var osVersion: String
        public var status: Status
        public var durationMinutes: Double?
        public var pointsTriggered: Int
        public var triggerType: String?
        public var language: String?
    }

    /// `STALE_SESSION_HOURS = 6` (efba3ee L14).
    public static let staleSessionHours: Int64 = 6
    /// `take: 50` (efba3ee L361).
    public static let sessionLimit = 50

    /// A stored row: the event, its `createdAt` and its place in the table.
    ///
    /// A class: the queries' filters copy a reference a row, not the event (a million events were held four
    /// times over, once for each filtered list).
    final class Row {
        let event: DashboardEvent
        let createdAt: Int64
        init(event: DashboardEvent, createdAt: Int64) {
            self.event = event
            self.createdAt = createdAt
        }
        var name: String { event.name }
        var props: DashboardEvent.Properties { event.properties }
    }

    public init(events: [DashboardEvent], backend: BackendVersion, period: DashboardPeriod, now: Int64) {
        self.backend = backend
        self.period = period
        self.now = now
        // createdAt: event.timestamp ? new Date(event.timestamp) : new Date() (ingest L25).
        let table = events.map { Row(event: $0, createdAt: $0.timestamp ?? now) }
        // whereClause = dateFilter ? { createdAt: { gte: dateFilter } } : {} (L35-36).
        let start = period.start(now: now)
        let rows = start.map { start in table.filter { $0.createdAt >= start } } ?? table
        eventsBeforePeriod = table.count - rows.count
        func named(_ name: String) -> [Row] { rows.filter { $0.name == name } }
        let started = named("tour_started")
        let completed = named("tour_completed")
        let abandoned = named("tour_abandoned")

        // getOverview.
        var devices = Set<String>()
        for row in started { if let id = row.event.anonymousId { devices.insert(id) } }  // groupBy anonymousId, not null (L49-56)
        // The trigger split: tour_started's triggerType at 5c84126 (L70-82), tour_completed's at efba3ee (L79-90).
        let triggerRows = backend == .v5c84126 ? started : completed
        let overviewGPS = triggerRows.filter { $0.props.triggerType == "gps" }.count
        let overviewManual = triggerRows.filter { $0.props.triggerType == "manual" }.count
        overview = Overview(
            totalStarts: started.count, totalCompletions: completed.count, uniqueDevices: devices.count,
            ios: started.filter { $0.event.osVersion.map { JSSemantics.containsInsensitive($0, "ios") } ?? false }.count,  // L59-65
            android: started.filter { $0.event.osVersion.map { JSSemantics.containsInsensitive($0, "android") } ?? false }.count,  // L67-73
            gps: overviewGPS, manual: overviewManual, completionRate: JSSemantics.percent(completed.count, of: started.count))

        // getDurationAnalytics: `const duration = props?.durationMinutes || 0` (L129), only gps and manual
        // completions in the averages (L130-136), every abandonment in its own (L140-143).
        var gps = (total: 0.0, count: 0)
        var manual = (total: 0.0, count: 0)
        for row in completed {
            let minutes = Self.orZero(row.props.durationMinutes)
            if row.props.triggerType == "gps" {
                gps.total += minutes
                gps.count += 1
            } else if row.props.triggerType == "manual" {
                manual.total += minutes
                manual.count += 1
            }
        }
        let abandonedTotal = abandoned.reduce(0.0) { $0 + Self.orZero($1.props.durationMinutes) }
        duration = Duration(
            avgDurationGpsCompleted: JSSemantics.average(gps.total, over: gps.count),
            avgDurationManualCompleted: JSSemantics.average(manual.total, over: manual.count),
            avgDurationAbandoned: JSSemantics.average(abandonedTotal, over: abandoned.count),
            totalGpsCompleted: gps.count, totalManualCompleted: manual.count, totalAbandoned: abandoned.count)

        engagement = Self.engagement(rows: rows, completions: completed.count, backend: backend)
        tours = Self.tours(table: table, rows: rows, backend: backend)
        sessions = Self.sessions(table: table, rows: rows, backend: backend, now: now)
    }

    /// `x || 0` for a number that may be absent: absent, 0 and NaN give 0.
    static func orZero(_ value: Double?) -> Double {
        guard let value, value != 0, !value.isNaN else { return 0 }
        return value
    }

    /// `text || fallback`: absent and empty give the fallback.
    static func or(_ text: String?, _ fallback: String) -> String {
        guard let text, !text.isEmpty else { return fallback }
        return text
    }

    /// Counts per key in insertion order, listed as `Object.entries` lists them.
    struct Tally {
        var keys: [String] = []
        var counts: [String: Int] = [:]
        var amounts: [String: Double] = [:]

        mutating func add(_ key: String, amount: Double? = nil) {
            if counts[key] == nil { keys.append(key) }
            counts[key, default: 0] += 1
            if let amount { amounts[key, default: 0] += amount }
        }

        /// The entries; `sortedByClicks` applies `.sort((a, b) => b.clicks - a.clicks)`, which is stable.
        func entries(sortedByClicks: Bool) -> [(key: String, clicks: Int, amount: Double)] {
            let listed = JSSemantics.entriesOrder(keys).map { (key: $0, clicks: counts[$0]!, amount: amounts[$0] ?? 0) }
            guard sortedByClicks else { return listed }
            return listed.enumerated().sorted { a, b in
                a.element.clicks != b.element.clicks ? a.element.clicks > b.element.clicks : a.offset < b.offset
            }.map(\.element)
        }
    }

    static func engagement(rows: [Row], completions: Int, backend: BackendVersion) -> Engagement {
        let follow = rows.filter { $0.name == "follow_us_clicked" }.count  // L167-169
        let contacts = rows.filter { $0.name == "contact_clicked" }
        var channels = Tally()
        for row in contacts { channels.add(or(row.props.channel, "unknown")) }  // L179-183
        let channelBreakdown = channels.entries(sortedByClicks: false).map {  // L185-191, not sorted
            Breakdown(key: $0.key, clicks: $0.clicks, totalAmount: nil, percentOfCompletions: JSSemantics.percent($0.clicks, of: completions))
        }
        let donations = rows.filter { $0.name == "donation_link_clicked" }
        var engagement = Engagement(
            followUsClicks: follow, followUsPercent: JSSemantics.percent(follow, of: completions), totalContactClicks: contacts.count,
            totalContactPercent: JSSemantics.percent(contacts.count, of: completions), channelBreakdown: channelBreakdown,
            donationClicks: donations.count, donationPercent: JSSemantics.percent(donations.count, of: completions), totalCompletions: completions)
        guard backend == .efba3ee else { return engagement }  // 5c84126: a plain count (L185-188)
        // efba3ee L210-223: provider || 'unknown', source || 'completion', amount kept when finite and > 0.
        var providers = Tally()
        var sources = Tally()
        var total = 0.0
        var withAmount = 0
        for row in donations {
            let amount = row.props.amount.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            providers.add(or(row.props.provider, "unknown"), amount: amount)
            sources.add(or(row.props.source, "completion"), amount: amount)
            if let amount {
                total += amount
                withAmount += 1
            }
        }
        engagement.donationBreakdown = providers.entries(sortedByClicks: true).map {  // L225-234
            Breakdown(key: $0.key, clicks: $0.clicks, totalAmount: JSSemantics.cents($0.amount), percentOfCompletions: JSSemantics.percent($0.clicks, of: completions))
        }
        engagement.donationBySource = sources.entries(sortedByClicks: true).map {  // L236-242
            Breakdown(key: $0.key, clicks: $0.clicks, totalAmount: JSSemantics.cents($0.amount), percentOfCompletions: nil)
        }
        engagement.totalDonationAmount = JSSemantics.cents(total)  // L265
        engagement.donationsWithAmount = withAmount
        engagement.avgDonationAmount = withAmount > 0 ? JSSemantics.cents(total / Double(withAmount)) : 0  // L267-269
        return engagement
    }

    /// The tours: walkscape has no tour table, so every tour id any event names, in the order first named
    /// (the table's order), then `.sort((a, b) => b.starts - a.starts)` (L350), stable.
    static func tours(table: [Row], rows: [Row], backend: BackendVersion) -> [TourItem] {
        var ids: [String] = []
        var seen = Set<String>()
        for row in table { if let id = row.event.tourId, seen.insert(id).inserted { ids.append(id) } }
        var byTour: [String: [Row]] = [:]
        for row in rows { if let id = row.event.tourId { byTour[id, default: []].append(row) } }
        let items = ids.map { id -> TourItem in
            let mine = byTour[id] ?? []
            let starts = mine.filter { $0.name == "tour_started" }
            let completed = mine.filter { $0.name == "tour_completed" }
            var item = TourItem(
                tourId: id, tourName: id, starts: starts.count, completions: completed.count,
                completionRate: JSSemantics.percent(completed.count, of: starts.count), avgDurationMinutes: 0, completionsWithDuration: nil,
                gpsTriggered: 0, manualTriggered: 0)
            switch backend {
            case .v5c84126:
                // Triggers from tour_started (L240-252); the average over every completion, `|| 0` (L260-276).
                item.gpsTriggered = starts.filter { $0.props.triggerType == "gps" }.count
                item.manualTriggered = starts.filter { $0.props.triggerType == "manual" }.count
                item.avgDurationMinutes = JSSemantics.average(completed.reduce(0.0) { $0 + orZero($1.props.durationMinutes) }, over: completed.count)
            case .efba3ee:
                // Triggers from tour_completed (L309-316); the average only over durations > 0 (L318-330, L340-342).
                item.gpsTriggered = completed.filter { $0.props.triggerType == "gps" }.count
                item.manualTriggered = completed.filter { $0.props.triggerType == "manual" }.count
                let durations = completed.map { orZero($0.props.durationMinutes) }.filter { $0 > 0 }
                item.completionsWithDuration = durations.count
                item.avgDurationMinutes = JSSemantics.average(durations.reduce(0, +), over: durations.count)
            }
            return item
        }
        return items.enumerated().sorted { a, b in
            a.element.starts != b.element.starts ? a.element.starts > b.element.starts : a.offset < b.offset
        }.map(\.element)
    }

    /// `getSessions`: the last 50 starts in the period; each start's terminal event and points, looked up over
    /// every stored event (those two queries have no period filter, L371-388).
    static func sessions(table: [Row], rows: [Row], backend: BackendVersion, now: Int64) -> [Session] {
        // orderBy createdAt desc, take 50 (L358-362); equal times keep the table's order.
        let starts = rows.enumerated().filter { $0.element.name == "tour_started" }
            .sorted { a, b in a.element.createdAt != b.element.createdAt ? a.element.createdAt > b.element.createdAt : a.offset < b.offset }
            .prefix(sessionLimit).map(\.element)
        guard !starts.isEmpty else { return [] }  // L364
        let anonIds = Set(starts.compactMap(\.event.anonymousId))  // L367 (`filter(Boolean)`)
        let tourIds = Set(starts.compactMap(\.event.tourId))  // L368
        func ascending(_ names: Set<String>) -> [Row] {
            guard !anonIds.isEmpty else { return [] }  // `anonIds.length > 0 ? … : []` (L371, L381)
            return table.enumerated().filter {
                names.contains($0.element.name) && $0.element.event.anonymousId.map(anonIds.contains) == true
                    && $0.element.event.tourId.map(tourIds.contains) == true
            }.sorted { a, b in a.element.createdAt != b.element.createdAt ? a.element.createdAt < b.element.createdAt : a.offset < b.offset }
                .map(\.element)
        }
        let terminals = ascending(["tour_completed", "tour_abandoned"])  // L371-378
        let points = ascending(["point_triggered"])  // L381-388
        return starts.map { start in
            let device = start.event.anonymousId
            let tour = start.event.tourId
            // The first terminal event of the same device and tour after the start (L402-407); the fetched rows
            // all have both ids, so a start without one matches none.
            let terminal = terminals.first { $0.event.anonymousId == device && $0.event.tourId == tour && $0.createdAt > start.createdAt }
            let end = terminal?.createdAt ?? now  // L410
            let pointCount = points.filter {
                $0.event.anonymousId == device && $0.event.tourId == tour && $0.createdAt > start.createdAt && $0.createdAt <= end
            }.count  // L411-417
            var status = Session.Status.inProgress  // L421-428 (5c84126 L354-356: no 'incomplete')
            if terminal?.name == "tour_completed" {
                status = .completed
            } else if terminal?.name == "tour_abandoned" {
                status = .abandoned
            } else if backend == .efba3ee, now - start.createdAt > staleSessionHours * 60 * 60 * 1000 {
                status = .incomplete
            }
            return Session(
                tourId: tour ?? "", tourName: tour ?? "Unknown Tour", startedAt: start.createdAt, device: start.event.device ?? "\u{2014}",
                osVersion: start.event.osVersion ?? "\u{2014}", status: status, durationMinutes: terminal?.props.durationMinutes,
                pointsTriggered: pointCount, triggerType: start.props.triggerType, language: start.event.language)  // L430-441
        }
    }
}
