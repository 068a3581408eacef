import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeDashboard

/// A second port of `admin-analytics.service.ts`, written apart from the library's and in another style: it reads
/// the posted JSON events directly, as the ingest stores them and the service's JavaScript reads them, line by
/// line (efba3ee's line numbers; 5c84126's where they differ). Over many seeded batches, both backend versions
/// and every period, the library's JSON must equal this one's.
@Suite struct DashboardOracleTests {
    /// A stored row: the posted event, its createdAt (ms) and its insertion index.
    struct StoredRow {
        var json: JSONValue
        var createdAt: Int64
        var index: Int
        /// `event.field || undefined` (ingest L18-23): empty strings are not stored.
        func column(_ field: String) -> String? {
            guard let text = json[field]?.stringValue, !text.isEmpty else { return nil }
            return text
        }
        var name: String { json["name"]!.stringValue! }
        /// `props?.key`.
        func prop(_ key: String) -> JSONValue? {
            guard let value = json["properties"]?[key], value != .null else { return nil }
            return value
        }
        func propText(_ key: String) -> String? { prop(key)?.stringValue }
        /// `props?.key || 0`.
        func propNumberOrZero(_ key: String) -> Double { prop(key)?.doubleValue ?? 0 }
    }

    /// `Math.round`, written as: round half away from zero, then undo it for negative halves.
    static func mathRound(_ x: Double) -> Double {
        var r = x.rounded(.toNearestOrAwayFromZero)
        if x < 0, r - x == -0.5 { r += 1 }
        return r + 0  // -0 + 0 == +0
    }

    static func sortedObject(_ pairs: [String: JSONValue]) -> JSONValue {
        .object(pairs.keys.sorted().map { (key: $0, value: pairs[$0]!) })
    }

    static func number(_ x: Double) -> JSONValue { .number("\(x)") }  // compared by value, not spelling

    /// `Object.entries(record)` order: array-index keys ascending, then insertion order.
    static func entries(_ insertion: [String]) -> [String] {
        func index(_ key: String) -> UInt32? {
            guard let n = UInt32(key), String(n) == key, n != UInt32.max else { return nil }
            return n
        }
        let numeric = insertion.compactMap(index).sorted().map { String($0) }
        return numeric + insertion.filter { index($0) == nil }
    }

