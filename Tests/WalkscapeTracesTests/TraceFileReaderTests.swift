import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTraces

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A fresh temporary directory, removed by `remove()`.
struct Scratch {
    let path = NSTemporaryDirectory() + "walkscape-traces-\(UUID().uuidString)"
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let full = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// `gzip -c -n` of `bytes`.
func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let input = try scratch.file("in", bytes)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-c", "-n", input]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
}

func fixture(_ path: String) -> String { repositoryRoot + "/fixtures/" + path }

func bytes(of path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

@Suite struct TraceFileReaderTests {
    @Test func gzipGivesTheSameTraceAsThePlainFile() throws {
        let plain = try TraceFileReader.read(path: fixture("traces-formats/walk.gpx"))
        let packed = try TraceFileReader.read(path: fixture("traces-formats/walk.gpx.gz"))
        expectTrue(plain.trace.isIdentical(to: packed.trace))
        expectTrue(!plain.summary.compressed)
        expectTrue(packed.summary.compressed)
        var unpacked = packed.summary
        unpacked.compressed = false
        expectEqual(unpacked, plain.summary)
        expectEqual(plain.summary.fixes, 4)
        expectEqual(plain.trace.accuracies[0], 4.5)
        expectEqual(plain.trace.speeds[0], 1.25)
        expectEqual(plain.trace.hdops[1], 1.5)
        expectEqual(plain.trace.times[1], ISO8601Time.parse("2026-05-09T09:00:01.500Z"))
        // The third point has no time: it is placed between its neighbours by distance (half way).
        expectEqual(plain.trace.times[2], ISO8601Time.parse("2026-05-09T09:00:01.500Z")! + 0.75)
        expectEqual(plain.summary.warnings, ["1 fix without a time (first at line 12): timed 1 between timed neighbours by distance along the path"])
    }

    @Test func gzipIsToldByItsMagicBytesNotItsName() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let packed = try bytes(of: fixture("traces-formats/walk.gpx.gz"))
        let plain = try TraceFileReader.read(path: fixture("traces-formats/walk.gpx"))
        for name in ["misnamed.gpx", "no-extension", "walk.txt"] {
            let loaded = try TraceFileReader.read(path: try scratch.file(name, packed))
            expectTrue(loaded.trace.isIdentical(to: plain.trace), "\(name)")
            expectTrue(loaded.summary.compressed, "\(name)")
            expectEqual(loaded.summary.format, .gpx, "\(name)")
        }
        // And a .gz name on a plain file is read as plain.
        let loaded = try TraceFileReader.read(path: try scratch.file("plain.gpx.gz", try bytes(of: fixture("traces-formats/walk.gpx"))))
        expectTrue(!loaded.summary.compressed)
        expectTrue(loaded.trace.isIdentical(to: plain.trace))
    }

    @Test func concatenatedGzipMembersAreOneStream() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = try bytes(of: fixture("traces-formats/walk-gpx10.gpx"))
        let half = text.count / 2
        let joined = try gzip(Array(text[..<half])) + gzip(Array(text[half...]))
        let loaded = try TraceFileReader.read(path: try scratch.file("joined.gpx.gz", joined))
        let plain = try TraceFileReader.read(path: fixture("traces-formats/walk-gpx10.gpx"))
        expectTrue(loaded.trace.isIdentical(to: plain.trace))
        expectEqual(loaded.summary.fixes, 3)
    }

    @Test func aLargeFileIsReadInChunksLikeInMemory() throws {
        // Several 1 MiB chunks, so tokens are cut at chunk boundaries; plain and gzip.
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\n"
        let start = ISO8601Time.parse("2026-05-09T09:00:00Z")!
        for i in 0..<40_000 {
            text += "<trkpt lat=\"\(45 + Double(i) * 1e-6)\" lon=\"7.5\"><ele>\(i % 300)</ele><time>\(ISO8601Time.format(start + Double(i)))</time><hdop>1.5</hdop></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        let data = Array(text.utf8)
        expectTrue(data.count > 3 * TraceFileReader.chunkSize)
        var parser = GPXStreamParser()
        let (expected, summary) = try parser.parse(data)
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plain = try TraceFileReader.read(path: try scratch.file("big.gpx", data))
        let packed = try TraceFileReader.read(path: try scratch.file("big.gpx.gz", try gzip(data)))
        expectTrue(plain.trace.isIdentical(to: expected))
        expectTrue(packed.trace.isIdentical(to: expected))
        expectEqual(plain.summary, summary)
        expectEqual(plain.trace.count, 40_000)
        expectEqual(plain.trace.times.last, start + 39_999)
    }

    @Test func nmeaFixture() throws {
        let loaded = try TraceFileReader.read(path: fixture("traces-formats/walk.nmea"))
        let summary = loaded.summary
        expectEqual(summary.format, .nmea)
        // 9 epochs with a fix: at 09:00:03 the RMC has a bad checksum and at 09:00:05 it is void, but the GGA of
        // the same second has a fix (as gpsd reads it).
        expectEqual(summary.fixes, 9)
        expectEqual(summary.warnings.count, 3)
        expectEqual(loaded.trace.times.first, ISO8601Time.parse("2026-05-09T09:00:00Z"))
        expectEqual(loaded.trace.times.last, ISO8601Time.parse("2026-05-09T09:00:10Z"))
        // GGA before or after its RMC adds HDOP and elevation; the last RMC has no GGA.
        expectEqual(loaded.trace.hdops.prefix(3), [0.9, 1.0, 1.1])
        expectEqual(loaded.trace.elevations[1], 239.5)
        expectTrue(loaded.trace.hdops.last!.isNaN)
    }

    @Test func geoJSONFixtures() throws {
        let line = try TraceFileReader.read(path: fixture("traces-formats/walk.geojson"))
        expectEqual(line.summary.format, .geojson)
        expectEqual(line.summary.fixes, 8)
        expectEqual(line.summary.waypoints, 1)
        expectEqual(line.trace.elevations.first, 239.0)
        let multi = try TraceFileReader.read(path: fixture("traces-formats/walk-multiline.geojson"))
        expectEqual(multi.summary.segments, 2)
        expectEqual(multi.trace.segmentStarts, [0, 4])
        expectEqual(multi.trace.times.last! - multi.trace.times.first!, 13)
    }

    @Test func routeOnlyFileUsesRoutePointsWithMadeUpTimes() throws {
        let loaded = try TraceFileReader.read(path: fixture("traces-formats/route-only.gpx"), walkSpeed: 1.5)
        expectTrue(loaded.summary.usedRoutePoints)
        expectTrue(loaded.summary.timesSynthesized)
        expectTrue(loaded.summary.fixes == 3 && loaded.summary.waypoints == 2 && loaded.summary.routes == 1)
        expectEqual(loaded.trace.times.first, TraceNormalizer.synthesizedEpoch)
        // The last time is the path length at 1.5 m/s.
        expectTrue(abs(loaded.trace.times.last! - TraceNormalizer.synthesizedEpoch - loaded.summary.lengthMeters / 1.5) < 1e-6)
        expectEqual(loaded.summary.warnings.last, "no fix has a time; made up times at 1.50 m/s along the path from 2000-01-01T00:00:00Z")
    }

    @Test func sampleTracesHaveOneFixPerTrkptOneSecondApart() throws {
        let directory = fixture("traces")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".gpx") }.sorted()
        expectTrue(!names.isEmpty)
        for name in names {
            let path = directory + "/" + name
            let text = String(decoding: try bytes(of: path), as: UTF8.self)
            let trkpts = text.components(separatedBy: "<trkpt").count - 1
            let loaded = try TraceFileReader.read(path: path)
            expectEqual(loaded.summary.fixes, trkpts, "\(name)")
            expectTrue(loaded.summary.warnings.isEmpty, "\(name): \(loaded.summary.warnings)")
            expectTrue(!loaded.summary.timesSynthesized, "\(name)")
            let steps = zip(loaded.trace.times, loaded.trace.times.dropFirst()).map { $1 - $0 }
            expectTrue(steps.allSatisfy { $0 == 1 }, "\(name)")
            expectTrue(loaded.summary.lengthMeters > 500, "\(name)")
        }
    }

    /// An empty `.kml` is told as an empty KML document, an empty `.gpx` as an empty GPX one.
    @Test func anEmptyFileIsToldByWhatItsNameSaysItIs() throws {
        let directory = NSTemporaryDirectory() + "walkscape-empty-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, kind) in [("walk.kml", "KML"), ("walk.gpx", "GPX")] {
            FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("\n".utf8))
            do {
                _ = try TraceFileReader.read(path: directory + "/" + name)
                Issue.record("\(name) was read")
            } catch {
                expectEqual(error.message, "the file is empty (only white space); expected a \(kind) document")
            }
        }
    }

    /// Every broken fixture: one error, its line, what was expected, and the kind.
    @Test func brokenFixturesGiveOneClearError() throws {
        let expectations: [(String, Int?, String)] = [
            ("empty.gpx", 1, "the file is empty"),
            ("not-xml.gpx", 1, "not an XML document"),
            ("unclosed.gpx", 6, "the file ends inside <trkseg> opened at line 4"),
            ("mismatched.gpx", 6, "mismatched end tag </trk>"),
            ("truncated-tag.gpx", 6, "the file ends inside the tag <trkpt"),
            ("bad-time.gpx", 6, "bad time"),
            ("billion-laughs.gpx", 3, "declares entities"),
            ("undefined-entity.gpx", 3, "undefined entity '&eacute;'"),
            ("binary.gpx", 1, "not an XML document"),
            ("nul-in-text.gpx", 6, "a NUL byte"),
            ("wrong-root.gpx", 2, "the root element is <osm>"),
            ("text-after-root.gpx", 4, "text after the end of the root element"),
            ("xml-declaration-only.gpx", 1, "no root element"),
            ("truncated.gpx.gz", nil, "the gzip data ends early"),
            ("corrupt.gpx.gz", nil, "corrupt gzip data"),
            ("bad-json.geojson", 3, "bad JSON"),
        ]
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture("traces-bad")).sorted()
        for name in names where name != "waypoints-only.gpx" {
            expectTrue(expectations.contains { $0.0 == name }, "\(name) has no expectation")
        }
        for (name, line, fragment) in expectations {
            let path = fixture("traces-bad/" + name)
            do {
                let loaded = try TraceFileReader.read(path: path)
                Issue.record("\(name): read \(loaded.summary.fixes) fixes, expected an error")
            } catch {
                expectEqual(error.line, line, "\(error)")
                expectTrue(error.message.contains(fragment), "\(error)")
                expectContains(error.message, "; expected", "\(error)")
                expectEqual(error.kind, .malformed)
                expectTrue(error.description.hasPrefix(path + (line.map { ":\($0): " } ?? ": ")))
            }
        }
    }

    @Test func waypointsOnlyIsReadButCannotBeReplayed() throws {
        let path = fixture("traces-bad/waypoints-only.gpx")
        let loaded = try TraceFileReader.read(path: path)
        expectEqual(loaded.summary.fixes, 0)
        expectEqual(loaded.summary.waypoints, 2)
        #expect(throws: TraceReadError(path: path, message: "no track or route points to replay (2 waypoints, which are not fixes); expected at least one fix")) {
            _ = try TraceFileReader.readForReplay(path: path)
        }
    }

    @Test func missingFilesAndDirectoriesAreUnreadable() throws {
        for path in ["/nonexistent/walk.gpx", repositoryRoot + "/fixtures"] {
            do {
                _ = try TraceFileReader.read(path: path)
                Issue.record("\(path) was read")
            } catch {
                expectEqual(error.kind, .unreadable)
                expectTrue(error.isUnreadable)
                expectTrue(error.line == nil)
            }
        }
    }

    @Test func unknownContentWithAnUnknownNameIsNotATrace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let photo = try scratch.file("photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
        do {
            _ = try TraceFileReader.read(path: photo)
            Issue.record("read a JPEG")
        } catch {
            expectContains(error.message, "not a GPS trace")
            expectEqual(error.line, 1)
        }
    }

    @Test func detectLooksAtContentAndName() throws {
        try expectTrue(TraceFileReader.detect(path: fixture("traces-formats/walk.gpx.gz")) == (.gpx, true))
        try expectTrue(TraceFileReader.detect(path: fixture("traces-formats/walk.nmea")) == (.nmea, false))
        try expectTrue(TraceFileReader.detect(path: fixture("traces-formats/walk.geojson")) == (.geojson, false))
    }

    static let realGPX = URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().appendingPathComponent("shared/real/gpx").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: TraceFileReaderTests.realGPX)))
    func everyRealGPXReadsTheSameCompressed() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.realGPX).sorted() where name.hasSuffix(".gpx") {
            let path = Self.realGPX + "/" + name
            let packedPath = try scratch.file(name + ".gz", try gzip(try bytes(of: path)))
            let plain = Result<LoadedTrace, TraceReadError> { () throws(TraceReadError) in try TraceFileReader.read(path: path) }
            let packed = Result<LoadedTrace, TraceReadError> { () throws(TraceReadError) in try TraceFileReader.read(path: packedPath) }
            switch (plain, packed) {
            case let (.success(a), .success(b)):
                expectTrue(a.trace.isIdentical(to: b.trace), "\(name)")
                expectTrue(b.summary.compressed && !a.summary.compressed, "\(name)")
                expectTrue(a.summary.fixes == b.summary.fixes && a.summary.warnings == b.summary.warnings, "\(name)")
            case let (.failure(a), .failure(b)):
                expectTrue(a.line == b.line && a.message == b.message, "\(name)")
            default:
                Issue.record("\(name): plain and gzip disagree")
            }
        }
    }
}
