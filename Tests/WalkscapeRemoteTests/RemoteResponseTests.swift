import WalkscapeTestSupport
import Testing
import WalkscapeCore
import WalkscapeRemoteModel

/// The API's answers read in both shapes (draft and deployed), with field paths in errors.
@Suite struct RemoteResponseTests {
    func json(_ text: String) throws -> JSONValue { try JSONParser().parse(text) }

    @Test func deployedDetailReadsImageURLAndLatLngPolyline() throws {
        let detail = try RemoteTourDetail(json("""
            {"id": "6f1c", "slug": "torino", "title": "Torino", "description": "", "completionMessage": null,
             "busInfo": "Bus 4", "city": "Torino", "durationMinutes": 55, "distanceKm": 2.8, "difficulty": "easy",
             "languages": ["it", "en"], "isProtected": false, "imageUrl": "https://cdn/x.jpg", "coverTrailerUrl": null,
             "startingPoint": {"lat": null, "lng": null}, "routePolyline": "45.1,7.6;45.2,7.7",
             "downloadInfo": {"estimatedSizeMb": 180, "isDownloaded": false}, "hasAccess": true}
            """), language: "it")
        expectEqual(detail.coverURL, "https://cdn/x.jpg")
        expectEqual(detail.routePolyline, "45.1,7.6;45.2,7.7")
        expectTrue(detail.startingPoint == nil)
        expectTrue(detail.description == nil)
        expectTrue(detail.completionMessage == nil)
        expectEqual(detail.busInfo, "Bus 4")
        expectEqual(detail.hasAccess, true)
        expectEqual(detail.estimatedSizeMb, 180)
    }

    /// Lists come bare or wrapped (`{"tours": […]}`, `{"points": […]}`); anything else is one error naming
    /// the response, and a bad element's error names its path inside the wrapper.
    @Test func listsAreReadBareOrWrappedAndAnythingElseIsAClearError() throws {
        let point = #"{"id": "p1", "order": 1, "title": "A", "description": "", "location": {"lat": 45, "lng": 7}, "triggerRadiusMeters": 150}"#
        try expectEqual(RemotePoint.decodeList(json("[\(point)]"), language: "it").map(\.id), ["p1"])
        #expect(try RemotePoint.decodeList(json(#"{"points": [\#(point)]}"#), language: "it").map(\.id) == ["p1"])
        let notAList = try #require(throws: RemoteFormatError.self) { try RemotePoint.decodeList(json(#"{"data": 3}"#), language: "it") }
        expectTrue(notAList.description.hasPrefix("points (it): "))
        expectTrue(notAList.message.hasPrefix("expected an array of points, got "))
        let badElement = try #require(throws: RemoteFormatError.self) { try RemotePoint.decodeList(json(#"{"points": [{"id": "p1"}]}"#), language: "it") }
        expectTrue(badElement.path.description.hasPrefix("points[0]"), "\(badElement)")
        let tours = try #require(throws: RemoteFormatError.self) { try RemoteTourSummary.decodeList(json("42")) }
        expectTrue(tours.description.hasPrefix("tour list: "))
        expectTrue(tours.message.hasPrefix("expected an array of tours, got "))
    }

    @Test func draftDetailReadsCoverImageURLAndRoutePreview() throws {
        let detail = try RemoteTourDetail(json("""
            {"id": "t", "slug": "t", "title": "T", "description": "D", "city": "C", "durationMinutes": 5, "distanceKm": 1,
             "languages": ["en"], "isProtected": true, "coverImageUrl": "/media/c.png",
             "startingPoint": {"lat": 45, "lng": 7}, "routePreview": {"polyline": "_p~iF~ps|U_ulLnnqC"},
             "downloadInfo": {"estimatedSizeMb": 2.5, "isDownloaded": false}}
            """), language: "en")
        expectEqual(detail.coverURL, "/media/c.png")
        expectEqual(detail.routePreviewPolyline, "_p~iF~ps|U_ulLnnqC")
        expectTrue(detail.routePolyline == nil)
        expectEqual(detail.startingPoint, LatLng(lat: 45, lng: 7))
        expectTrue(detail.hasAccess == nil)
    }

