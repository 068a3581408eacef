import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeRemoteModel

/// The crashes of issue 13 found in the API's answers (C6) and the server's strings (E2): numbers kept in
/// range and strings sanitised where they enter.
@Suite struct HostileRemoteInputTests {
    func json(_ text: String) throws -> JSONValue { try JSONParser().parse(text) }
    // MARK: C6 and the API's numbers

    @Test func c6ManifestFileSizeOfIntMaxIsAFormatError() throws {
        let text = """
            {"tourId": "t", "language": "it", "version": 2, "audio": [
              {"pointId": "p1", "order": 1, "fileUrl": "a.mp3", "fileSizeBytes": 9223372036854775807}],
             "images": [], "subtitles": []}
            """
        let error = try #require(throws: RemoteFormatError.self) { try RemoteManifest(json(text), language: "it") }
        expectEqual(error.description, "manifest (it): audio[0].fileSizeBytes: expected a whole number of bytes from 0 to 2^40 (1 TiB), got the number 9223372036854775807")
    }

    @Test func remoteDurationsAndVoucherCountsAreBounded() throws {
        let list = #"[{"id": "a", "slug": "a", "title": "A", "city": "X", "durationMinutes": 1e308, "distanceKm": 1, "languages": ["it"], "isProtected": false}]"#
        let error = try #require(throws: RemoteFormatError.self) { try RemoteTourSummary.decodeList(json(list)) }
        expectContains(error.description, "[0].durationMinutes: expected a number of minutes from 0 to 10080 or null, got the number 1e308", "\(error)")
        let voucher = try #require(throws: RemoteFormatError.self) { try RemoteVoucherAnswer(json(#"{"valid": true, "maxUses": 1e308}"#)) }
        expectContains(voucher.description, "maxUses: expected a whole number from 0 to 10^9 or null")
        #expect(try RemoteVoucherAnswer(json(#"{"valid": true, "maxUses": 5.0, "usesSoFar": 1}"#)).maxUses == 5)
    }

    // MARK: E2 strings from a server

    @Test func e2ServerStringsAreSanitisedWhereTheyEnter() throws {
        let list = #"[{"id": "a", "slug": "x\u001b[2J", "title": {"it": "T\u001b]52;c;ZXZpbA==\u0007itolo"}, "city": "X\u009b31m", "durationMinutes": 5, "distanceKm": 1, "languages": ["it"], "isProtected": false}]"#
        let tour = try #require(try RemoteTourSummary.decodeList(json(list)).first)
        expectEqual(tour.slug, "x")
        expectEqual(tour.city, "X31m")
        expectEqual(tour.title.entries.map(\.text), ["Titolo"])
    }
}
