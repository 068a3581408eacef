import Foundation
import Testing
import WalkscapeTestSupport

/// An output file named in a folder that does not exist: every option that writes a file says so, instead of
/// "cannot create a temporary file beside it".
@Suite struct OutputFolderCLITests {
    static let trace = "fixtures/traces/torino-portici-brisk.gpx"

    @Test(arguments: [
        ["simulate", "tours/torino-portici", "--trace", trace, "--svg", "DIR/out/x.svg"],
        ["simulate", "tours/torino-portici", "--trace", trace, "--events", "DIR/out/x.json"],
        ["simulate", "tours/torino-portici", "--trace", trace, "--render", "DIR/out/x.wav"],
        ["simulate", "tours/torino-portici", "--trace", trace, "--render", "DIR/out/x.flac"],
        ["convert", trace, "--format", "kml", "--output", "DIR/out/x.kml"],
        ["radii", "tours/torino-portici", "--trace", trace, "--svg", "DIR/out/x.svg"],
        ["check", "tours/torino-portici", "--trace", trace, "--lang", "it", "--expect", "fixtures/golden/torino-portici-brisk.jsonl", "--junit", "DIR/out/x.xml"],
    ])
    func aMissingOutputFolderIsNamed(arguments: [String]) throws {
        let dir = NSTemporaryDirectory() + "walkscape-out-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: dir) })
        expectEqual(result.status, 2, "\(result.stderr)")
        expectContains(result.stderr, "the folder \(dir)/out/ does not exist; create it first (mkdir -p \(dir)/out)", "\(result.stderr)")
        expectTrue(!result.stderr.contains("temporary file"), "\(result.stderr)")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: dir), [])
    }
}
