import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTUI

/// The tour detail's map.
@Suite struct TourListingTests {
    func listing(route: [LatLng], points: [MapScene.Point]) -> TourListing {
        TourListing(
            id: "x", directory: "tours/x", title: "X", description: "", city: "", durationMinutes: 10, distanceKm: 1, languages: ["en"],
            isProtected: false, availability: .ready, route: route, points: points)
    }

    @Test func theMapJoinsTheStopsInOrderWhenTheTourHasNoRoute() {
        let scene = sampleScene()
        let stops = scene.points.sorted { $0.order < $1.order }.map(\.location)
        expectTrue(stops.count >= 2)
        // Given out of order, the stops are still joined 1, 2, 3 … (as `info` says: "the map joins the stops in order").
        expectEqual(listing(route: [], points: scene.points.reversed()).scene.route, stops)
        expectEqual(listing(route: scene.route, points: scene.points).scene.route, scene.route)
    }
}
