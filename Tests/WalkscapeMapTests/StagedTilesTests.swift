import Foundation
import Testing
import WalkscapeCore
import WalkscapeMap
import WalkscapeTestSupport

/// The partial MBTiles file a download fills: what survives a reopen, what a reopen drops, and the finished file.
@Suite struct StagedTilesTests {
    /// Three Helsinki tiles, by tile.
    static func sampleTiles() throws -> [(TileID, [UInt8])] {
        let file = try MBTilesFile(path: BasemapReaderTests.mbtiles)
        return try file.tileIDs().prefix(3).map { id in (id, try #require(try file.tile(id))) }
    }

    func directory() throws -> String {
        let path = NSTemporaryDirectory() + "walkscape-staged-tiles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func storedAndAbsentTilesSurviveAReopenAndABrokenTileDoesNot() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/map/tiles.mbtiles"
        let tiles = try Self.sampleTiles()
        let absent = try #require(TileID(zoom: 16, x: 1, y: 2))
        let broken = try #require(TileID(zoom: 16, x: 3, y: 4))
        do {
            let staged = try StagedTiles(target: target)
            for (id, bytes) in tiles { try staged.store(bytes, for: id) }
            try staged.store([0x1f, 0x8b, 0x08, 0x00, 0xde, 0xad], for: broken)  // a gzip header and nothing after
            try staged.markAbsent(absent)
            try staged.markAbsent(absent)
        }  // closed, as a killed run leaves it
        expectEqual(StagedTiles.partialPath(for: target), root + "/map/.tiles.mbtiles.partial")
        expectTrue(!FileManager.default.fileExists(atPath: target))

        let staged = try StagedTiles(target: target)
        let earlier = try staged.verifyStored()
        expectEqual(earlier.stored, Dictionary(uniqueKeysWithValues: tiles.map { ($0.0, $0.1.count) }))
        expectEqual(earlier.absent, [absent])
        try expectTrue(staged.verifyStored().stored[broken] == nil)  // removed, to be fetched again

        try expectEqual(staged.finish(attribution: "© OpenStreetMap contributors", name: "map/tiles.mbtiles"), 3)
        expectTrue(!FileManager.default.fileExists(atPath: StagedTiles.partialPath(for: target)))
        let file = try MBTilesFile(path: target)
        try expectEqual(Set(file.tileIDs()), Set(tiles.map(\.0)))
        let metadata = try file.metadata()
        expectEqual(metadata["attribution"], "© OpenStreetMap contributors")
        expectEqual(metadata["format"], "pbf")
        expectTrue(metadata["minzoom"] != nil && metadata["maxzoom"] != nil)
        try expectEqual(BasemapReader.read(path: target).attribution, "© OpenStreetMap contributors")
    }

    @Test func aFinishedFileNotYetRecordedIsTakenBackAndAFileThatIsNotSQLiteIsStartedAgain() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/tiles.mbtiles"
        let tiles = try Self.sampleTiles()
        do {
            let staged = try StagedTiles(target: target)
            for (id, bytes) in tiles { try staged.store(bytes, for: id) }
            _ = try staged.finish(attribution: nil, name: "tiles.mbtiles")
        }
        // A run killed after the rename, before it recorded the file: the next one reuses its tiles.
        let again = try StagedTiles(target: target)
        try expectEqual(again.verifyStored().stored.count, 3)
        expectTrue(!FileManager.default.fileExists(atPath: target))

        let garbage = root + "/other.mbtiles"
        _ = FileManager.default.createFile(atPath: StagedTiles.partialPath(for: garbage), contents: Data(repeating: 0x41, count: 4096))
        let fresh = try StagedTiles(target: garbage)
        try expectTrue(fresh.verifyStored().stored.isEmpty)
    }
}
