import Testing
import WalkscapeTestSupport
import WalkscapeTours

/// `ImageSignature`: a cover or point image told by its first bytes (issue 46, item 8).
@Suite struct ImageSignatureTests {
    @Test func signaturesAreToldByTheirFirstBytes() {
        expectEqual(ImageSignature.of([0xFF, 0xD8, 0xFF, 0xE0]), .jpeg)
        expectEqual(ImageSignature.of(Array("GIF89a".utf8)), .gif)
        expectEqual(ImageSignature.of(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)), .webp)
        expectEqual(ImageSignature.of([0, 0, 0, 0x1C] + Array("ftypavif".utf8)), .heif)
        expectEqual(ImageSignature.of([0x1F, 0x8B]), .gzip)
        expectEqual(ImageSignature.of([0x89, 0x50]), nil)
        expectEqual(ImageSignature.of([]), nil)
    }
}
