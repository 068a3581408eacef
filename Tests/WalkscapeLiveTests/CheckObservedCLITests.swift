import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// `walkscape check --observed`: observed analytics batches that agree with the prediction, that miss a
/// point, that trigger one early; in the batch body, JSON Lines and CSV shapes; with a JUnit report.
@Suite struct CheckObservedCLITests {
    static let tour = "tours/torino-portici"
    static let trace = "fixtures/traces/torino-portici-clean.gpx"

    /// The batch the iOS app would send for the walk (walkscape's own prediction, as `simulate --events`
    /// writes it): the "app" that agrees.
    static func predictedEvents() throws -> [JSONValue] {
        let path = NSTemporaryDirectory() + "walkscape-observed-\(UUID().uuidString).json"
        defer { unlink(path) }
        let result = try CLI.run(["simulate", tour, "--trace", trace, "--profile", "ios-app@5c84126", "--events", path])
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONParser().parse(Array(FileManager.default.contents(atPath: path)!))["events"]!.arrayElements!
    }

    static func write(_ text: String, _ suffix: String) throws -> String {
        let path = NSTemporaryDirectory() + "walkscape-observed-\(UUID().uuidString).\(suffix)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func batch(_ events: [JSONValue]) -> String { JSONWriter(pretty: false).write(.object([("events", .array(events))])) }

    static func check(_ observed: String, tolerance: String = "2", extra: [String] = []) throws -> CLIResult {
        try CLI.run(["check", tour, "--trace", trace, "--profile", "ios-app@5c84126", "--observed", observed, "--tolerance", tolerance] + extra)
    }

    /// `event` with its timestamp moved by `seconds`.
    static func shifted(_ event: JSONValue, by seconds: Double) -> JSONValue {
        let time = ISO8601Time.parse(event["timestamp"]!.stringValue!)! + seconds
        return .object(event.objectMembers!.map { $0.key == "timestamp" ? ($0.key, .string(ISO8601Time.format(time))) : $0 })
    }

    @Test func anAgreeingBatchPasses() throws {
        let path = try Self.write(Self.batch(try Self.predictedEvents()), "json")
        defer { unlink(path) }
        let result = try Self.check(path)
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        expectContains(result.stdout, "  ok    point 2 (p2)             predicted 6:06.0   observed 6:06.0\n", "\(result.stdout)")
        expectTrue(result.stdout.hasSuffix("the app did what walkscape predicted (8 checks)\n"))
    }

    @Test func underPhasesTheObservationMustFallInsideTheSpreadOfThePredictions() throws {
        let events = try Self.predictedEvents()
        let agreeing = try Self.write(Self.batch(events), "json")
        defer { unlink(agreeing) }
        let result = try Self.check(agreeing, extra: ["--phases", "15"])
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        expectTrue(result.stdout.hasPrefix("torino-portici: \(agreeing) against the ios-app@5c84126 prediction for \(Self.trace) under 15 phases (tolerance 2 s)\n"))
        expectContains(result.stdout, " in 15/15 ", "\(result.stdout)")
        // Point 3 thirty seconds early: outside the spread of all fifteen phases.
        let early = try Self.write(Self.batch(events.map { $0["name"]?.stringValue == "point_triggered" && $0["pointId"]?.stringValue == "p3" ? Self.shifted($0, by: -30) : $0 }), "json")
        defer { unlink(early) }
        let failed = try Self.check(early, extra: ["--phases", "15"])
        expectEqual(failed.status, 1)
        expectContains(failed.stdout, "before the predicted spread", "\(failed.stdout)")
        expectTrue(failed.stdout.hasSuffix("1 disagreement of 8 checks\n"))
    }

    @Test func aMissedPointIsReportedWithExitOne() throws {
        let events = try Self.predictedEvents().filter { !($0["name"]?.stringValue == "point_triggered" && $0["pointId"]?.stringValue == "p3") }
        let path = try Self.write(Self.batch(events), "json")
        defer { unlink(path) }
        let junit = NSTemporaryDirectory() + "walkscape-observed-\(UUID().uuidString).xml"
        defer { unlink(junit) }
        let result = try Self.check(path, extra: ["--junit", junit])
        expectEqual(result.status, 1)
        expectContains(result.stdout, "  FAIL  point 3 (p3)             predicted 11:44.0  observed —\n          predicted at 11:44.0, the app never triggered it\n", "\(result.stdout)")
        expectTrue(result.stdout.hasSuffix("1 disagreement of 8 checks\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        expectContains(xml, "tests=\"8\" failures=\"1\"")
        expectContains(xml, "<testcase classname=\"walkscape.check\" name=\"point 3 (p3)\"")
        expectContains(xml, "<failure message=\"predicted at 11:44.0, the app never triggered it\">")
    }

    @Test func anEarlyTriggerBeyondTheToleranceFails() throws {
        var events = try Self.predictedEvents()
        let index = try #require(events.firstIndex { $0["pointId"]?.stringValue == "p2" })
        events[index] = Self.shifted(events[index], by: -30)
        // As collect writes it: JSON Lines, one event a line.
        let path = try Self.write(events.map { JSONWriter(pretty: false).write($0) }.joined(separator: "\n") + "\n", "jsonl")
        defer { unlink(path) }
        let result = try Self.check(path)
        expectEqual(result.status, 1)
        expectContains(result.stdout, "the app triggered it 30.0 s early (5:36.0 against 6:06.0; tolerance 2 s)", "\(result.stdout)")
        // Within a wider tolerance it agrees.
        try expectEqual(Self.check(path, tolerance: "31").status, 0)
    }

    @Test func aCSVExportIsRead() throws {
        var csv = "createdAt;eventType;pointId;tourId\r\n"
        for event in try Self.predictedEvents() {
            csv += "\"\(event["timestamp"]!.stringValue!)\";\(event["name"]!.stringValue!);\(event["pointId"]?.stringValue ?? "");torino-portici\r\n"
        }
        csv += "2026-05-09T09:00:01Z;point_triggered;p1;another-tour\r\n"
        let path = try Self.write(csv, "csv")
        defer { unlink(path) }
        let result = try Self.check(path)
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        expectTrue(result.stdout.contains("note: left out 1 observed event of another tour (first at line \(csv.components(separatedBy: "\r\n").count - 1): tourId another-tour)"), "\(result.stdout)")
    }

    @Test func observationsWithoutATourStartCannotAgree() throws {
        let events = try Self.predictedEvents().filter { $0["name"]?.stringValue != "tour_started" }
        let path = try Self.write(Self.batch(events), "json")
        defer { unlink(path) }
        let result = try Self.check(path)
        expectEqual(result.status, 1)
        expectContains(result.stdout, "note: the observed events have no tour_started with a timestamp: nothing can be placed in time")
    }

    @Test func unreadableObservationsAreUsageErrors() throws {
        let path = try Self.write("{\"foo\": 1}", "json")
        defer { unlink(path) }
        let result = try Self.check(path)
        expectEqual(result.status, 2)
        expectEqual(result.stderr, "\(path): a JSON object without an \"events\" array; expected a POST /analytics/events body, an array of events or JSON Lines\n")
    }
}
