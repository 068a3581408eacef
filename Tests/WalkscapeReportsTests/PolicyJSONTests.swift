import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeReports

@Suite struct PolicyJSONTests {
    @Test func theStandardPolicyKeepsTheKeysGoldenFilesWereWrittenWith() {
        let text = JSONWriter(pretty: false).write(PolicyJSON.document(.standard))
        #expect(text == #"{"queueDepth":1,"minAccuracyMeters":null,"confirmFixes":1,"skipMissed":false,"triggerHysteresis":false,"fixDelivery":null,"appCursor":null}"#)
    }

    @Test func anEllipsoidPolicyNamesItsDistanceModel() {
        var policy = EnginePolicy.standard
        policy.distanceModel = .wgs84
        #expect(JSONWriter(pretty: false).write(PolicyJSON.document(policy)).contains(#""distance":"wgs84""#))
    }

    @Test func notesCountIgnoredFixesAndRefiredPoints() {
        let timeline = Timeline(
            events: [EngineEvent(t: 5, kind: .pointRefired, point: 2), EngineEvent(t: 9, kind: .pointRefired, point: 2)],
            startTime: 0, fixes: 10, ignoredFixes: 3, withheldFixes: 0)
        var policy = EnginePolicy.standard
        policy.minAccuracyMeters = 25
        let notes = PolicyJSON.notes(timeline, policy: policy, trace: "walk.gpx")
        expectEqual(notes.count, 2)
        expectEqual(notes[0], "walk.gpx: note: 3 of 10 fixes ignored by --min-accuracy 25")
        expectTrue(notes[1].hasPrefix("walk.gpx: warning: point 2 fired again 2 times"))
    }
}
