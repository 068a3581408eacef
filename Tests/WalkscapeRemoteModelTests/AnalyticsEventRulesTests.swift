import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeRemoteModel

/// The core's analytics rules give the same messages, in the same order, as the test API server's
/// `analytics_problems` (Tests/WalkscapeRemoteTests/server/api_server.py) for a corpus of bodies: one set of
/// backend rules, shared by `collect` and the test server.
@Suite struct AnalyticsEventRulesTests {
    static let corpus: [String] = [
        #"{"events":[{"name":"tour_started","anonymousId":"a","tourId":"t","pointId":"p","language":"it","device":"d","osVersion":"1","offline":true,"timestamp":"2026-05-09T09:00:00.123Z","properties":{}}]}"#,
        #"{"events":[{"name":"tour_started","userId":null,"timestamp":"2026-05-09"}]}"#,
        #"{"events":[]}"#, #"{}"#, #"[]"#, #""events""#, #"{"events":{}}"#, #"{"events":[1,"x",null]}"#,
        #"{"events":[{"name":"nope"}],"extra":1,"more":[]}"#,
        #"{"events":[{"pointIndex":1,"name":"point_triggered","offline":"yes","properties":[],"tourId":5}]}"#,
        #"{"events":[{"name":"tour_completed","timestamp":"2026-05-09T09:00"},{"name":"tour_completed","timestamp":"2026-05-09T09:00:00+02:00"},{"name":"tour_completed","timestamp":"2026-05-09T09:00:00+0200"}]}"#,
        #"{"events":[{"name":"tour_completed","timestamp":"2026-5-9"},{"name":"login","timestamp":"2026-05-09T09:00:00.Z"},{"name":"login","timestamp":"2026-05-09 09:00"},{"name":"login","timestamp":1778317200}]}"#,
        #"{"events":[{"name":"signup","timestamp":"2026-05-09T09:00:00Z\n"},{"name":"signup","timestamp":"٢٠٢٦-05-09"},{"name":"signup","timestamp":"2026-05-09T09:00:00Zx"}]}"#,
        #"{"events":[{"name":"app_open","offline":1,"device":true,"language":["it"]}]}"#,
        #"{"events":[{"name":null},{"name":7},{}]}"#,
    ]

    @Test func theCoreAndTheTestServerAgree() throws {
        let server = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WalkscapeRemoteTests/server").path
        let script = "import json, sys; sys.path.insert(0, sys.argv[1]); import api_server\nfor line in sys.stdin:\n    print(json.dumps(api_server.analytics_problems(json.loads(line))))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, server]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = Self.corpus.map { JSONWriter(pretty: false).write(try! JSONParser().parse(Array($0.utf8))) }
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let answers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        process.waitUntilExit()
        try #require(answers.count == Self.corpus.count)
        for (body, answer) in zip(Self.corpus, answers) {
            let expected = try JSONParser().parse(Array(answer.utf8)).arrayElements!.map { $0.stringValue! }
            let actual = AnalyticsEventRules.problems(try JSONParser().parse(Array(body.utf8)))
            expectEqual(actual, expected, "\(body)")
        }
    }

    @Test func aWalkscapeBatchPasses() {
        let batch: JSONValue = .object([("events", .array([.object([("name", .string("tour_started")), ("timestamp", .string("2026-05-09T09:00:00Z"))])]))])
        expectTrue(AnalyticsEventRules.problems(batch).isEmpty)
        expectEqual(AnalyticsIntake.answer(method: "POST", path: "/v1/analytics/events?x=1", contentType: "application/json", body: Array(JSONWriter(pretty: false).write(batch).utf8)).status, 204)
        expectEqual(AnalyticsIntake.answer(method: "GET", path: "/analytics/events", contentType: "application/json", body: []).status, 404)
        expectEqual(AnalyticsIntake.answer(method: "POST", path: "/analytics/events", contentType: "application/json", body: nil).status, 413)
    }