    @Test func manifestErrorsNameTheFieldPath() throws {
        let text = """
            {"tourId": "t", "language": "it", "version": 2, "audio": [
              {"pointId": "p1", "order": 1, "fileUrl": "a.mp3", "fileSizeBytes": 10},
              {"pointId": "p2", "order": 2, "fileUrl": "b.mp3", "fileSizeBytes": "12"}],
             "images": [], "subtitles": []}
            """
        #expect(throws: RemoteFormatError(document: "manifest (it)", path: JSONPath([.key("audio"), .index(1), .key("fileSizeBytes")]),
            "expected a whole number of bytes from 0 to 2^40 (1 TiB), got the string \"12\"")) {
            try RemoteManifest(json(text), language: "it")
        }
        let error = try #require(throws: RemoteFormatError.self) { try RemoteManifest(json(text), language: "it") }
        expectEqual(error.description, "manifest (it): audio[1].fileSizeBytes: expected a whole number of bytes from 0 to 2^40 (1 TiB), got the string \"12\"")
    }

    /// A manifest with `offlineMap` set to `map` (JSON text).
    func manifest(offlineMap map: String) throws -> RemoteManifest {
        try RemoteManifest(json("""
            {"tourId": "t", "language": "fi", "version": 1, "audio": [], "offlineMap": \(map)}
            """), language: "fi")
    }

    @Test func offlineMapIsReadAndThePlaceholderIsNone() throws {
        let map = try #require(try manifest(offlineMap: """
            {"tilesUrlTemplate": "https://t.example.org/{z}/{x}/{y}.pbf", "bounds": {"north": 60.179, "south": 60.164, "east": 24.953, "west": 24.935},
             "recommendedZoomLevels": [16, 14, 15, 15.0], "attribution": "© OpenStreetMap contributors"}
            """).offlineMap)
        expectEqual(map, RemoteOfflineMap(tilesURLTemplate: "https://t.example.org/{z}/{x}/{y}.pbf", south: 60.164, west: 24.935, north: 60.179,
            east: 24.953, zoomLevels: [14, 15, 16], attribution: "© OpenStreetMap contributors"))
        // The deployed backend's values for a tour without a map.
        #expect(try manifest(offlineMap: """
            {"tilesUrlTemplate": "https://tiles.example.org/{z}/{x}/{y}.pbf", "bounds": {"north": 0, "south": 0, "east": 0, "west": 0}, "recommendedZoomLevels": [14, 15, 16]}
            """).offlineMap == nil)
        try expectTrue(manifest(offlineMap: "null").offlineMap == nil)
    }

    @Test(arguments: [
        (#"{"north": 95, "south": 60, "east": 25, "west": 24}"#, "[14]", "offlineMap.bounds.north: expected a latitude from -85.0511 to 85.0511 (Web Mercator), got the number 95"),
        (#"{"north": 60, "south": 61, "east": 25, "west": 24}"#, "[14]", "offlineMap.bounds: south (61) must be below north (60)"),
        (#"{"north": 61, "south": 60, "east": -179, "west": 179}"#, "[14]", "offlineMap.bounds: west (179) must be left of east (-179); a box across the antimeridian is not supported"),
        (#"{"north": 61, "south": 60, "east": 25, "west": 24}"#, "[14, 23]", "offlineMap.recommendedZoomLevels[1]: expected a zoom level from 0 to 22, got the number 23"),
        (#"{"north": 61, "south": 60, "east": 25, "west": 24}"#, "[]", "offlineMap.recommendedZoomLevels: expected a non-empty array of zoom levels from 0 to 22, got an empty array"),
    ])
    func offlineMapNumbersAreCheckedWhereTheyEnter(bounds: String, zooms: String, message: String) throws {
        let error = try #require(throws: RemoteFormatError.self) {
            try manifest(offlineMap: #"{"tilesUrlTemplate": "t/{z}/{x}/{y}.pbf", "bounds": "# + bounds + #", "recommendedZoomLevels": "# + zooms + "}")
        }
        expectEqual(error.description, "manifest (fi): " + message)
        let template = try #require(throws: RemoteFormatError.self) {
            try manifest(offlineMap: #"{"tilesUrlTemplate": "tiles.pbf", "bounds": {"north": 61, "south": 60, "east": 25, "west": 24}, "recommendedZoomLevels": [14]}"#)
        }
        expectContains(template.description, "offlineMap.tilesUrlTemplate: expected a URL template with {z}, {x} and {y} (or {-y})")
    }

    @Test func listReadsBothCoverNamesAndLocalizedTitles() throws {
        let tours = try RemoteTourSummary.decodeList(json("""
            [{"id": "a", "slug": "a", "title": {"it": "A it", "en": "A en"}, "descriptionPreview": {"it": "…"}, "city": "X",
              "durationMinutes": 10, "distanceKm": 1.5, "languages": ["it", "en"], "isProtected": false, "imageUrl": null},
             {"id": "b", "slug": "b", "title": {"fr": "B"}, "city": "Y", "durationMinutes": 20, "distanceKm": 2,
              "languages": ["fr"], "isProtected": true, "coverImageUrl": "https://c/b.jpg"}]
            """))
        expectEqual(tours.map(\.id), ["a", "b"])
        expectEqual(tours[0].title["en"], "A en")
        expectTrue(tours[0].coverURL == nil)
        expectEqual(tours[1].coverURL, "https://c/b.jpg")
        expectTrue(tours[1].isProtected)
    }

    @Test func pointsDropTheBackendsStandIns() throws {
        let points = try RemotePoint.decodeList(json("""
            [{"id": "p1", "order": 1, "title": "Untitled Point", "description": "", "location": {"lat": 1, "lng": 2}, "triggerRadiusMeters": 150}]
            """), language: "en")
        expectTrue(points[0].title == nil)
        expectTrue(points[0].description == nil)
        let error = try #require(throws: RemoteFormatError.self) {
            try RemotePoint.decodeList(json("""
                [{"id": "p1", "order": 1, "title": "A", "location": {"lat": 91, "lng": 2}, "triggerRadiusMeters": 150}]
                """), language: "en")
        }
        expectTrue(error.description.hasPrefix("points (en): [0].location: expected a position"))
    }

    @Test func voucherAnswersInBothShapes() throws {
        let expired = try RemoteVoucherAnswer(json(#"{"valid": false, "maxUses": 5, "usesSoFar": 1, "expiresAt": "2024-01-01T00:00:00Z"}"#))
        expectEqual(expired.refusal(code: "X", now: 1.8e9), "voucher X expired on 2024-01-01T00:00:00Z")
        let usedUp = try RemoteVoucherAnswer(json(#"{"valid": false, "maxUses": 5, "usesSoFar": 5, "expiresAt": null}"#))
        expectEqual(usedUp.refusal(code: "X", now: 1.8e9), "voucher X is used up (5 of 5 uses)")
        let deployed = try RemoteVoucherAnswer(json(#"{"success": true, "message": "Voucher redeemed successfully", "tourId": "t", "tourTitle": "T"}"#))
        expectTrue(deployed.valid)
    }
}
