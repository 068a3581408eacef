import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// A small valid tour document: two points 500 m apart in Turin, Italian and English tracks.
let sampleTourJSON = """
{
  "formatVersion": 1,
  "id": "t", "slug": "t", "version": 2, "city": "Torino", "durationMinutes": 30, "distanceKm": 0.6,
  "languages": ["it", "en"], "isProtected": false,
  "title": {"it": "Giro", "en": "Walk"},
  "startingPoint": {"lat": 45.0700, "lng": 7.6860},
  "routePolyline": "45.0700,7.6860;45.0745,7.6860",
  "futureField": {"kept": true},
  "points": [
    {"id": "b", "order": 2, "location": {"lat": 45.0745, "lng": 7.6860}, "triggerRadiusMeters": 150,
     "title": {"it": "Due", "en": "Two"},
     "tracks": {"it": {"audio": {"file": "audio/it/2.mp3", "fileSizeBytes": 10, "sha256": "\(String(repeating: "a", count: 64))"}},
                "en": {"audio": {"file": "audio/en/2.mp3"}}}},
    {"id": "a", "order": 1, "location": {"lat": 45.0700, "lng": 7.6860}, "triggerRadiusMeters": 120,
     "title": {"it": "Uno", "en": "One"},
     "tracks": {"it": {"audio": {"file": "audio/it/1.wav"}, "subtitles": {"it": {"file": "subtitles/it/1.it.srt"}, "en": {"file": "subtitles/it/1.en.srt"}}},
                "en": {"audio": {"file": "audio/en/1.mp3"}}}}
  ]
}
"""

func decode(_ json: JSONValue) -> TourDecoding { TourDecoder(file: "tour.json").decode(json) }

func sampleDocument() -> JSONValue { try! JSONParser().parse(sampleTourJSON) }

func messages(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map { "\($0.location): \($0.severity): \($0.message)" } }

@Suite struct TourDecoderTests {
    @Test func decodesAValidTourSortedByOrder() throws {
        let result = decode(sampleDocument())
        expectTrue(result.diagnostics.isEmpty, "\(messages(result.diagnostics))")
        let tour = try #require(result.tour)
        expectEqual(tour.points.map(\.id), ["a", "b"])
        expectEqual(tour.points.map(\.fileIndex), [1, 0])
        expectTrue(tour.points[0].track("it")?.subtitles.map(\.language) == ["it", "en"])
        expectTrue(tour.points[1].track("it")?.audio.sha256 == String(repeating: "a", count: 64))
        expectTrue(tour.points[1].track("it")?.audio.path.description == "points[0].tracks.it.audio")
        expectTrue(tour.route?.encoding == .latLngList)
        expectTrue(tour.route?.points.count == 2)
        expectEqual(tour.language(for: "en"), "en")
        expectEqual(tour.language(for: "fr"), "it")
        expectEqual(tour.language(for: "en-GB"), "en")
        expectEqual(tour.assets.count, 6)
    }

    @Test func acceptsTheDraftAPIsEncodedRoute() throws {
        var doc = sampleDocument()
        guard case var .object(members) = doc else { return }
        members.removeAll { $0.key == "routePolyline" }
        members.append((key: "routePreview", value: .object([("polyline", .string("_p~iF~ps|U_ulLnnqC_mqNvxq`@"))])))
        doc = .object(members)
        let tour = try #require(decode(doc).tour)
        expectTrue(tour.route?.encoding == .googleEncoded)
        expectTrue(tour.route?.points.first == LatLng(lat: 38.5, lng: -120.2))
    }

    func problems(_ change: (inout JSONValue) -> Void) -> [String] {
        var doc = sampleDocument()
        change(&doc)
        return messages(decode(doc).diagnostics)
    }

    @Test func namesEveryShapeProblemByFieldPath() {
        let found = problems { doc in
            doc.setMember("version", to: .string("3"))
            doc.setMember("languages", to: .array([.string("it"), .string("EN"), .string("it")]))
            doc.modify(at: [.key("points"), .index(0)]) { point in
                point.setMember("triggerRadiusMeters", to: .number("-5"))
                point.setMember("location", to: .object([("lat", .number("91")), ("lng", .number("7"))]))
            }
            doc.modify(at: [.key("points"), .index(1), .key("tracks"), .key("it"), .key("audio")]) {
                $0.setMember("sha256", to: .string("xyz"))
                $0.setMember("fileSizeBytes", to: .number("1.5"))
            }
        }
        expectTrue(found.contains("version: error: expected a whole number ≥ 1, got the string \"3\""))
        expectTrue(found.contains("languages[1]: error: expected a language code like \"it\" or \"en\", got the string \"EN\""))
        expectTrue(found.contains("languages[2]: error: \"it\" is listed twice"))
        expectTrue(found.contains("points[0].triggerRadiusMeters: error: expected a number of metres > 0 and ≤ 100000, got -5"))
        expectTrue(found.contains("points[0].location.lat: error: expected a latitude in -90…90, got 91"))
        expectTrue(found.contains("points[1].tracks.it.audio.sha256: error: expected 64 hex digits (a SHA-256 digest), got the string \"xyz\""))
        expectTrue(found.contains("points[1].tracks.it.audio.fileSizeBytes: error: expected a whole number of bytes from 0 to 2^40 (1 TiB), got the number 1.5"))
    }

