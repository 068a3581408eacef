import Foundation
import PropertyBased
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Karney's geodesics through PROJ's `geodesic.h`, and the engine's quick estimate on the ellipsoid's radii.
@Suite struct WGS84Tests {
    @Test func oneDegreeOfLatitudeAtTheEquatorIsTheMeridianArc() {
        // The WGS84 meridian arc from 0° to 1° N: 110,574.389 m (python3-geographiclib's Inverse(0, 0, 1, 0)).
        let d = WGS84.distance(LatLng(lat: 0, lng: 0), LatLng(lat: 1, lng: 0))
        expectTrue(abs(d - 110_574.389) < 0.001)
    }

    @Test func karneysPublishedExampleJFKToSingapore() {
        // geodesic.h's own example pair, JFK (40.64, −73.78) to SIN (1.36, 103.99): 15,347,512.941 m from
        // Karney's independent Python implementation (Debian python3-geographiclib 2.0,
        // `Geodesic.WGS84.Inverse(40.64, -73.78, 1.36, 103.99)['s12']`).
        let d = WGS84.distance(lat1: 40.64, lng1: -73.78, lat2: 1.36, lng2: 103.99)
        expectTrue(abs(d - 15_347_512.941) < 0.001)
    }

    @Test func theIssuesExampleFlipsPointTwoOfTorinoPortici() {
        // Issue 16: a fix of fixtures/traces-profiles/torino-brief-pass.gpx against point 2 of torino-portici
        // (radius 150 m): 149.994 m on the sphere (inside), 150.305 m on the ellipsoid (outside; python3-geographiclib
        // gives 150.30499242 m).
        let point = LatLng(lat: 45.06779, lng: 7.68259)
        let fix = LatLng(lat: 45.0684175, lng: 7.6808993)
        let sphere = Geodesy.distance(fix, point)
        let ellipsoid = WGS84.distance(fix, point)
        expectTrue(abs(sphere - 149.994) < 0.001, "sphere \(sphere)")
        expectTrue(abs(ellipsoid - 150.305) < 0.001, "ellipsoid \(ellipsoid)")
    }

    @Test func radiiOfCurvatureAtTheEquatorAndPole() {
        expectTrue(abs(WGS84.primeVerticalRadius(lat: 0) - 6_378_137) < 1e-6)
        expectTrue(abs(WGS84.meridionalRadius(lat: 0) - 6_335_439.327) < 0.001)
        expectTrue(abs(WGS84.meridionalRadius(lat: 90) - WGS84.primeVerticalRadius(lat: 90)) < 1e-6)
    }

    @Test func theModelPicksTheFormula() {
        let a = LatLng(lat: 45, lng: 7)
        let b = LatLng(lat: 45, lng: 7.002)
        expectEqual(DistanceModel.sphere.distance(a, b), Geodesy.distance(a, b))
        expectEqual(DistanceModel.wgs84.distance(a, b), WGS84.distance(a, b))
    }

    /// The bound the engine relies on: for any fix in a region's box, the quick estimate is within 0.3 % of
    /// the exact distance under the same model, far inside the 1 % band where the exact distance decides.
    /// Random points at latitudes up to ±80°, radii 1 m–100 km (the validator's range), fixes at 0.5–1.5 radii.
    @Test func theQuickEstimateStaysWellInsideTheEnginesBand() async {
        await propertyCheck(count: 3000, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            var random = SplitMix64(seed: UInt64(seed))
            let lat = Double.random(in: -80...80, using: &random)
            let lng = Double.random(in: -179...179, using: &random)
            let radius = pow(10, Double.random(in: 0...5, using: &random))
            let bearing = Double.random(in: 0..<360, using: &random)
            let factor = Double.random(in: 0.5...1.5, using: &random)
            let centre = LatLng(lat: lat, lng: lng)
            let tour = EngineTour(points: [EngineTour.Point(order: 1, id: "p", location: centre, radiusMeters: radius, audioSeconds: 1)])
            let geometry = tour.geometry[0]
            let fix = Geodesy.destination(from: centre, bearing: bearing, distance: radius * factor)
            guard geometry.mayReach(lat: fix.lat, lng: fix.lng) else { return }
            let latRadians = fix.lat * .pi / 180
            for model in DistanceModel.allCases {
                let exact = geometry.distance(model, lat: fix.lat, lng: fix.lng, latRadians: latRadians, cosLat: cos(latRadians))
                let estimate = geometry.approximateDistance(model, lat: fix.lat, lng: fix.lng, fixCos: cos(latRadians))
                expectTrue(abs(estimate - exact) <= 0.003 * exact + 1e-6, "\(model) at \(centre), r \(radius): estimate \(estimate), exact \(exact)")
            }
        }
    }

    /// The fix delivery's minimum move decides with the haversine unless within 1 % of the threshold: the
    /// answer is always the geodesic's (fixes at 0.98–1.02 of 5 and 10 m, every latitude to ±85°).
    @Test func theDistanceFiltersShortcutGivesTheGeodesicsAnswer() async {
        await propertyCheck(count: 3000, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            var random = SplitMix64(seed: UInt64(seed))
            let a = LatLng(lat: Double.random(in: -85...85, using: &random), lng: Double.random(in: -179...179, using: &random))
            let meters = [5.0, 10.0][Int(random.next() % 2)]
            let b = Geodesy.destination(from: a, bearing: Double.random(in: 0..<360, using: &random), distance: meters * Double.random(in: 0.98...1.02, using: &random))
            expectEqual(FixDeliveryFilter.closer(a, b, than: meters, .wgs84), (WGS84.distance(a, b) < meters))
            expectEqual(FixDeliveryFilter.closer(a, b, than: meters, .sphere), (Geodesy.distance(a, b) < meters))
        }
    }
}
