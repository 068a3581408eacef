import Testing
import WalkscapeTestSupport
import WalkscapeCore

/// `ObservedAnalytics`: the phone app's analytics as `check --observed` reads them, in every shape a tester has.
@Suite struct ObservedAnalyticsTests {
    static let started = #"{"name":"tour_started","tourId":"torino-portici","timestamp":"2026-05-09T09:00:00.000Z"}"#
    static let triggered = #"{"name":"point_triggered","tourId":"torino-portici","pointId":"p1","timestamp":"2026-05-09T09:00:12.500Z","properties":{"order":1}}"#

    @Test func aBatchBodyAnArrayAndJSONLinesGiveTheSameEvents() throws {
        let body = try ObservedAnalytics(parsing: #"{"events":[\#(Self.started),\#(Self.triggered)]}"#).events
        let array = try ObservedAnalytics(parsing: "[\(Self.started),\(Self.triggered)]").events
        let lines = try ObservedAnalytics(parsing: "\(Self.started)\n\(Self.triggered)\n").events
        expectEqual(body.map(\.name), ["tour_started", "point_triggered"])
        expectTrue(body.map(\.location) == ["event 1", "event 2"] && lines.map(\.location) == ["line 1", "line 2"])
        for events in [array, lines] {
            expectTrue(events.map(\.name) == body.map(\.name) && events.map(\.pointID) == body.map(\.pointID) && events.map(\.time) == body.map(\.time))
        }
        expectTrue(body[1].order == 1 && body[1].time == body[0].time.map { $0 + 12.5 })
    }

    /// `walkscape collect`'s file after the phone sent one event is a single JSON object: it is that event (it
    /// was refused as "a JSON object without an events array").
    @Test func collectsFileWithOneEventIsThatEvent() throws {
        let one = try ObservedAnalytics(parsing: Self.triggered + "\n").events
        expectTrue(one.map(\.name) == ["point_triggered"] && one[0].pointID == "p1" && one[0].location == "line 1")
        let after = try ObservedAnalytics(parsing: "\n\n" + Self.started + "\n").events
        expectEqual(after.map(\.location), ["line 3"])
        // An object that is neither an event nor a batch is still refused, saying what was expected.
        #expect(throws: ObservedAnalytics.FormatError.self) { try ObservedAnalytics(parsing: #"{"evnts":[]}"#) }
        #expect(throws: ObservedAnalytics.FormatError.self) { try ObservedAnalytics(parsing: #"{"name":7}"#) }
    }

    @Test func theBackendsCSVExportWithSemicolonsOrCommasAndQuotedFields() throws {
        let semicolons = try ObservedAnalytics(parsing: "createdAt;eventType;pointId;tourId\r\n\"2026-05-09T09:00:12.500Z\";point_triggered;p1;torino-portici\r\n").events
        expectTrue(semicolons.map(\.name) == ["point_triggered"] && semicolons[0].pointID == "p1" && semicolons[0].location == "line 2")
        let commas = try ObservedAnalytics(parsing: "name,pointId,timestamp,note\npoint_triggered,p2,2026-05-09T09:01:00Z,\"a \"\"quoted\"\", field\nover two lines\"\ntour_completed,,2026-05-09T09:20:00Z,\n").events
        expectTrue(commas.map(\.name) == ["point_triggered", "tour_completed"] && commas[0].pointID == "p2" && commas[1].pointID == nil)
        #expect(throws: ObservedAnalytics.FormatError.self) { try ObservedAnalytics(parsing: "when,where\n1,2\n") }
    }
}