    /// The whole CMS answer for `events` (already accepted by the ingest), as the library's report writes it.
    static func oracle(_ events: [JSONValue], backend: String, period: String, now: Int64) -> JSONValue {
        let table = events.enumerated().map { i, event in
            StoredRow(json: event, createdAt: event["timestamp"]?.stringValue.flatMap { $0.isEmpty ? nil : DashboardTime.milliseconds($0) } ?? now, index: i)
        }
        // getDateFilter (L20-32), whereClause (L36).
        let day: Int64 = 24 * 60 * 60 * 1000
        let filter: Int64? = ["7d": 7 * day, "30d": 30 * day, "90d": 90 * day][period].map { now - $0 }
        let inPeriod = table.filter { filter == nil || $0.createdAt >= filter! }
        let count = { (name: String) in inPeriod.filter { $0.name == name }.count }

        // getOverview (L34-105).
        let starts = count("tour_started")
        let completions = count("tour_completed")
        let devices = Set(inPeriod.filter { $0.name == "tour_started" }.compactMap { $0.column("anonymousId") }).count
        func osCount(_ word: String) -> Int {
            inPeriod.filter { $0.name == "tour_started" && ($0.column("osVersion")?.lowercased().range(of: word) != nil) }.count
        }
        let triggerName = backend == "5c84126" ? "tour_started" : "tour_completed"  // 5c84126 L70-82; efba3ee L79-90
        var gpsCount = 0, manualCount = 0
        inPeriod.filter { $0.name == triggerName }.forEach { row in
            if row.propText("triggerType") == "gps" { gpsCount += 1 } else if row.propText("triggerType") == "manual" { manualCount += 1 }
        }
        let overview = sortedObject([
            "totalStarts": .integer(starts), "totalCompletions": .integer(completions), "uniqueDevices": .integer(devices),
            "platformBreakdown": sortedObject(["ios": .integer(osCount("ios")), "android": .integer(osCount("android"))]),
            "triggerBreakdown": sortedObject(["gps": .integer(gpsCount), "manual": .integer(manualCount)]),
            "completionRate": number(starts > 0 ? mathRound(Double(completions) / Double(starts) * 1000) / 10 : 0),  // L519-521
        ])

        // getDurationAnalytics (L107-155).
        var gpsTotal = 0.0, gpsN = 0, manualTotal = 0.0, manualN = 0
        for row in inPeriod where row.name == "tour_completed" {
            let duration = row.propNumberOrZero("durationMinutes")
            switch row.propText("triggerType") {
            case "gps": gpsTotal += duration; gpsN += 1
            case "manual": manualTotal += duration; manualN += 1
            default: break
            }
        }
        let abandonedRows = inPeriod.filter { $0.name == "tour_abandoned" }
        let abandonedTotal = abandonedRows.map { $0.propNumberOrZero("durationMinutes") }.reduce(0, +)
        let duration = sortedObject([
            "avgDurationGpsCompleted": number(gpsN > 0 ? mathRound(gpsTotal / Double(gpsN) * 10) / 10 : 0),
            "avgDurationManualCompleted": number(manualN > 0 ? mathRound(manualTotal / Double(manualN) * 10) / 10 : 0),
            "avgDurationAbandoned": number(abandonedRows.count > 0 ? mathRound(abandonedTotal / Double(abandonedRows.count) * 10) / 10 : 0),
            "totalGpsCompleted": .integer(gpsN), "totalManualCompleted": .integer(manualN), "totalAbandoned": .integer(abandonedRows.count),
        ])

        // getEngagementAnalytics (L157-272).
        func pct(_ clicks: Int) -> JSONValue { number(completions > 0 ? mathRound(Double(clicks) / Double(completions) * 1000) / 10 : 0) }
        let follow = count("follow_us_clicked")
        let contacts = inPeriod.filter { $0.name == "contact_clicked" }
        var channelKeys: [String] = []
        var channelCounts: [String: Int] = [:]
        for row in contacts {
            let channel = row.propText("channel").flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
            if channelCounts[channel] == nil { channelKeys.append(channel) }
            channelCounts[channel, default: 0] += 1
        }
        let donations = inPeriod.filter { $0.name == "donation_link_clicked" }
        var engagement: [String: JSONValue] = [
            "followUsClicks": .integer(follow), "followUsPercent": pct(follow),
            "totalContactClicks": .integer(contacts.count), "totalContactPercent": pct(contacts.count),
            "channelBreakdown": .array(entries(channelKeys).map {
                sortedObject(["channel": .string($0), "clicks": .integer(channelCounts[$0]!), "percentOfCompletions": pct(channelCounts[$0]!)])
            }),
            "donationClicks": .integer(donations.count), "donationPercent": pct(donations.count), "totalCompletions": .integer(completions),
        ]
        if backend == "efba3ee" {
            var providerKeys: [String] = [], sourceKeys: [String] = []
            var providerCounts: [String: Int] = [:], providerAmounts: [String: Double] = [:]
            var sourceCounts: [String: Int] = [:], sourceAmounts: [String: Double] = [:]
            var total = 0.0
            var withAmount = 0
            for row in donations {
                let provider = row.propText("provider").flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
                let source = row.propText("source").flatMap { $0.isEmpty ? nil : $0 } ?? "completion"
                if providerCounts[provider] == nil { providerKeys.append(provider) }
                if sourceCounts[source] == nil { sourceKeys.append(source) }
                providerCounts[provider, default: 0] += 1
                sourceCounts[source, default: 0] += 1
                let amount = row.prop("amount")?.doubleValue ?? .nan  // Number(undefined) is NaN; null is 0, never > 0
                if amount.isFinite && amount > 0 {
                    providerAmounts[provider, default: 0] += amount
                    sourceAmounts[source, default: 0] += amount
                    total += amount
                    withAmount += 1
                }
            }
            // `.sort((a, b) => b.clicks - a.clicks)`: stable, so ties keep the entries' order.
            func byClicks(_ keys: [String], _ counts: [String: Int]) -> [String] {
                let ordered = entries(keys)
                return ordered.indices.sorted { (counts[ordered[$0]]!, -$0) > (counts[ordered[$1]]!, -$1) }.map { ordered[$0] }
            }
            engagement["donationBreakdown"] = .array(byClicks(providerKeys, providerCounts).map {
                sortedObject([
                    "provider": .string($0), "clicks": .integer(providerCounts[$0]!),
                    "totalAmount": number(mathRound((providerAmounts[$0] ?? 0) * 100) / 100), "percentOfCompletions": pct(providerCounts[$0]!),
                ])
            })
            engagement["donationBySource"] = .array(byClicks(sourceKeys, sourceCounts).map {
                sortedObject(["source": .string($0), "clicks": .integer(sourceCounts[$0]!), "totalAmount": number(mathRound((sourceAmounts[$0] ?? 0) * 100) / 100)])
            })
            engagement["totalDonationAmount"] = number(mathRound(total * 100) / 100)
            engagement["donationsWithAmount"] = .integer(withAmount)
            engagement["avgDonationAmount"] = number(withAmount > 0 ? mathRound(total / Double(withAmount) * 100) / 100 : 0)
        }

        // getTourAnalytics (L274-351): the tours are every tour id stored, in the order first stored.
        var tourIds: [String] = []
        for row in table { if let id = row.column("tourId"), !tourIds.contains(id) { tourIds.append(id) } }
        var tourRows: [(starts: Int, json: JSONValue)] = []
        for id in tourIds {
            let mine = inPeriod.filter { $0.column("tourId") == id }
            let tourStarts = mine.filter { $0.name == "tour_started" }
            let tourCompleted = mine.filter { $0.name == "tour_completed" }
            let triggerRows = backend == "5c84126" ? tourStarts : tourCompleted  // 5c84126 L240-252; efba3ee L309-316
            var row: [String: JSONValue] = [
                "tourId": .string(id), "tourName": .string(id), "starts": .integer(tourStarts.count), "completions": .integer(tourCompleted.count),
                "completionRate": number(tourStarts.count > 0 ? mathRound(Double(tourCompleted.count) / Double(tourStarts.count) * 1000) / 10 : 0),
                "gpsTriggered": .integer(triggerRows.filter { $0.propText("triggerType") == "gps" }.count),
                "manualTriggered": .integer(triggerRows.filter { $0.propText("triggerType") == "manual" }.count),
            ]
            if backend == "5c84126" {  // L260-276
                let total = tourCompleted.reduce(0.0) { $0 + $1.propNumberOrZero("durationMinutes") }
                row["avgDurationMinutes"] = number(tourCompleted.count > 0 ? mathRound(total / Double(tourCompleted.count) * 10) / 10 : 0)
            } else {  // L318-342
                var total = 0.0, n = 0
                for event in tourCompleted {
                    let d = event.propNumberOrZero("durationMinutes")
                    if d > 0 { total += d; n += 1 }
                }
                row["avgDurationMinutes"] = number(n > 0 ? mathRound(total / Double(n) * 10) / 10 : 0)
                row["completionsWithDuration"] = .integer(n)
            }
            tourRows.append((tourStarts.count, sortedObject(row)))
        }
        let tours = tourRows.indices.sorted { (tourRows[$0].starts, -$0) > (tourRows[$1].starts, -$1) }.map { tourRows[$0].json }

        // getSessions (L353-443).
        let startRows = inPeriod.filter { $0.name == "tour_started" }
            .sorted { ($0.createdAt, -$0.index) > ($1.createdAt, -$1.index) }.prefix(50)
        var sessions: [JSONValue] = []
        if !startRows.isEmpty {
            let anonIds = Set(startRows.compactMap { $0.column("anonymousId") })
            let startTours = Set(startRows.compactMap { $0.column("tourId") })
            let fetched = { (names: [String]) -> [StoredRow] in
                anonIds.isEmpty ? [] : table.filter {
                    names.contains($0.name) && anonIds.contains($0.column("anonymousId") ?? "\u{0}none") && startTours.contains($0.column("tourId") ?? "\u{0}none")
                }.sorted { ($0.createdAt, $0.index) < ($1.createdAt, $1.index) }
            }
            let terminalEvents = fetched(["tour_completed", "tour_abandoned"])
            let pointEvents = fetched(["point_triggered"])
            for start in startRows {
                let terminal = terminalEvents.first {
                    $0.column("anonymousId") == start.column("anonymousId") && $0.column("tourId") == start.column("tourId") && $0.createdAt > start.createdAt
                }
                let endTime = terminal?.createdAt ?? now
                let pointCount = pointEvents.filter {
                    $0.column("anonymousId") == start.column("anonymousId") && $0.column("tourId") == start.column("tourId")
                        && $0.createdAt > start.createdAt && $0.createdAt <= endTime
                }.count
                var status = "in-progress"
                if terminal?.name == "tour_completed" {
                    status = "completed"
                } else if terminal?.name == "tour_abandoned" {
                    status = "abandoned"
                } else if backend == "efba3ee" && now - start.createdAt > 6 * 60 * 60 * 1000 {
                    status = "incomplete"
                }
                sessions.append(sortedObject([
                    "tourId": .string(start.column("tourId") ?? ""), "tourName": .string(start.column("tourId") ?? "Unknown Tour"),
                    "startedAt": .string(DashboardTime.iso(start.createdAt)), "device": .string(start.column("device") ?? "\u{2014}"),
                    "osVersion": .string(start.column("osVersion") ?? "\u{2014}"), "status": .string(status),
                    "durationMinutes": terminal?.prop("durationMinutes") ?? .null, "pointsTriggered": .integer(pointCount),
                    "triggerType": start.prop("triggerType") ?? .null, "language": start.column("language").map(JSONValue.string) ?? .null,
                ]))
            }
        }
        let commit = backend == "5c84126" ? "5c84126190027d490e1cb35c29ce874eaebab8f8" : "efba3ee739f77a44573a13110a67c001293387a5"
        return sortedObject([
            "backend": sortedObject(["ref": .string(backend), "commit": .string(commit)]), "period": .string(period),
            "now": .string(DashboardTime.iso(now)), "eventsRead": .integer(events.count),
            "overview": overview, "duration": duration, "engagement": sortedObject(engagement), "tours": .array(tours), "sessions": .array(sessions),
        ])
    }

