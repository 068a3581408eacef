import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

@Suite struct RouteTests {
    @Test func decodesGooglesPublishedExample() throws {
        let points = try GooglePolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        expectEqual(points, [LatLng(lat: 38.5, lng: -120.2), LatLng(lat: 40.7, lng: -120.95), LatLng(lat: 43.252, lng: -126.453)])
    }

    @Test func encodesGooglesPublishedExample() {
        let text = GooglePolyline.encode([LatLng(lat: 38.5, lng: -120.2), LatLng(lat: 40.7, lng: -120.95), LatLng(lat: 43.252, lng: -126.453)])
        expectEqual(text, "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    }

    @Test func encodedPolylineRoundTripsOnCityCoordinates() throws {
        let route = [LatLng(lat: 45.06205, lng: 7.67855), LatLng(lat: 45.06771, lng: 7.68271), LatLng(lat: -33.85678, lng: 151.21529)]
        try expectEqual(GooglePolyline.decode(GooglePolyline.encode(route)), route)
    }

    @Test(arguments: ["_p~iF~ps|U_ulL", "_p~iF", "_p~iF~ps|U_ul Lnn", "_p~iF~ps|U\u{7F}"])
    func rejectsBrokenEncodedPolylines(text: String) {
        #expect(throws: RouteDecodingError.self) { try GooglePolyline.decode(text) }
    }

    @Test func decodesLatLngLists() throws {
        let points = try LatLngListPolyline.decode("45.0703,7.6869; 45.0711 ,7.6880;")
        expectEqual(points, [LatLng(lat: 45.0703, lng: 7.6869), LatLng(lat: 45.0711, lng: 7.688)])
    }

    @Test func latLngListErrorsNameThePair() {
        do {
            _ = try LatLngListPolyline.decode("45.0703,7.6869;45.07x,7.1")
            Issue.record("expected an error")
        } catch {
            expectEqual(error.offset, 15)
            expectContains(error.message, "pair 2")
        }
        do {
            _ = try LatLngListPolyline.decode("45.0703,7.6869;95,7.1")
            Issue.record("expected an error")
        } catch {
            expectContains(error.message, "out of range")
        }
        #expect(throws: RouteDecodingError.self) { try LatLngListPolyline.decode(";") }
    }

    @Test func latLngListRoundTrips() throws {
        let points = [LatLng(lat: 48.853, lng: 2.3499), LatLng(lat: -0.000001, lng: -179.5)]
        expectEqual(LatLngListPolyline.encode(points), "48.853000,2.349900;-0.000001,-179.500000")
        try expectEqual(LatLngListPolyline.decode(LatLngListPolyline.encode(points)), points)
    }
}
