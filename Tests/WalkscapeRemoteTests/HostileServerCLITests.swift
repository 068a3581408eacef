import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// Issue 13's E2 and C6 through the binary: what a hostile backend sends is sanitised and range-checked where
/// it enters, so `download` and `remote tours` neither echo escapes nor trap.
@Suite struct HostileServerCLITests {
    func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80..<0xA0).contains($0.value) }
    }

    @Test func e2ASlugWithAnEscapeSequenceIsNeverEchoedRaw() throws {
        let tours = try TemporaryDirectory()
        let dest = try TemporaryDirectory()
        defer {
            tours.remove()
            dest.remove()
        }
        // The test server names each tour after its directory: the slug is `x\u001b[2J` (clear the screen).
        let slug = "x\u{1B}[2J"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tours/torino-portici", toPath: tours.path + "/" + slug)
        let server = try APIServer(tours: tours.path)
        defer { server.stop() }
        let id = try server.deployedID(slug)
        let list = try Walkscape.run(["remote", "tours", "--api", server.deployed])
        expectEqual(list.status, 0, "\(list.stderr)")
        expectTrue(!hasControls(list.stdout) && !hasControls(list.stderr))
        let download = try Walkscape.run(["download", "--api", server.deployed, id, "--lang", "it", "--dest", dest.path])
        expectTrue(download.status != 132)
        expectTrue(!hasControls(download.stdout), "\(download.stdout)")
        expectTrue(!hasControls(download.stderr), "\(download.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: dest.path + "/" + slug), "no directory named with the escape")
    }
}