    /// A seeded batch: few devices and tours so sessions match, minute-grained times so times tie, values that
    /// reach every branch (empty strings, 0, halves, negative amounts, integer-like channels, missing times).
    static func randomEvents(seed: UInt64) -> [JSONValue] {
        var random = SplitMix64(seed: seed)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let names = ["tour_started", "tour_started", "point_triggered", "point_triggered", "tour_completed", "tour_abandoned",
                     "follow_us_clicked", "contact_clicked", "donation_link_clicked", "app_open", "tour_viewed"]
        let count = Int(random.next() % 140)
        return (0..<count).map { _ in
            let name = pick(names)
            var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
            func maybe(_ key: String, _ options: [String?]) { if let value = pick(options) { members.append((key, .string(value))) } }
            maybe("anonymousId", ["d1", "d2", "d3", "d4", "", nil])
            maybe("tourId", ["t1", "t2", "t3", "", nil])
            maybe("device", ["ios-iPhone", "Xiaomi 2311DRK48G", nil])
            maybe("osVersion", ["iOS 17.5", "Android 14", "IOS", "Kios Android", "Linux", "", nil])
            maybe("language", ["it", "en", "", nil])
            // Minutes over 100 days before 2026-05-09T12:00Z, some seconds and milliseconds; a few without a time.
            if random.next() % 12 != 0 {
                let minutes = Int64(random.next() % (100 * 24 * 60))
                let extra = random.next() % 4 == 0 ? Int64(random.next() % 60_000) : 0
                members.append(("timestamp", .string(DashboardTime.iso(ms("2026-05-09T12:00:00Z") - minutes * 60_000 + extra))))
            }
            var props: [(key: String, value: JSONValue)] = []
            func prop(_ key: String, _ options: [JSONValue?]) { if let value = pick(options) { props.append((key, value)) } }
            let numbers: [JSONValue?] = [nil, .null, .integer(0), .integer(12), .integer(45), .number("0.25"), .number("0.05"), .number("-0.25"), .number("12.5")]
            prop("triggerType", [nil, .null, .string("gps"), .string("manual"), .string("GPS"), .string("")])
            prop("durationMinutes", numbers)
            prop("channel", [nil, .string("instagram"), .string("email"), .string(""), .string("10"), .string("2")])
            prop("provider", [nil, .string("paypal"), .string("satispay"), .string("")])
            prop("source", [nil, .string("completion"), .string("exit"), .string("connect"), .string("")])
            prop("amount", [nil, .null, .integer(0), .integer(5), .number("2.5"), .integer(-1), .number("0.1"), .number("0.2")])
            if random.next() % 5 != 0 { members.append(("properties", .object(props))) }
            return .object(members)
        }
    }

