import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeReports

/// The account of what changes between two builds: one block a difference with both builds' outcomes and
/// lines; the frequency table counts walks and runs per difference.
@Suite struct BuildDifferenceReportTests {
    static func comparison(until meters: Double) -> BuildComparison {
        var trace = Trace()
        var position = -50.0
        var t = 0.0
        while position <= meters {
            let location = Geodesy.destination(from: LatLng(lat: 45, lng: 7), bearing: 0, distance: position)
            trace.append(time: 1_778_317_200 + t, lat: location.lat, lng: location.lng)
            t += 1
            position += 1.5
        }
        let origin = LatLng(lat: 45, lng: 7)
        let tour = EngineTour(points: (1...3).map { k in
            EngineTour.Point(order: k, id: "p\(k)", location: Geodesy.destination(from: origin, bearing: 0, distance: 600 * Double(k - 1)), radiusMeters: 100, audioSeconds: 60)
        })
        let profiles: [EngineProfile] = [.android5c84126, .androidEfba3ee]
        return BuildComparison(
            tour: tour, trace: trace, profiles: profiles, policies: profiles.map(\.policy), tolerance: 0.5, tourID: "t", language: "it",
            pointIDs: [1: "p1", 2: "p2", 3: "p3"])
    }

    @Test func eachDifferenceHasBothOutcomesItsRuleAndBothBuildsLines() {
        let lines = BuildDifferenceReport.lines(Self.comparison(until: 1300), titles: [3: "Terzo"])
        expectEqual(lines[1], "What changes from android-app@5c84126 to android-app@efba3ee on this walk (5 differences):")
        expectEqual(lines[2], "1. Point 3 (Terzo): what the walker hears")
        expectEqual(lines[3], "     android-app@5c84126: never triggers, never plays")
        expectEqual(lines[5], "     rule: completion")
        expectTrue(lines[6].hasPrefix("       walkspace-app@5c84126 android-app/app/src/main/java/com/bandite/sonicwalkscape/ui/player/PlayerViewModel.kt:106–109"))
        expectTrue(lines[7].hasPrefix("       walkspace-app@efba3ee android-app/app/src/main/java/com/bandite/sonicwalkscape/ui/player/PlayerViewModel.kt:117–132"))
        let json = BuildDifferenceReport.json(Self.comparison(until: 1300))
        expectTrue(json["differences"]?.arrayElements?.count == 5)
        expectTrue(json["differences"]?.arrayElements?[0]["citations"]?["android-app@efba3ee"]?.stringValue?.hasPrefix("walkspace-app@efba3ee ") == true)
    }

    @Test func theFrequencyCountsWalksAndRuns() {
        var frequency = BuildDifferenceReport.Frequency(builds: ["a", "b"], walks: 2, phases: 2)
        frequency.add(walk: [Self.comparison(until: 1300), Self.comparison(until: 1300)])
        frequency.add(walk: [Self.comparison(until: 250), Self.comparison(until: 1300)])
        let rows = Dictionary(uniqueKeysWithValues: frequency.rows.map { ($0.key, ($0.walks, $0.runs)) })
        expectTrue(rows["tour_started event"]! == (2, 4))
        expectTrue(rows["completion"]! == (2, 3))
        expectTrue(rows["tour_abandoned event"]! == (1, 1))
        let text = frequency.lines()
        expectEqual(text[1], "How often each difference between a and b occurs over 2 walks × 2 phases:")
        expectTrue(text.contains { $0.hasPrefix("tour_started event") && $0.contains("2/2") && $0.contains("4/4") })
        let changes = BuildDifferenceReport.changeLines(.android5c84126, .androidEfba3ee, shown: frequency.keys)
        expectTrue(changes.contains { $0.contains("(shown above)") } && changes.contains { $0.contains("(not part of a walk)") })
    }
}
