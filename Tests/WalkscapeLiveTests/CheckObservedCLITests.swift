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

    /// `event` as sent by phone `device`, `seconds` later.
    static func from(_ device: String, _ event: JSONValue, by seconds: Double = 0) -> JSONValue {
        let moved = shifted(event, by: seconds)
        return .object(moved.objectMembers!.filter { $0.key != "anonymousId" } + [("anonymousId", .string(device))])
    }

    /// JSON Lines of `events`, in the order of their timestamps (as `collect` appends phones' batches).
    static func interleaved(_ events: [JSONValue]) -> String {
        let sorted = events.enumerated().sorted {
            let (a, b) = (ISO8601Time.parse($0.element["timestamp"]!.stringValue!)!, ISO8601Time.parse($1.element["timestamp"]!.stringValue!)!)
            return a == b ? $0.offset < $1.offset : a < b
        }
        return sorted.map { JSONWriter(pretty: false).write($0.element) }.joined(separator: "\n") + "\n"
    }

    /// Issue 45, item 2: `collect`'s file holds several phones' walks, interleaved. Each walk is judged on its
    /// own: the one that matches the trace when none is named, the named phone's walks with `--device`, and a
    /// refusal with the list when none (or more than one) matches; never points of one walk with another's.
    @Test func aFileOfSeveralPhonesIsJudgedAWalkAtATime() throws {
        let events = try Self.predictedEvents()
        // android-1 walks the trace as predicted; ios-7 started 90 s later and triggered point 3 a minute late;
        // android-1 walks again an hour later and stops after point 2.
        let late = events.map { $0["name"]?.stringValue == "point_triggered" && $0["pointId"]?.stringValue == "p3" ? Self.shifted($0, by: 60) : $0 }
        let again = events.filter { ["tour_started", "point_triggered"].contains($0["name"]?.stringValue) && !["p3", "p4", "p5", "p6", "p7"].contains($0["pointId"]?.stringValue) }
        let file = Self.interleaved(events.map { Self.from("android-1", $0) } + late.map { Self.from("ios-7", $0, by: 90) } + again.map { Self.from("android-1", $0, by: 3600) })
        let path = try Self.write(file, "jsonl")
        defer { unlink(path) }
        let holds = "holds 2 devices, 3 walks: android-1 walk 1 (started "
        let result = try Self.check(path)
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        expectTrue(result.stdout.hasPrefix("\(path) \(holds)"), "\(result.stdout)")
        // Listed phone by phone (in the order they first appear), each phone's walks in order.
        expectContains(result.stdout, "7 points triggered); android-1 walk 2 (started 2026-05-09T10:00:00Z, 2 points triggered); ios-7 walk 1 (started ", "\(result.stdout)")
        expectContains(result.stdout, "7 points triggered); judged android-1 walk 1, the walk that matches the trace (--device ID judges another)\n", "\(result.stdout)")
        expectTrue(result.stdout.hasSuffix("the app did what walkscape predicted (8 checks)\n"), "\(result.stdout)")
        // The iPhone's walk on its own: point 3 a minute late.
        let ios = try Self.check(path, extra: ["--device", "ios-7"])
        expectEqual(ios.status, 1, "\(ios.stdout)\(ios.stderr)")
        expectContains(ios.stdout, "ios-7 walk 1:\n", "\(ios.stdout)")
        expectContains(ios.stdout, "  FAIL  point 3 (p3)", "\(ios.stdout)")
        expectTrue(ios.stdout.hasSuffix("1 disagreement of 8 checks\n"), "\(ios.stdout)")
        // android-1's two walks, each on its own: the second never reached point 3.
        let android = try Self.check(path, extra: ["--device", "android-1"])
        expectEqual(android.status, 1)
        expectContains(android.stdout, "android-1 walk 1:\n", "\(android.stdout)")
        expectContains(android.stdout, "android-1 walk 2:\n", "\(android.stdout)")
        // Without the agreeing walk, nothing matches: refused with the list.
        let noMatch = try Self.write(Self.interleaved(late.map { Self.from("ios-7", $0, by: 90) } + again.map { Self.from("android-1", $0, by: 3600) }), "jsonl")
        defer { unlink(noMatch) }
        let refused = try Self.check(noMatch)
        expectEqual(refused.status, 2)
        expectTrue(refused.stderr.hasPrefix("\(noMatch): holds 2 devices, 2 walks: ios-7 walk 1 (started "), "\(refused.stderr)")
        expectTrue(refused.stderr.hasSuffix("; none of them match the prediction for \(Self.trace): give --device ID to judge one phone's walks\n"), "\(refused.stderr)")
        let unknown = try Self.check(path, extra: ["--device", "pixel-9"])
        expectEqual(unknown.status, 2)
        expectTrue(unknown.stderr.hasPrefix("\(path): no events from device pixel-9; it holds 2 devices, 3 walks: "), "\(unknown.stderr)")
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
