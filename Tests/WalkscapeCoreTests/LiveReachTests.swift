import Testing
import WalkscapeTestSupport
import WalkscapeCore

/// `LiveReach`: simulate's far-trace rule applied to live positions as they arrive (issue 26).
@Suite struct LiveReachTests {
    static let point = LatLng(lat: 48.8606, lng: 2.3376)

    func fix(_ t: Double, metres: Double) -> Fix {
        Fix(time: 1_778_317_200 + t, location: Geodesy.destination(from: Self.point, bearing: 90, distance: metres))
    }

    @Test func aFirstFixFarFromTheTourWarnsOnceAndAJumpAwayWarnsAgain() {
        var reach = LiveReach(targets: [Self.point])
        let first = reach.check(fix(0, metres: 16_367_000))
        expectEqual(first, "the positions are not within 1 km of the tour's points or route: the first fix (2026-05-09T09:00:00Z) is 16367 km away; is the receiver somewhere else?")
        expectTrue(reach.check(fix(1, metres: 16_367_000)) == nil)
        expectTrue(reach.check(fix(2, metres: 20)) == nil)
        expectTrue(reach.check(fix(3, metres: 900)) == nil)
        expectEqual(reach.check(fix(4, metres: 3_200)), "the positions left the tour: the fix at 2026-05-09T09:00:04Z is 3.2 km from its points and route (more than 1 km); did the receiver jump?")
        expectTrue(reach.check(fix(5, metres: 3_300)) == nil)
        var near = LiveReach(targets: [Self.point])
        expectTrue(near.check(fix(0, metres: 10)) == nil)
        var none = LiveReach(targets: [])
        expectTrue(none.check(fix(0, metres: 16_367_000)) == nil)
    }
}
