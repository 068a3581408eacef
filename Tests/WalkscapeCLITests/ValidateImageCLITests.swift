import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// Issue 46, item 8: a cover the server sent gzip-encoded and stored as it came (`cover.png` holding gzip data)
/// passed `validate`. The cover and point images are told by their first bytes.
@Suite struct ValidateImageCLITests {
    /// A copy of the Turin tour whose cover is `bytes` (sizes and digests written by `manifest`).
    static func tour(withCover bytes: [UInt8]) throws -> String {
        let root = NSTemporaryDirectory() + "walkscape-cover-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let tour = root + "/torino-portici"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tours/torino-portici", toPath: tour)
        try Data(bytes).write(to: URL(fileURLWithPath: tour + "/cover.png"))
        var document = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: tour + "/tour.json"))))
        document.setMember("cover", to: .object([("file", .string("cover.png")), ("fileSizeBytes", .integer(0)), ("sha256", .string(String(repeating: "0", count: 64)))]))
        try Data(JSONWriter().write(document).utf8).write(to: URL(fileURLWithPath: tour + "/tour.json"))
        let manifest = try CLI.run(["manifest", tour])
        try #require(manifest.status == 0, "\(manifest.stderr)")
        return tour
    }

    @Test func aGzipCoverIsAnErrorAndBytesThatAreNoImageAWarning() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 40)
        let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0, count: 40)
        let text = Array("<html>not found</html>".utf8)
        for (bytes, status, fragment) in [(png, Int32(0), nil), (gzip, 1, "cover.png: error: gzip-compressed data, not an image"),
                                         (text, 0, "cover.png: warning: not a PNG, JPEG, GIF, WebP or HEIF/AVIF image")] as [([UInt8], Int32, String?)] {
            let tour = try Self.tour(withCover: bytes)
            defer { try? FileManager.default.removeItem(atPath: (tour as NSString).deletingLastPathComponent) }
            let result = try CLI.run(["validate", tour])
            expectEqual(result.status, status, "\(result.stdout)\(result.stderr)")
            let output = result.stdout + result.stderr
            if let fragment { expectContains(output, fragment, "\(output)") } else { expectTrue(!output.contains("cover.png"), "\(output)") }
        }
    }
}
