import Foundation
import Testing
import WalkscapeTestSupport

/// `simulate --render FILE [--render-format F]` through the real binary: the size line on stderr before the
/// render, the size written after it, and byte-identical files from two runs. (`WalkRendererTests` checks
/// every format's bytes and sizes on a short render; a 33-minute WAV here would be 380 MB.)
@Suite(.serialized) struct SimulateRenderCLITests {
    static let arguments = ["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx"]

    /// A fresh temporary directory, removed by the caller.
    func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "walkscape-render-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    func size(_ path: String) throws -> Int {
        try #require((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue)
    }

    /// The size line's parts: (clock, path, label, size text).
    func sizeLine(_ stderr: String) throws -> (clock: String, path: String, label: String, size: String) {
        let line = try #require(stderr.split(separator: "\n").first { $0.hasPrefix("rendering ") }, "no size line in: \(stderr)")
        let match = try #require(try Regex(#"^rendering ([0-9:.]+) of audio to (.+) as (.+), 48 kHz stereo: (.+)$"#).wholeMatch(in: String(line)), "\(line)")
        return (String(match.output[1].substring!), String(match.output[2].substring!), String(match.output[3].substring!), String(match.output[4].substring!))
    }

    /// A size between 1 and 1000 MB as the CLI writes it: "8.1 MB".
    func formatMB(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1e6)
    }

    @Test func aFLACRenderSaysItsSizeFirstAndIsTheSameBytesTwice() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var files: [Data] = []
        for name in ["a.flac", "b.flac"] {
            let path = directory + "/" + name
            let result = try CLI.run(Self.arguments + ["--render", path])
            expectEqual(result.status, 0, "\(result.stderr)")
            let line = try sizeLine(result.stderr)
            expectEqual(line.path, path)
            expectEqual(line.label, "FLAC (16-bit)")
            expectEqual(line.clock, "33:00.0")
            expectEqual(line.size, "at most 380.2 MB (its size as 16-bit WAV; FLAC compresses it, silence to almost nothing)", "\(line.size)")
            // 33:00.0 at 48 kHz, 2 channels of 2 bytes: the 16-bit WAV's data size, which the FLAC file stays under.
            let written = try size(path)
            expectTrue(written < 1980 * 48000 * 4)
            let wrote = try #require(result.stderr.split(separator: "\n").last, "\(result.stderr)")
            expectEqual(wrote, "wrote \(formatMB(written)) to \(path)")
            files.append(try #require(FileManager.default.contents(atPath: path)))
        }
        expectTrue(files[0].starts(with: Array("fLaC".utf8)))
        expectEqual(files[0], files[1], "two renders of the same walk differ")
    }

    @Test func anUnknownOrOrphanRenderFormatIsAUsageError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bad = try CLI.run(Self.arguments + ["--render", directory + "/walk.wav", "--render-format", "mp3"])
        expectEqual(bad.status, 2)
        expectContains(bad.stderr, "--render-format must be one of wav16, wav32f, flac, got mp3.", "\(bad.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: directory + "/walk.wav"))
        let orphan = try CLI.run(Self.arguments + ["--render-format", "flac"])
        expectEqual(orphan.status, 2)
        expectContains(orphan.stderr, "--render-format is only used with --render FILE.", "\(orphan.stderr)")
    }
}
