import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTours

/// A tour's subtitle file read through its asset: parsed when it is one, refused when it is too large to be.
@Suite struct AssetFileTests {
    @Test func aSubtitleAssetIsReadAndParsedAndAnOversizedOneRefused() throws {
        let sandbox = try TourSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let location = try TourLocation(argument: sandbox.directory)
        let document = try AssetFile(Asset(file: "subtitles/it/p1.it.srt"), in: location).subtitles()
        expectEqual(document.cues.map(\.text), ["Benvenuti."])
        expectTrue(document.cues.first?.startMs == 100)

        try sandbox.write([UInt8](repeating: UInt8(ascii: "a"), count: SRTParser.maxFileBytes + 1), to: "subtitles/it/big.srt")
        #expect(throws: AssetFileError("larger than 16 MiB; not a subtitle file")) {
            try AssetFile(Asset(file: "subtitles/it/big.srt"), in: location).subtitles()
        }
    }
}
