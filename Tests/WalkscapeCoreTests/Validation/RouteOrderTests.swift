import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Points numbered against the route (issue 45: two points' `order` swapped, and `validate` said `valid`).
@Suite struct RouteOrderTests {
    static func north(_ meters: Double) -> Double { TalkWalkTimingTests.north(meters) }
    static func warnings(_ tour: Tour) -> [String] {
        TourRules(file: "tour.json").check(tour).map(\.message).filter { $0.contains("numbered against the route") }
    }

    /// A straight route north through three points 400 m apart: numbered 1, 2, 3 along it, nothing said; with
    /// 2 and 3 swapped, the one the route reaches first, numbered 3, is named with both distances.
    @Test func aSwappedPairIsNamedWithWhereTheRouteReachesEach() throws {
        let route = "\(Self.north(-50)),7.68;\(Self.north(900)),7.68"
        let inOrder = try TalkWalkTimingTests.tour([(Self.north(0), 7.68, 100), (Self.north(400), 7.68, 100), (Self.north(800), 7.68, 100)], route: route)
        expectEqual(Self.warnings(inOrder), [])
        let swapped = try TalkWalkTimingTests.tour([(Self.north(0), 7.68, 100), (Self.north(800), 7.68, 100), (Self.north(400), 7.68, 100)], route: route)
        expectEqual(Self.warnings(swapped), [
            "point 3 is numbered against the route: routePolyline passes it at 450 m, before point 2 (at 850 m), and the narrations play strictly in order; swap their orders, or reorder routePolyline",
        ])
    }

    /// A loop: out 800 m north and back to the start, the last point beside the first. The route passes the
    /// first region twice; the last point takes the second pass, and nothing is said.
    @Test func aLoopToursLastPointBesideItsFirstIsInOrder() throws {
        let route = "\(Self.north(0)),7.68;\(Self.north(800)),7.68;\(Self.north(800)),7.69;\(Self.north(0)),7.69;\(Self.north(0)),7.6805"
        let loop = try TalkWalkTimingTests.tour(
            [(Self.north(0), 7.68, 100), (Self.north(800), 7.685, 150), (Self.north(0), 7.6805, 100)], route: route)
        expectEqual(Self.warnings(loop), [])
    }
}
