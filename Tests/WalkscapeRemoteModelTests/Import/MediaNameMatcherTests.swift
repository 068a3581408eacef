import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeRemoteModel

/// Recordings and subtitles matched to points and languages by their names alone.
@Suite struct MediaNameMatcherTests {
    let matcher = MediaNameMatcher(
        points: [.init(id: "p1", order: 1), .init(id: "p1-bis", order: 2), .init(id: "castello", order: 3), .init(id: "po", order: 10)],
        languages: ["it", "en"])

    func key(_ order: Int, _ language: String) -> MediaNameMatcher.Key { .init(order: order, language: language) }

    @Test func namesByIdOrderAndFolder() throws {
        let matches = try matcher.match([
            "audio/it/p1.mp3", "p1-bis.en.wav", "03-it.m4a", "en/castello.mp3", "stop 10_en.flac", "it/10.ogg",
            "intro.mp3", "readme.txt", "p1.mp3",
        ])
        expectEqual(matches.audio, [
            key(1, "it"): "audio/it/p1.mp3", key(2, "en"): "p1-bis.en.wav", key(3, "it"): "03-it.m4a",
            key(3, "en"): "en/castello.mp3", key(10, "en"): "stop 10_en.flac", key(10, "it"): "it/10.ogg",
        ])
        // Neither a point nor a language: listed with the reason; other kinds of files are not mentioned.
        expectEqual(matches.ignored.map(\.path), ["intro.mp3", "p1.mp3"])
        expectTrue(matches.ignored[1].reason.contains("names no language of the tour (it, en)"))
    }

    @Test func subtitlesNameTheirRecordingThenTheirLanguage() throws {
        let matches = try matcher.match(["1.it.srt", "1.it.en.srt", "subtitles/en/p1.en.srt", "it/castello.fr.srt", "po.srt"])
        expectEqual(matches.subtitles[key(1, "it")], [.init(language: "it", path: "1.it.srt"), .init(language: "en", path: "1.it.en.srt")])
        expectEqual(matches.subtitles[key(1, "en")], [.init(language: "en", path: "subtitles/en/p1.en.srt")])
        expectEqual(matches.subtitles[key(3, "it")], [.init(language: "fr", path: "it/castello.fr.srt")])
        expectEqual(matches.ignored.map(\.path), ["po.srt"])
    }

    @Test func oneLanguageNeedsNoneInTheName() throws {
        let single = MediaNameMatcher(points: [.init(id: "a", order: 1)], languages: ["pt-BR"])
        let matches = try single.match(["1.mp3", "a.pt-BR.srt"])
        expectEqual(matches.audio, [key(1, "pt-BR"): "1.mp3"])
        expectTrue(matches.subtitles[key(1, "pt-BR")]?.map(\.language) == ["pt-BR"])
    }

    @Test func twoRecordingsOfOnePointAreRefused() {
        #expect(throws: MediaNameMatcher.Conflict(message: "01.it.mp3 and it/p1.wav are both recordings of point 1 (p1) in it; keep one of them")) {
            try matcher.match(["it/p1.wav", "01.it.mp3"])
        }
    }
}
