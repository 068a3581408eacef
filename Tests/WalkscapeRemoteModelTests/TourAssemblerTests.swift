import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeRemoteModel

/// The pure merge of per-language API answers into one tour.json.
@Suite struct TourAssemblerTests {
    func bundle(_ language: String, audio: [(String, Int)] = [("p1", 1), ("p2", 2)], subtitles: [(String, String)] = [], version: Int = 1,
        title: String = "T", cover: String? = nil) throws -> RemoteLanguageBundle
    {
        let coverJSON = cover.map { ", \"imageUrl\": \"\($0)\"" } ?? ""
        let detail = try RemoteTourDetail(JSONParser().parse("""
            {"id": "t1", "slug": "my tour", "title": "\(title) \(language)", "description": "", "city": "C", "durationMinutes": 30,
             "distanceKm": 1.5, "languages": ["it", "en"], "isProtected": false, "startingPoint": {"lat": null, "lng": null},
             "routePolyline": "45,7;45.001,7.001"\(coverJSON)}
            """), language: language)
        let points = try RemotePoint.decodeList(JSONParser().parse("""
            [{"id": "p1", "order": 1, "title": "One \(language)", "description": "", "location": {"lat": 45, "lng": 7}, "triggerRadiusMeters": 150},
             {"id": "p2", "order": 2, "title": "Untitled Point", "description": "D", "location": {"lat": 45.001, "lng": 7.001}, "triggerRadiusMeters": 120.5}]
            """), language: language)
        let audioJSON = audio.map { #"{"pointId": "\#($0.0)", "order": \#($0.1), "fileUrl": "https://cdn/\#(language)/\#($0.0).WAV?sig=1", "fileSizeBytes": 10}"# }
        let subtitleJSON = subtitles.map { #"{"pointId": "\#($0.0)", "language": "\#($0.1)", "fileUrl": "s/\#($0.0).\#($0.1).srt", "fileSizeBytes": 5}"# }
        let manifest = try RemoteManifest(JSONParser().parse("""
            {"tourId": "t1", "language": "\(language)", "version": \(version), "audio": [\(audioJSON.joined(separator: ","))],
             "images": [], "subtitles": [\(subtitleJSON.joined(separator: ","))]}
            """), language: language)
        return RemoteLanguageBundle(language: language, detail: detail, points: points, manifest: manifest)
    }

    @Test func mergesLanguagesInTheToursOrderWithTracksAndSubtitles() throws {
        let tour = try TourAssembler.assemble([
            bundle("en", subtitles: [("p1", "en")], version: 3),
            bundle("it", subtitles: [("p1", "it"), ("p1", "en")], version: 2, cover: "https://cdn/c.PNG?x=1"),
        ])
        expectEqual(tour.languages, ["it", "en"])
        expectEqual(tour.version, 3)
        expectEqual(tour.directoryName, "my_tour")
        expectEqual(tour.files.map(\.localPath), [
            "cover.png", "audio/it/p1.wav", "subtitles/it/p1.it.srt", "subtitles/it/p1.en.srt", "audio/en/p1.wav", "subtitles/en/p1.en.srt",
            "audio/it/p2.wav", "audio/en/p2.wav",
        ])
        expectEqual(tour.totalBytes, 4 * 10 + 3 * 5)  // 4 audio files of 10 bytes, 3 subtitles of 5, the cover unknown
        let document = tour.completed(Dictionary(uniqueKeysWithValues: tour.files.map { ($0.localPath, (size: 9, sha256: String(repeating: "a", count: 64))) }))
        let decoded = TourDecoder(file: "tour.json").decode(document)
        expectTrue(!decoded.diagnostics.hasErrors, "\(decoded.diagnostics)")
        let model = try #require(decoded.tour)
        expectEqual(model.title["en"], "T en")
        expectTrue(model.description == nil)  // empty strings are the backend's "missing"
        expectEqual(model.startingPoint, LatLng(lat: 45, lng: 7))  // null starting point: the first point's location
        // No language had a title for p2: the backend's stand-in is kept, once, so that the title is not empty.
        expectEqual(model.points[1].title, LocalizedText(language: "it", text: RemotePoint.untitled))
        expectEqual(model.points[1].triggerRadiusMeters, 120.5)
        expectTrue(model.points[0].track("it")?.subtitles.map(\.language) == ["it", "en"])
        expectTrue(model.cover?.fileSizeBytes == 9)
    }

    @Test func aMissingRecordingIsAnErrorNamingTheManifestAndPoint() throws {
        let error = try #require(throws: TourAssemblyError.self) {
            try TourAssembler.assemble([bundle("it"), bundle("en", audio: [("p1", 1)])])
        }
        expectTrue(error.message.hasPrefix("manifest (en): no audio for point \"p2\" (order 2)"))
        let mismatch = try #require(throws: TourAssemblyError.self) {
            try TourAssembler.assemble([bundle("it", audio: [("p1", 2), ("p2", 1)])])
        }
        expectEqual(mismatch.message, "manifest (it): audio[0].order: 2, but point \"p1\" has order 1")
    }

    @Test func namesAreSafePathComponents() {
        expectEqual(TourAssembler.safeName("../etc/passwd"), "_._etc_passwd")
        expectEqual(TourAssembler.safeName(""), "_")
        expectEqual(TourAssembler.extensionOf("https://x/a/b.MP3?sig=a.wav", allowed: ["mp3", "wav"], fallback: "mp3"), "mp3")
        expectEqual(TourAssembler.extensionOf("https://x/a/b.m4a", allowed: ["mp3", "wav"], fallback: "mp3"), "mp3")
    }
}
