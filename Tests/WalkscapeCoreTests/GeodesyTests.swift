import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

@Suite struct GeodesyTests {
    @Test func oneDegreeOfLatitudeOnTheMeanSphere() {
        // π R / 180 with R = 6,371,008.8 m.
        let d = Geodesy.distance(LatLng(lat: 0, lng: 0), LatLng(lat: 1, lng: 0))
        expectTrue(abs(d - 111_195.0802) < 0.001)
    }

    @Test func knownCityDistance() {
        // Piazza Castello to Mole Antonelliana in Turin, computed independently with the same formula and R.
        let d = Geodesy.distance(LatLng(lat: 45.0711, lng: 7.6858), LatLng(lat: 45.0690, lng: 7.6933))
        expectTrue(abs(d - 633.580) < 0.001)
    }

    @Test func antipodesAreHalfACircumference() {
        // Near antipodes the formula is ill-conditioned (1 − h is ~1e-16), so allow half a metre in 20,000 km.
        let d = Geodesy.distance(LatLng(lat: 10, lng: 20), LatLng(lat: -10, lng: -160))
        expectTrue(abs(d - .pi * Geodesy.earthRadiusMeters) < 0.5)
        expectEqual(Geodesy.distance(LatLng(lat: 0, lng: 0), LatLng(lat: 0, lng: 180)), .pi * Geodesy.earthRadiusMeters)
    }

    @Test func bearingsPointTheRightWay() {
        let origin = LatLng(lat: 45, lng: 7)
        expectTrue(abs(Geodesy.initialBearing(from: origin, to: LatLng(lat: 46, lng: 7)) - 0) < 1e-9)
        expectTrue(abs(Geodesy.initialBearing(from: origin, to: LatLng(lat: 45, lng: 8)) - 89.65) < 0.01)
        expectTrue(abs(Geodesy.initialBearing(from: origin, to: LatLng(lat: 44, lng: 7)) - 180) < 1e-9)
    }

    @Test func destinationInvertsDistanceAndBearing() {
        let start = LatLng(lat: 48.853, lng: 2.3499)
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            let end = Geodesy.destination(from: start, bearing: bearing, distance: 250)
            expectTrue(abs(Geodesy.distance(start, end) - 250) < 1e-6)
        }
    }

    @Test func distanceToPathUsesTheClosestSegment() {
        let a = LatLng(lat: 45, lng: 7)
        let b = Geodesy.destination(from: a, bearing: 90, distance: 1000)
        let mid = Geodesy.destination(from: a, bearing: 90, distance: 500)
        let off = Geodesy.destination(from: mid, bearing: 0, distance: 120)
        expectTrue(abs(Geodesy.distance(from: off, toPath: [a, b]) - 120) < 0.2)
        let beyond = Geodesy.destination(from: b, bearing: 90, distance: 80)
        expectTrue(abs(Geodesy.distance(from: beyond, toPath: [a, b]) - 80) < 0.2)
        expectEqual(Geodesy.distance(from: a, toPath: []), .infinity)
    }
}