    @Test func reportsMissingRequiredFields() {
        let found = problems { doc in
            guard case var .object(members) = doc else { return }
            members.removeAll { ["city", "startingPoint"].contains($0.key) }
            doc = .object(members)
            doc.modify(at: [.key("points"), .index(0), .key("tracks"), .key("en")]) { $0 = .object([]) }
        }
        expectTrue(found.contains("city: error: missing, expected a string"))
        expectTrue(found.contains("startingPoint: error: missing, expected an object {\"lat\": …, \"lng\": …}"))
        expectTrue(found.contains("points[0].tracks.en.audio: error: missing, expected an audio asset"))
    }

    @Test func rejectsUnsafeAssetPathsAndWrongExtensions() {
        let found = problems { doc in
            doc.modify(at: [.key("points"), .index(0), .key("tracks"), .key("it"), .key("audio")]) { $0.setMember("file", to: .string("../../etc/passwd.mp3")) }
            doc.modify(at: [.key("points"), .index(0), .key("tracks"), .key("en"), .key("audio")]) { $0.setMember("file", to: .string("/tmp/a.mp3")) }
            doc.modify(at: [.key("points"), .index(1), .key("tracks"), .key("en"), .key("audio")]) { $0.setMember("file", to: .string("audio/en/1.wma")) }
            doc.modify(at: [.key("points"), .index(1), .key("tracks"), .key("it"), .key("subtitles"), .key("it")]) { $0.setMember("file", to: .string("s.vtt")) }
        }
        expectTrue(found.contains("points[0].tracks.it.audio.file: error: path \"../../etc/passwd.mp3\" goes up with '..', it must stay inside the tour directory"))
        expectTrue(found.contains("points[0].tracks.en.audio.file: error: absolute path \"/tmp/a.mp3\", expected a path relative to the tour directory"))
        expectTrue(found.contains("points[1].tracks.en.audio.file: error: \"audio/en/1.wma\" is not an audio file name, expected one ending in .mp3, .wav, .m4a, .mp4, .aac, .ogg, .oga, .opus, .flac"))
        expectTrue(found.contains("points[1].tracks.it.subtitles.it.file: error: \"s.vtt\" is not an .srt file, expected SubRip subtitles"))
    }

    @Test func nullOptionalTextsAreAbsentAndUppercaseDigestsAreWarned() throws {
        var doc = sampleDocument()
        doc.setMember("completionMessage", to: .null)
        doc.modify(at: [.key("points"), .index(0), .key("tracks"), .key("it"), .key("audio")]) {
            $0.setMember("sha256", to: .string(String(repeating: "A", count: 64)))
        }
        let result = decode(doc)
        expectEqual(messages(result.diagnostics), [
            "points[0].tracks.it.audio.sha256: warning: write the digest in lowercase hex (the schema requires it); `walkscape manifest` rewrites it"
        ])
        expectTrue(result.tour?.completionMessage == nil)
        expectTrue(result.tour?.points[1].track("it")?.audio.sha256 == String(repeating: "a", count: 64))
    }

    @Test func donationURLIsAnOptionalHTTPLink() throws {
        var doc = sampleDocument()
        doc.setMember("donationUrl", to: .string("https://www.paypal.com/donate/?hosted_button_id=X"))
        var result = decode(doc)
        expectEqual(messages(result.diagnostics), [])
        expectTrue(result.tour?.donationUrl == "https://www.paypal.com/donate/?hosted_button_id=X")
        doc.setMember("donationUrl", to: .null)
        result = decode(doc)
        expectTrue(result.tour?.donationUrl == nil)
        expectTrue(decode(sampleDocument()).tour?.donationUrl == nil)
        for bad: JSONValue in [.string("javascript:alert(1)"), .string("https://a b"), .number("3"), .string("https://x\u{1B}]0;t")] {
            doc.setMember("donationUrl", to: bad)
            let found = messages(decode(doc).diagnostics)
            expectTrue(found.count == 1 && found[0].hasPrefix("donationUrl: error: expected an http or https link"), "\(found)")
        }
    }

