import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeDashboard

/// The event files: every accepted shape, and every bad input refused with one line `FILE:LINE: what was
/// expected`, never a crash.
@Suite struct DashboardInputTests {
    static let start = #"{"name":"tour_started","anonymousId":"a","tourId":"t","osVersion":"iOS 17","timestamp":"2026-05-09T09:00:00Z"}"#
    static let done = #"{"name":"tour_completed","anonymousId":"a","tourId":"t","timestamp":"2026-05-09T09:40:00Z","properties":{"durationMinutes":40,"triggerType":"gps"}}"#

    func read(_ text: String) throws(DashboardInputError) -> [DashboardEvent] {
        var budget = DashboardInput.maxEvents
        return try DashboardInput.parse(Array(text.utf8), name: "in.json", budget: &budget)
    }

    func refusal(_ text: String) -> String {
        do {
            _ = try read(text)
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test func everyShapeGivesTheSameEvents() throws {
        let expected = try read("{\"events\": [\(Self.start), \(Self.done)]}")
        expectTrue(expected.count == 2 && expected[1].properties.durationMinutes == 40)
        try expectEqual(read("[\(Self.start),\n\(Self.done)]"), expected)
        try expectEqual(read("\(Self.start)\n\n\(Self.done)\n"), expected)  // collect's JSON Lines
        try expectEqual(read("{\"events\":[\(Self.start)]}\n\(Self.done)\r\n"), expected)  // a batch a line, then an event
        try expectEqual(read(Self.start), [expected[0]])  // one event alone
        try expectEqual(read("\u{FEFF}{\"events\": [\(Self.start), \(Self.done)]}"), expected)
        try expectTrue(read("[]").isEmpty)
    }

    @Test func theIngestDropsEmptyStrings() throws {
        let events = try read(#"[{"name":"tour_started","anonymousId":"","tourId":"","device":"","osVersion":"","language":""}]"#)
        expectEqual(events, [DashboardEvent(name: "tour_started")])
    }

    @Test func badInputIsOneLineWithItsLine() {
        let cases: [(String, String)] = [
            ("", "in.json:1: the file is empty; expected a batch"),
            ("  \n\n", "in.json:1: the file is empty; expected a batch"),
            ("{\"events\": [\n\(Self.start),\n\(Self.done)", "in.json:3: not JSON (column "),
            ("{\"events\": [\n  \(Self.start),\n  \(Self.done.replacingOccurrences(of: "40,", with: "\"40\","))\n]}",
             "in.json:3: properties.durationMinutes must be a number (minutes), got a string"),
            ("\(Self.start)\n{\"name\": \"tour_completed\",", "in.json:2: not JSON (column "),
            ("\(Self.start)\n\(Self.done.replacingOccurrences(of: "40,", with: "1e400,"))", "in.json:2: properties.durationMinutes 1e400 is out of range"),
            ("[\(Self.start.replacingOccurrences(of: "tour_started", with: "tour_exploded"))]", "in.json:1: the backend refuses this event: name must be one of the following values: app_open"),
            ("[\(Self.start.replacingOccurrences(of: "\"iOS 17\"", with: "17"))]", "in.json:1: the backend refuses this event: osVersion must be a string"),
            ("[\(Self.start.replacingOccurrences(of: "2026-05-09T09:00:00Z", with: "yesterday"))]", "in.json:1: the backend refuses this event: timestamp must be a valid ISO 8601 date string"),
            ("[\(Self.start.replacingOccurrences(of: "\"tourId\"", with: "\"createdAt\""))]", "in.json:1: the backend refuses this event: property createdAt should not exist"),
            ("{\"events\": []}", "in.json:1: the backend refuses an empty batch"),
            ("{\"events\": [\(Self.start)], \"extra\": 1}", "in.json:1: the backend refuses this batch: property extra should not exist"),
            ("{\"events\": {}}", "in.json:1: \"events\" is an object; expected an array of events"),
            ("[1]", "in.json:1: expected an event object, got a number"),
            ("42", "in.json:1: got a number; expected a batch"),
            ("\n\n{\"tourId\": \"t\"}", "in.json:3: an object with neither \"events\" nor \"name\"; expected a batch"),
            (#"[{"name":"donation_link_clicked","properties":{"amount":"5"}}]"#, "in.json:1: properties.amount must be a number (euros), got a string"),
            (#"[{"name":"donation_link_clicked","properties":{"amount":-1e10}}]"#, "in.json:1: properties.amount -1e10 is out of range; expected a number from -1000000000 to 1000000000"),
            (#"[{"name":"contact_clicked","properties":{"channel":7}}]"#, "in.json:1: properties.channel must be a string, got a number"),
            (#"[{"name":"tour_started","properties":{"triggerType":true}}]"#, "in.json:1: properties.triggerType must be a string, got a boolean"),
            (#"[{"name":"tour_started","timestamp":"2026-05-09T09:00:00\u0661Z"}]"#, "in.json:1: the backend refuses this event: timestamp"),
            (String(repeating: "[", count: 100_000), "in.json:1: not JSON (column "),
        ]
        for (text, prefix) in cases {
            let line = refusal(text)
            expectTrue(line.hasPrefix(prefix), "\(text.prefix(80)): \(line)")
            expectTrue(!line.contains("\n"), "\(line)")
        }
    }

    @Test func eventsAreCountedBeforeTheyAreKept() {
        var budget = 2
        let text = "[\(Self.start), \(Self.start), \(Self.start)]"
        #expect(throws: DashboardInputError.self) { try DashboardInput.parse(Array(text.utf8), name: "in.json", budget: &budget) }
        expectEqual(budget, 0)
    }

    @Test func elementLinesFollowTheDocument() {
        let text = "{\n \"other\": [1, 2],\n \"events\": [\n  {\"a\": \"x\\\"]\"},\n  [\n  ],\n  3]\n}"
        expectEqual(DashboardInput.elementLines(Array(text.utf8)), [4, 5, 7])
        expectEqual(DashboardInput.elementLines(Array("[\n1,\n\"2\",\n{}]".utf8)), [2, 3, 4])
    }

    @Test func filesThatCannotBeOpenedAreUnreadable() throws {
        var budget = 10
        let missing = NSTemporaryDirectory() + "walkscape-dashboard-missing-\(UUID().uuidString).json"
        let error = try #require(throws: DashboardInputError.self) { try DashboardInput.read(path: missing, budget: &budget) }
        expectTrue(error.unreadable && error.description.hasSuffix(": no such file"))
        let directory = try #require(throws: DashboardInputError.self) { try DashboardInput.read(path: NSTemporaryDirectory(), budget: &budget) }
        expectTrue(directory.unreadable && directory.description.contains("is a directory"))
    }

    /// Issue 46 item 4: the bytes of all files of one run are bounded, not only each file's; a file that
    /// would pass the total is refused before it is read, with the budget left and what to do.
    @Test func theFilesOfOneRunShareOneByteBudget() throws {
        let folder = NSTemporaryDirectory() + "walkscape-dashboard-total-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let event = #"{"name":"tour_started","anonymousId":"a1","tourId":"t1","timestamp":"2026-05-09T09:00:00Z"}"#
        let first = folder + "/first.jsonl", second = folder + "/second.jsonl"
        try Data((event + "\n").utf8).write(to: URL(fileURLWithPath: first))
        try Data((event + "\n" + event + "\n").utf8).write(to: URL(fileURLWithPath: second))
        var budget = DashboardInput.maxEvents
        var bytes = event.utf8.count + 1 + 10
        expectEqual(try DashboardInput.read(path: first, budget: &budget, byteBudget: &bytes).count, 1)
        expectEqual(bytes, 10)
        let error = try #require(throws: DashboardInputError.self) { try DashboardInput.read(path: second, budget: &budget, byteBudget: &bytes) }
        expectTrue(!error.unreadable)
        expectEqual(error.description, "\(folder)/second.jsonl: the files so far leave 10 of the \(DashboardInput.maxTotalBytes) bytes one run reads in all, "
            + "and this one is larger; give fewer files, or files of one period (a dashboard is computed over a period anyway)")
        expectEqual(bytes, 10, "a refused file takes nothing")
        // A run's budget starts at maxTotalBytes: 256 MiB, four files at the per-file cap.
        expectEqual(DashboardInput.maxTotalBytes, 4 * DashboardInput.maxFileBytes)
    }
}
