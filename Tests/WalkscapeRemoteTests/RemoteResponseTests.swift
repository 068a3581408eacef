import WalkscapeTestSupport
import Testing
import WalkscapeCore

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
        #expect(detail.coverURL == "https://cdn/x.jpg")
        #expect(detail.routePolyline == "45.1,7.6;45.2,7.7")
        #expect(detail.startingPoint == nil)
        #expect(detail.description == nil)
        #expect(detail.completionMessage == nil)
        #expect(detail.busInfo == "Bus 4")
        #expect(detail.hasAccess == true)
        #expect(detail.estimatedSizeMb == 180)
    }

    /// Lists come bare or wrapped (`{"tours": […]}`, `{"points": […]}`); anything else is one error naming
    /// the response, and a bad element's error names its path inside the wrapper.
    @Test func listsAreReadBareOrWrappedAndAnythingElseIsAClearError() throws {
        let point = #"{"id": "p1", "order": 1, "title": "A", "description": "", "location": {"lat": 45, "lng": 7}, "triggerRadiusMeters": 150}"#
        #expect(try RemotePoint.decodeList(json("[\(point)]"), language: "it").map(\.id) == ["p1"])
        #expect(try RemotePoint.decodeList(json(#"{"points": [\#(point)]}"#), language: "it").map(\.id) == ["p1"])
        let notAList = try #require(throws: RemoteFormatError.self) { try RemotePoint.decodeList(json(#"{"data": 3}"#), language: "it") }
        #expect(notAList.description.hasPrefix("points (it): "))
        #expect(notAList.message.hasPrefix("expected an array of points, got "))
        let badElement = try #require(throws: RemoteFormatError.self) { try RemotePoint.decodeList(json(#"{"points": [{"id": "p1"}]}"#), language: "it") }
        #expect(badElement.path.description.hasPrefix("points[0]"), "\(badElement)")
        let tours = try #require(throws: RemoteFormatError.self) { try RemoteTourSummary.decodeList(json("42")) }
        #expect(tours.description.hasPrefix("tour list: "))
        #expect(tours.message.hasPrefix("expected an array of tours, got "))
    }

    @Test func draftDetailReadsCoverImageURLAndRoutePreview() throws {
        let detail = try RemoteTourDetail(json("""
            {"id": "t", "slug": "t", "title": "T", "description": "D", "city": "C", "durationMinutes": 5, "distanceKm": 1,
             "languages": ["en"], "isProtected": true, "coverImageUrl": "/media/c.png",
             "startingPoint": {"lat": 45, "lng": 7}, "routePreview": {"polyline": "_p~iF~ps|U_ulLnnqC"},
             "downloadInfo": {"estimatedSizeMb": 2.5, "isDownloaded": false}}
            """), language: "en")
        #expect(detail.coverURL == "/media/c.png")
        #expect(detail.routePreviewPolyline == "_p~iF~ps|U_ulLnnqC")
        #expect(detail.routePolyline == nil)
        #expect(detail.startingPoint == LatLng(lat: 45, lng: 7))
        #expect(detail.hasAccess == nil)
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
        #expect(error.description == "manifest (it): audio[1].fileSizeBytes: expected a whole number of bytes from 0 to 2^40 (1 TiB), got the string \"12\"")
    }

    @Test func listReadsBothCoverNamesAndLocalizedTitles() throws {
        let tours = try RemoteTourSummary.decodeList(json("""
            [{"id": "a", "slug": "a", "title": {"it": "A it", "en": "A en"}, "descriptionPreview": {"it": "…"}, "city": "X",
              "durationMinutes": 10, "distanceKm": 1.5, "languages": ["it", "en"], "isProtected": false, "imageUrl": null},
             {"id": "b", "slug": "b", "title": {"fr": "B"}, "city": "Y", "durationMinutes": 20, "distanceKm": 2,
              "languages": ["fr"], "isProtected": true, "coverImageUrl": "https://c/b.jpg"}]
            """))
        #expect(tours.map(\.id) == ["a", "b"])
        #expect(tours[0].title["en"] == "A en")
        #expect(tours[0].coverURL == nil)
        #expect(tours[1].coverURL == "https://c/b.jpg")
        #expect(tours[1].isProtected)
    }

    @Test func pointsDropTheBackendsStandIns() throws {
        let points = try RemotePoint.decodeList(json("""
            [{"id": "p1", "order": 1, "title": "Untitled Point", "description": "", "location": {"lat": 1, "lng": 2}, "triggerRadiusMeters": 150}]
            """), language: "en")
        #expect(points[0].title == nil)
        #expect(points[0].description == nil)
        let error = try #require(throws: RemoteFormatError.self) {
            try RemotePoint.decodeList(json("""
                [{"id": "p1", "order": 1, "title": "A", "location": {"lat": 91, "lng": 2}, "triggerRadiusMeters": 150}]
                """), language: "en")
        }
        #expect(error.description.hasPrefix("points (en): [0].location: expected a position"))
    }

    @Test func voucherAnswersInBothShapes() throws {
        let expired = try RemoteVoucherAnswer(json(#"{"valid": false, "maxUses": 5, "usesSoFar": 1, "expiresAt": "2024-01-01T00:00:00Z"}"#))
        #expect(expired.refusal(code: "X", now: 1.8e9) == "voucher X expired on 2024-01-01T00:00:00Z")
        let usedUp = try RemoteVoucherAnswer(json(#"{"valid": false, "maxUses": 5, "usesSoFar": 5, "expiresAt": null}"#))
        #expect(usedUp.refusal(code: "X", now: 1.8e9) == "voucher X is used up (5 of 5 uses)")
        let deployed = try RemoteVoucherAnswer(json(#"{"success": true, "message": "Voucher redeemed successfully", "tourId": "t", "tourTitle": "T"}"#))
        #expect(deployed.valid)
    }
}