    @Test func refusesOtherFormatVersions() {
        var doc = sampleDocument()
        doc.setMember("formatVersion", to: .integer(2))
        let result = decode(doc)
        expectTrue(result.tour == nil)
        expectEqual(messages(result.diagnostics), ["formatVersion: error: formatVersion 2 is newer than this walkscape reads (1); update walkscape"])
        expectTrue(decode(.array([])).tour == nil)
    }

    @Test func reportsUndecodableRoutes() {
        let found = problems { $0.setMember("routePolyline", to: .string("45.07,7.68;north,7.69")) }
        expectTrue(found.contains("routePolyline: error: cannot decode the route at character 12: pair 2 is \"north,7.69\", expected \"lat,lng\" with two numbers"))
    }
}

@Suite struct TourRulesTests {
    func ruleProblems(_ change: (inout JSONValue) -> Void) -> [String] {
        var doc = sampleDocument()
        change(&doc)
        let tour = decode(doc).tour!
        return messages(TourRules(file: "tour.json").check(tour))
    }

    @Test func aGoodTourHasNoProblems() {
        expectTrue(ruleProblems { _ in }.isEmpty)
    }

    @Test func duplicateIDs() {
        let found = ruleProblems { $0.modify(at: [.key("points"), .index(1)]) { $0.setMember("id", to: .string("b")) } }
        expectEqual(found, ["points[1].id: error: duplicate id \"b\", already used by points[0]; every point needs its own id"])
    }

    @Test func orderGapsAndRepeats() {
        let gap = ruleProblems { $0.modify(at: [.key("points"), .index(0)]) { $0.setMember("order", to: .integer(3)) } }
        expectTrue(gap.contains("points[0].order: error: order 3 is beyond the number of points (2); orders must be exactly 1…2"))
        expectTrue(gap.contains("points: error: orders must be exactly 1…2 with no gaps: 2 is missing"))
        let repeated = ruleProblems { $0.modify(at: [.key("points"), .index(0)]) { $0.setMember("order", to: .integer(1)) } }
        expectTrue(repeated.contains("points[1].order: error: order 1 is also used by points[0]; orders must be exactly 1…2"))
    }

    @Test func missingLanguageTrack() {
        let found = ruleProblems { $0.modify(at: [.key("points"), .index(0), .key("tracks")]) { tracks in
            guard case var .object(m) = tracks else { return }
            m.removeAll { $0.key == "en" }
            tracks = .object(m)
        } }
        expectEqual(found, ["points[0].tracks: error: no \"en\" track, but the tour's languages list \"en\"; add the recording or remove the language"])
    }

    @Test func radiusWarnings() {
        let found = ruleProblems { $0.modify(at: [.key("points"), .index(0)]) { $0.setMember("triggerRadiusMeters", to: .integer(40)) } }
        expectEqual(found.count, 1)
        expectTrue(found[0].hasPrefix("points[0].triggerRadiusMeters: warning: 40 m is outside the usual 100–300 m"))
    }

    @Test func overlappingRegionsAndAFarStart() {
        let found = ruleProblems { doc in
            doc.modify(at: [.key("points"), .index(0)]) { $0.setMember("triggerRadiusMeters", to: .integer(300)) }
            doc.modify(at: [.key("points"), .index(1)]) { $0.setMember("triggerRadiusMeters", to: .integer(250)) }
            doc.setMember("startingPoint", to: .object([("lat", .number("45.0650")), ("lng", .number("7.6860"))]))
        }
        expectTrue(found.contains { $0.hasPrefix("points[0]: warning: region of point 2 overlaps point 1's: centres 500 m apart < 250 + 300 m") })
        expectTrue(found.contains { $0.hasPrefix("startingPoint: warning: the starting point is 556 m from point 1, outside its 250 m region") })
    }

    @Test func pointsFarFromTheRoute() {
        let found = ruleProblems { $0.setMember("routePolyline", to: .string("45.0700,7.7000;45.0745,7.7000")) }
        expectTrue(found.contains { $0.hasPrefix("points[1].location: warning: point 1 is 1099 m from the route") }, "\(found)")
    }

    @Test func missingTranslationsAreWarnings() {
        let found = ruleProblems { doc in
            doc.modify(at: [.key("points"), .index(0)]) {
                $0.setMember("title", to: .object([("it", .string("Due"))]))
                $0.setMember("description", to: .object([("en", .string("Two"))]))
            }
            doc.setMember("completionMessage", to: .object([("it", .string("Grazie"))]))
        }
        expectEqual(found, [
            "points[0].title: warning: no text in \"en\"; readers of that language see \"it\"",
            "points[0].description: warning: no text in \"it\"; readers of that language see \"en\"",
            "completionMessage: warning: no text in \"en\"; readers of that language see \"it\"",
        ])
    }
}