    @Test(arguments: 0..<60)
    func theLibraryAgreesWithTheSecondPort(seed: Int) throws {
        let events = Self.randomEvents(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        let text = events.isEmpty ? "[]" : JSONWriter().write(.object([("events", .array(events))]))
        var budget = DashboardInput.maxEvents
        let parsed = try DashboardInput.parse(Array(text.utf8), name: "seed-\(seed).json", budget: &budget)
        expectEqual(parsed.count, events.count)
        let now = ms("2026-05-09T12:00:00Z")
        for backend in BackendVersion.allCases {
            for period in DashboardPeriod.allCases {
                let ours = DashboardReport(dashboard: BackendDashboard(events: parsed, backend: backend, period: period, now: now), eventsRead: parsed.count).json()
                let theirs = Self.oracle(events, backend: backend.rawValue, period: period.rawValue, now: now)
                expectEqual(ours, theirs, "seed \(seed), \(backend.rawValue), \(period.rawValue)")
                if ours != theirs {
                    for key in ["overview", "duration", "engagement", "tours", "sessions"] where ours[key] != theirs[key] {
                        Issue.record("\(key): ours \(JSONWriter(pretty: false).write(ours[key]!))\ntheirs \(JSONWriter(pretty: false).write(theirs[key]!))")
                    }
                }
            }
        }
    }
}
