import Foundation
import Testing
import WalkscapeCore
import WalkscapeDashboard

/// An event as a build sends it, written as JSON for the tests: name, time (minutes past 2026-05-09T00:00Z or an
/// ISO text), ids and properties.
struct SentEvent {
    var name: String
    var at: String?
    var anonymousId: String? = nil
    var tourId: String? = nil
    var device: String? = nil
    var osVersion: String? = nil
    var language: String? = nil
    var properties: [(String, JSONValue)]? = nil

    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
        if let anonymousId { members.append(("anonymousId", .string(anonymousId))) }
        if let tourId { members.append(("tourId", .string(tourId))) }
        if let language { members.append(("language", .string(language))) }
        if let device { members.append(("device", .string(device))) }
        if let osVersion { members.append(("osVersion", .string(osVersion))) }
        if let at { members.append(("timestamp", .string(at))) }
        if let properties { members.append(("properties", .object(properties.map { (key: $0.0, value: $0.1) }))) }
        return .object(members)
    }
}

/// `2026-05-09THH:MM:SSZ`.
func at(_ hour: Int, _ minute: Int, _ second: Int = 0) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "2026-05-09T\(two(hour)):\(two(minute)):\(two(second))Z"
}

/// A phone's events: one device, one tour, the build's device and OS strings.
struct Phone {
    var anonymousId: String
    var tourId: String
    var device: String
    var osVersion: String
    var language: String? = nil

    func event(_ name: String, _ time: String, _ properties: [(String, JSONValue)]? = nil, tour: String?? = .none) -> SentEvent {
        SentEvent(
            name: name, at: time, anonymousId: anonymousId, tourId: tour ?? tourId, device: device, osVersion: osVersion, language: language,
            properties: properties)
    }
}

/// The batch body `{"events": [...]}` of `events`, as the app posts it.
func batch(_ events: [SentEvent]) -> String {
    JSONWriter().write(.object([("events", .array(events.map(\.json)))]))
}

/// The dashboard of one batch's text.
func dashboard(_ text: String, _ backend: BackendVersion, period: DashboardPeriod = .all, now: String? = nil) throws -> BackendDashboard {
    var budget = DashboardInput.maxEvents
    let events = try DashboardInput.parse(Array(text.utf8), name: "batch.json", budget: &budget)
    let clock = try #require(now.map { DashboardTime.milliseconds($0) } ?? events.compactMap(\.timestamp).max())
    return BackendDashboard(events: events, backend: backend, period: period, now: clock)
}

func ms(_ iso: String) -> Int64 { DashboardTime.milliseconds(iso)! }