    /// Express's JSON parser reads a body only when its Content-Type is `application/json` (parameters and
    /// letter case aside); NestJS then validates `{}`, so a valid batch sent as text, a form or with no
    /// Content-Type is refused with `events must be an array`, and nothing is kept.
    @Test func aBodyThatIsNotSentAsJSONIsNotRead() throws {
        let batch = Array(#"{"events":[{"name":"tour_started"}]}"#.utf8)
        for contentType in ["application/json", "application/json; charset=utf-8", "Application/JSON ;charset=UTF-8", " application/json "] {
            expectEqual(AnalyticsIntake.answer(method: "POST", path: "/analytics/events", contentType: contentType, body: batch).status, 204, "\(contentType)")
        }
        for contentType: String? in ["text/plain", "application/x-www-form-urlencoded", "application/vnd.api+json", "multipart/form-data; boundary=x", "", nil] {
            let answer = AnalyticsIntake.answer(method: "POST", path: "/analytics/events", contentType: contentType, body: batch)
            expectTrue(answer.status == 400 && answer.events.isEmpty, "\(contentType ?? "none")")
            let messages = answer.body?["message"]?.arrayElements?.compactMap(\.stringValue) ?? []
            expectTrue(messages.contains("events must be an array"), "\(contentType ?? "none"): \(messages)")
            // The sender is told which header to send (in collect's log; the answer stays the backend's).
            let sent = contentType.flatMap { $0.isEmpty ? nil : "as \($0)" } ?? "with no Content-Type"
            expectEqual(answer.note, "the body was sent \(sent), which the backend does not read: Express reads only JSON, so send the header Content-Type: application/json")
        }
        // A JSON body refused for what it holds gets no such note.
        expectEqual(AnalyticsIntake.answer(method: "POST", path: "/analytics/events", contentType: "application/json", body: Array("{}".utf8)).note, nil)
    }

    /// Issue 46, item 8: what Express's JSON parser reads. A key given twice is taken as `JSON.parse` takes it
    /// (the last value), not refused; a body in UTF-16 (BOM or `charset=utf-16le/be`) is decoded; a charset not
    /// named utf-* is refused with 415 as body-parser refuses it (latin1 was read as UTF-8).
    @Test func duplicateKeysAndCharsetsAreReadAsTheBackendReadsThem() throws {
        let twice = Array(#"{"events":[{"name":"tour_started"}],"events":[{"name":"tour_started"},{"name":"point_triggered"}]}"#.utf8)
        let answer = AnalyticsIntake.answer(method: "POST", path: "/analytics/events", contentType: "application/json", body: twice)
        expectEqual(answer.status, 204)
        expectEqual(answer.events.compactMap { $0["name"]?.stringValue }, ["tour_started", "point_triggered"])
        let batch = #"{"events":[{"name":"tour_started","properties":{"title":"Città"}}]}"#
        let utf16le: [UInt8] = Array(batch.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16be: [UInt8] = Array(batch.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (type, body) in [("application/json; charset=utf-16le", utf16le), ("application/json; charset=UTF-16", [0xFF, 0xFE] + utf16le),
                             ("application/json; charset=\"utf-16be\"", utf16be), ("application/json;charset=utf-16", [0xFE, 0xFF] + utf16be)] {
            let read = AnalyticsIntake.answer(method: "POST", path: "/analytics/events", contentType: type, body: body)
            expectEqual(read.status, 204, "\(type)")
            expectEqual(read.events.first?["properties"]?["title"]?.stringValue, "Città", "\(type)")
        }
        for (charset, shown) in [("latin1", "LATIN1"), ("iso-8859-1", "ISO-8859-1"), ("\"windows-1252\"", "WINDOWS-1252")] {
            let refused = AnalyticsIntake.answer(method: "POST", path: "/analytics/events", contentType: "application/json; charset=\(charset)", body: Array(batch.utf8))
            expectEqual(refused.status, 415, "\(charset)")
            expectEqual(refused.body?["message"]?.stringValue, "unsupported charset \"\(shown)\"")
            expectEqual(refused.body?["error"]?.stringValue, "Unsupported Media Type")
        }
        // UTF-8 said outright is read as ever.
        expectEqual(AnalyticsIntake.answer(method: "POST", path: "/analytics/events", contentType: "application/json; charset=utf-8", body: Array(batch.utf8)).status, 204)
    }
}
