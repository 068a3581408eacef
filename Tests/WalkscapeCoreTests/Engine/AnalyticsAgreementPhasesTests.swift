import Testing
import WalkscapeTestSupport
import WalkscapeCore

/// `check --observed --phases N`: the app's analytics against the spread of N predictions.
@Suite struct AnalyticsAgreementPhasesTests {
    static let ids = [1: "p1", 2: "p2"]

    /// A batch: tour_started at 1000, point k triggered at `points[k]` seconds after it, completed at `completed`.
    static func batch(_ points: [Int: Double], completed: Double?) -> [ObservedAnalytics.Event] {
        var events = [ObservedAnalytics.Event(name: "tour_started", time: 1_000, location: "event 1")]
        for (order, t) in points.sorted(by: { $0.key < $1.key }) {
            events.append(ObservedAnalytics.Event(name: "point_triggered", pointID: ids[order], time: 1_000 + t, location: "event \(events.count + 1)"))
        }
        if let completed { events.append(ObservedAnalytics.Event(name: "tour_completed", time: 1_000 + completed, location: "event \(events.count + 1)")) }
        return events
    }

    /// Three phases: point 1 always at 10–14 s; point 2 in two of three (at 100 and 103 s); completed in two.
    static let phases = [
        batch([1: 10, 2: 100], completed: 140), batch([1: 12, 2: 103], completed: 141), batch([1: 14], completed: nil),
    ]

    func agreement(_ observed: [ObservedAnalytics.Event], tolerance: Double = 1) -> AnalyticsAgreement {
        AnalyticsAgreement(predictedPhases: Self.phases, observed: observed, tourID: "t", pointIDs: Self.ids, tolerance: tolerance)
    }

    @Test func anObservationInsideTheSpreadAgreesAndTheRowSaysTheSpread() {
        let a = agreement(Self.batch([1: 13, 2: 101], completed: 141))
        expectEqual(a.disagreements, 0)
        expectEqual(a.rows.map(\.predictedText), ["0:10.0–0:14.0 in 3/3", "1:40.0–1:43.0 in 2/3", "2:20.0–2:21.0 in 2/3"])
    }

    @Test func aPointThatSomePhasesMissMayBeMissedButOneEveryPhasePlaysMayNot() {
        let missedTwo = agreement(Self.batch([1: 12], completed: nil))
        expectEqual(missedTwo.disagreements, 0)
        let missedOne = agreement(Self.batch([2: 101], completed: 140))
        expectEqual(missedOne.disagreements, 1)
        expectEqual(missedOne.rows[0].disagreement, "predicted in every one of 3 phases (0:10.0–0:14.0 in 3/3), the app never triggered it")
    }

    @Test func outsideTheSpreadByMoreThanTheToleranceDisagreesWithTheDistance() {
        let early = agreement(Self.batch([1: 7.5, 2: 101], completed: 140))
        expectEqual(early.rows[0].disagreement, "the app triggered it at 0:07.5, 2.5 s before the predicted spread 0:10.0–0:14.0 in 3/3 (tolerance 1 s)")
        let lateWithin = agreement(Self.batch([1: 14.9, 2: 101], completed: 140))
        expectEqual(lateWithin.disagreements, 0)
        let notPredicted = AnalyticsAgreement(
            predictedPhases: [Self.batch([1: 10], completed: nil), Self.batch([1: 10], completed: nil)], observed: Self.batch([1: 10, 2: 50], completed: nil),
            tourID: "t", pointIDs: Self.ids, tolerance: 1)
        expectEqual(notPredicted.rows[1].disagreement, "not predicted in any of 2 phases, the app triggered it at 0:50.0")
        expectEqual(notPredicted.rows[1].predictedText, "— in 0/2")
    }

    @Test func onePhaseIsTheSingleComparisonAsBefore() {
        let one = AnalyticsAgreement(predictedPhases: [Self.phases[0]], observed: Self.batch([1: 13, 2: 100], completed: 140), tourID: "t", pointIDs: Self.ids, tolerance: 1)
        let single = AnalyticsAgreement(predicted: Self.phases[0], observed: Self.batch([1: 13, 2: 100], completed: 140), tourID: "t", pointIDs: Self.ids, tolerance: 1)
        expectEqual(one.rows, single.rows)
        expectEqual(single.rows[0].predictedText, "0:10.0")
        expectEqual(single.rows[0].disagreement, "the app triggered it 3.0 s late (0:13.0 against 0:10.0; tolerance 1 s)")
    }
}
