import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeSystem

@Suite struct MessageDigestTests {
    /// FIPS 180-2's and RFC 1321's own examples.
    @Test func theStandardsExamples() {
        expectEqual(MessageDigest.hex(MessageDigest.hash(.sha256, Data("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        expectEqual(MessageDigest.hex(MessageDigest.hash(.sha256, Data())), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        expectEqual(
            MessageDigest.hex(MessageDigest.hash(.sha256, Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        expectEqual(MessageDigest.hex(MessageDigest.hash(.md5, Data("abc".utf8))), "900150983cd24fb0d6963f7d28e17f72")
        expectEqual(MessageDigest.hex(MessageDigest.hash(.md5, Data())), "d41d8cd98f00b204e9800998ecf8427e")
    }

    @Test func piecesGiveTheDigestOfTheWholeAndFinalizeStartsOver() {
        var bytes = [UInt8](repeating: 0, count: 300_001)
        var state: UInt32 = 12345
        for index in bytes.indices {
            state = state &* 1_103_515_245 &+ 12345
            bytes[index] = UInt8(truncatingIfNeeded: state >> 16)
        }
        let whole = MessageDigest.hash(.sha256, Data(bytes))
        let digest = MessageDigest(.sha256)
        var offset = 0
        for size in [0, 1, 63, 64, 65, 4096, 100_000] {
            bytes[offset..<offset + size].withUnsafeBytes { digest.update($0) }
            offset += size
        }
        digest.update(Data(bytes[offset...]))
        expectEqual(digest.finalize(), whole)
        expectEqual(digest.finalizeHex(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "after finalize, the digest is of nothing yet")
        digest.update(Data("abc".utf8))
        expectEqual(digest.finalizeHex(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// coreutils' sha256sum and md5sum as the oracle, on a file of the repository.
    @Test func coreutilsAgreesOnAFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("tours/torino-portici/tour.json").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        for (algorithm, tool) in [(MessageDigest.Algorithm.sha256, "/usr/bin/sha256sum"), (.md5, "/usr/bin/md5sum")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = [path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            expectEqual(process.terminationStatus, 0)
            expectEqual(MessageDigest.hex(MessageDigest.hash(algorithm, data)), String(output.prefix { $0 != " " }))
        }
    }

    @Test func hexIsTwoLowercaseDigitsAByte() {
        expectEqual(MessageDigest.hex([0x00, 0x0f, 0xa0, 0xff]), "000fa0ff")
        expectEqual(MessageDigest.hex([UInt8]()), "")
    }
}
