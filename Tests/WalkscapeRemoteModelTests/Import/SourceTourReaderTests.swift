import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeRemoteModel

/// The reference app's test-tour shape and GeoJSON point collections, read into the API's answers.
@Suite struct SourceTourReaderTests {
    static let testTour = """
        {"_comment": "keep me",
         "tour": {"id": "t1", "slug": "walk", "title": {"en": "Walk", "it": "Passeggiata"},
                  "descriptionPreview": {"en": "Short", "it": "Breve"}, "city": "Milan", "durationMinutes": 15,
                  "distanceKm": 0.5, "languages": ["en", "it"], "isProtected": false, "coverImageUrl": null},
         "points": [
           {"id": "b", "order": 2, "title": "Second", "location": {"lat": 45.01, "lng": 9}, "triggerRadiusMeters": 120},
           {"id": "a", "order": 1, "title": "First", "description": "D", "location": {"lat": 45, "lng": 9, "_comment": "x"},
            "triggerRadiusMeters": 150, "_instructions": {"how": "…"}}],
         "metadata": {"purpose": "GPS Testing"}}
        """

    @Test func testTourBecomesOneBundlePerLanguage() throws {
        let source = try SourceTourReader.testTour(try JSONParser().parse(Self.testTour), file: "t.json")
        expectEqual(source.extras.map(\.key), ["_comment", "metadata"])
        expectEqual(source.points[1].extras.map(\.key), ["_instructions"])
        let bundles = try source.bundles(languages: ["en", "it"], id: "t1", slug: "walk", city: "Milan") { _, points in
            (points.map { .object([("pointId", .string($0.id)), ("order", .integer($0.order)), ("fileUrl", .string("x/\($0.id).mp3")), ("fileSizeBytes", .integer(0))]) }, [])
        }
        expectEqual(bundles.map(\.language), ["en", "it"])
        expectEqual(bundles[1].detail.title, "Passeggiata")
        expectEqual(bundles[1].detail.description, "Breve")
        // Plain-string point texts are in the tour's first language only.
        expectEqual(bundles[0].points.map(\.title), ["First", "Second"])
        expectEqual(bundles[1].points.map(\.title), [nil, nil])
        expectEqual(bundles[0].detail.startingPoint, LatLng(lat: 45, lng: 9))
        let assembled = try TourAssembler.assemble(bundles)
        expectEqual(assembled.files.map(\.localPath), ["audio/en/a.mp3", "audio/it/a.mp3", "audio/en/b.mp3", "audio/it/b.mp3"])
    }

    func geojson(_ features: String) -> String {
        "{\"type\": \"FeatureCollection\", \"name\": {\"it\": \"Giro\"}, \"city\": \"Roma\", \"features\": [\(features)]}"
    }

    @Test func featureCollectionReadsPointsAndRoute() throws {
        let text = geojson("""
            {"type": "Feature", "id": 7, "geometry": {"type": "Point", "coordinates": [12.5, 41.9]}, "properties": {"name": "Uno", "name:en": "One", "radius": "120"}},
            {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[12.5, 41.9], [12.51, 41.91]]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [12.51, 41.91]}, "properties": {"title": {"it": "Due"}}}
            """)
        let source = try SourceTourReader.featureCollection(try JSONParser().parse(text), file: "s.geojson")
        expectEqual(source.city, "Roma")
        expectEqual(source.route.count, 2)
        let ordered = try source.orderedPoints()
        expectEqual(ordered.map(\.id), ["7", "p2"])
        expectEqual(ordered[0].point.radius, 120)
        expectEqual(ordered[0].point.title.map(\.language), [nil, "en"])
    }

    @Test func refusals() throws {
        func refusal(_ features: String) throws -> String {
            let source = try SourceTourReader.featureCollection(try JSONParser().parse(geojson(features)), file: "s.geojson")
            do { _ = try source.orderedPoints() } catch { return error.message }
            return ""
        }
        let point = { (coordinates: String, order: Int) in
            "{\"type\": \"Feature\", \"geometry\": \(coordinates), \"properties\": {\"order\": \(order)}}"
        }
        try expectEqual(refusal(point("{\"type\": \"Point\", \"coordinates\": [1, 2]}", 1) + "," + point("{\"type\": \"Point\", \"coordinates\": [1, 3]}", 1)), "s.geojson: features[1]: order 1 is also the order of features[0]; each point needs its own order from 1 to 2: renumber one of them")
        try expectEqual(refusal(point("null", 1)), "s.geojson: features[0]: no coordinates (geometry is null); every point needs a position: add it")
        try expectTrue(refusal(point("{\"type\": \"Point\", \"coordinates\": [200, 2]}", 1)).contains("coordinates out of range (longitude 200, latitude 2"))
        try expectEqual(refusal(point("{\"type\": \"Point\", \"coordinates\": [1, 2]}", 1) + "," + point("{\"type\": \"Point\", \"coordinates\": [1, 3]}", 3)), "s.geojson: no point has order 2 (the orders go up to 3); the orders must be exactly 1 to 2: renumber the points")
        #expect(throws: TourImportError(.invalid, "s.geojson: features[0].properties.order: expected a whole number from 1 (the first point) up, got 1.5")) {
            try SourceTourReader.featureCollection(try JSONParser().parse(self.geojson(point("null", 0).replacingOccurrences(of: "\"order\": 0", with: "\"order\": 1.5"))), file: "s.geojson")
        }
    }
}
