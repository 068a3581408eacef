import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// `walkscape collect` answering real HTTP requests (curl) as the backend does, and its JSON Lines file.
@Suite(.serialized) struct CollectCLITests {
    /// A collector on a free port writing into a new file; `body` gets the base URL and the file.
    static func withCollector(_ body: (String, String) throws -> Void) throws -> CLIResult {
        let out = NSTemporaryDirectory() + "walkscape-collect-\(UUID().uuidString).jsonl"
        defer { unlink(out) }
        let started = try CLI.start(["collect", "--port", "0", "--out", out])
        FeedGpsdTests.watchdog(started.0)
        // A failing body must not leave the collector running.
        var finished = false
        defer { if !finished { kill(started.0.processIdentifier, SIGKILL) } }
        let line = try FeedGpsdTests.readLine(started.2)
        let url = try #require(line.split(separator: " ").dropFirst(2).first.map(String.init), "\(line)")
        try body(url.replacingOccurrences(of: "/analytics/events", with: ""), out)
        kill(started.0.processIdentifier, SIGINT)
        finished = true
        return CLI.finish(started)
    }

    static func post(_ url: String, _ body: String) throws -> (status: Int, body: String) {
        let result = try ChildProcess.run(["/usr/bin/curl", "-s", "-o", "-", "-w", "\n%{http_code}", "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", body, url])
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    static let event = #"{"name":"tour_started","anonymousId":"a-1","tourId":"t","language":"it","timestamp":"2026-05-09T09:00:00Z","properties":{"k":1}}"#

    @Test func acceptsAValidBatchAndAppendsOneLinePerEvent() throws {
        var written = ""
        let result = try Self.withCollector { base, out in
            let first = try Self.post(base + "/v1/analytics/events", #"{"events":[\#(Self.event),{"name":"point_triggered","pointId":"p1","offline":true}]}"#)
            #expect(first.status == 204 && first.body.isEmpty)
            let second = try Self.post(base + "/analytics/events", #"{"events":[{"name":"tour_completed","userId":null}]}"#)
            #expect(second.status == 204)
            written = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        }
        #expect(result.status == 130)
        let lines = written.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == Substring(Self.event))
        #expect(lines.map { (try? JSONParser().parse(Array($0.utf8)))?["name"]?.stringValue } == ["tour_started", "point_triggered", "tour_completed"])
        #expect(result.stderr.contains("POST /v1/analytics/events → 204: 2 events (tour_started, point_triggered)"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("3 events written to \(result.stderr.split(separator: " ").last!)"))
    }

    @Test func refusesWhatTheBackendRefusesInItsShape() throws {
        var written = "x"
        let result = try Self.withCollector { base, out in
            let unknown = try Self.post(base + "/analytics/events", #"{"events":[{"name":"tour_started","pointIndex":3}]}"#)
            #expect(unknown.status == 400)
            #expect(unknown.body == #"{"statusCode":400,"message":["events.0.property pointIndex should not exist"],"error":"Bad Request"}"#)
            let empty = try Self.post(base + "/analytics/events", #"{"events":[]}"#)
            #expect(empty.body == #"{"statusCode":400,"message":["events must contain at least 1 elements"],"error":"Bad Request"}"#)
            let broken = try Self.post(base + "/analytics/events", #"{"events":["#)
            #expect(broken.status == 400 && broken.body.contains(#""message":"Unexpected token in JSON body""#))
            let huge = try Self.post(base + "/analytics/events", #"{"events":[\#(Array(repeating: Self.event, count: 800).joined(separator: ","))]}"#)
            #expect(huge.status == 413)
            let elsewhere = try Self.post(base + "/tours", "{}")
            #expect(elsewhere.status == 404 && elsewhere.body.contains(#""message":"Cannot POST /tours""#))
            written = (try? String(contentsOfFile: out, encoding: .utf8)) ?? "missing"
        }
        #expect(written.isEmpty)  // created, nothing appended
        #expect(result.stderr.contains("→ 400: events.0.property pointIndex should not exist"))
    }
}
