import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
@testable import WalkscapeMap

/// Issue 27, item 15: MBTiles files from outside, made here with Python's sqlite3, that cost without bound to
/// read before the budgets: views that never end or yield nothing, a gigabyte tile from a few kilobytes, a
/// table without an index, valid tiles whose points add up. Each is refused within its budget (judged by the
/// message and the budget's counters, never by the clock), and the Helsinki sample still reads.
@Suite struct HostileMBTilesTests {
    /// A file made by running `sql` in a fresh SQLite database (Python's sqlite3); returns its path and a remover.
    static func file(_ sql: String, python extra: String = "") throws -> (path: String, remove: () -> Void) {
        let root = NSTemporaryDirectory() + "walkscape-hostile-mbtiles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/map.mbtiles"
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript(sys.argv[2])
            \(extra)
            db.commit()
            """
        let run = try ChildProcess.run(["/usr/bin/python3", "-c", script, path, sql])
        expectEqual(run.status, 0, "\(run.output)")
        return (path, { try? FileManager.default.removeItem(atPath: root) })
    }

    static let metadata = "CREATE TABLE metadata (name TEXT, value TEXT); INSERT INTO metadata VALUES ('attribution', 'x');"
    /// Rows 0, 1, 2, … for ever.
    static let endless = "WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c)"

    @Test func aTilesViewThatNeverEndsStopsAtTheRowBudget() throws {
        let file = try Self.file(Self.metadata + "CREATE VIEW tiles AS \(Self.endless) SELECT 14 AS zoom_level, 0 AS tile_column, n AS tile_row, x'' AS tile_data FROM c;")
        defer { file.remove() }
        let error = try #require(throws: MBTilesError.self) { try BasemapReader.read(path: file.path) }
        expectEqual(error.description, "\(file.path): tiles gives more than 10,000 rows; a tour's map holds at most that many")
        // `tiles --from` reads it the same way.
        let target = file.path + "-target.mbtiles"
        let failure = try #require(throws: TileImport.Failure.self) { try TileImport.add(from: file.path, to: target) }
        expectTrue(failure.unreadableSource)
        expectContains(failure.description, "tiles gives more than 10,000 rows")
        expectTrue(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aMetadataViewThatNeverEndsStopsAtTheRowBudget() throws {
        let file = try Self.file("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
            + "CREATE VIEW metadata AS \(Self.endless) SELECT 'k' || n AS name, 'v' AS value FROM c;")
        defer { file.remove() }
        let error = try #require(throws: MBTilesError.self) { try BasemapReader.read(path: file.path) }
        expectEqual(error.message, "metadata gives more than 1,000 rows; a tour's map holds at most that many")
    }

    @Test func aViewThatYieldsNoRowStopsAtTheStepBudget() throws {
        let file = try Self.file(Self.metadata + "CREATE VIEW tiles AS \(Self.endless) SELECT 14 AS zoom_level, 0 AS tile_column, n AS tile_row, x'' AS tile_data FROM c WHERE n < 0;")
        defer { file.remove() }
        let budget = MBTilesBudget(maxSteps: 2_000_000)
        let error = try #require(throws: MBTilesError.self) { try BasemapReader.read(path: file.path, budget: budget) }
        expectTrue(error.message.hasPrefix("reading it took more than 2,000,000 SQLite steps"), "\(error)")
        let mbtiles = try MBTilesFile(path: file.path, budget: budget)
        #expect(throws: MBTilesError.self) { try mbtiles.forEachTile { _, _ in } }
        expectTrue(mbtiles.usage.steps > 2_000_000 && mbtiles.usage.steps <= 2_000_000 + Int(MBTilesMeter.stepsPerCall))
        expectEqual(mbtiles.usage.rows, 0)
        // With steps unbounded, the time inside SQLite stops it.
        let timed = try #require(throws: MBTilesError.self) {
            try BasemapReader.read(path: file.path, budget: MBTilesBudget(maxSteps: .max, maxSeconds: 0.25))
        }
        expectTrue(timed.message.hasPrefix("reading it took more than 0.25 s inside SQLite"), "\(timed)")
    }

    @Test func aGigabyteTileIsRefusedBeforeSQLiteMakesIt() throws {
        // 1,000,000,000 bytes declared by a view in a file of a few kilobytes.
        let view = try Self.file(Self.metadata + "CREATE VIEW tiles AS SELECT 14 AS zoom_level, 0 AS tile_column, 0 AS tile_row, zeroblob(1000000000) AS tile_data;")
        defer { view.remove() }
        var info = stat()
        expectTrue(stat(view.path, &info) == 0 && info.st_size < 65536)
        let error = try #require(throws: MBTilesError.self) { try BasemapReader.read(path: view.path) }
        expectTrue(error.message.hasPrefix("a value is longer than 16 MiB (SQLite: string or blob too big)"), "\(error)")
        // A stored tile over the (here smaller) limit, and a metadata value.
        let stored = try Self.file(Self.metadata
            + "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
            + "INSERT INTO tiles VALUES (14, 0, 0, zeroblob(2000000)); INSERT INTO metadata VALUES ('name', hex(zeroblob(1000000)));")
        defer { stored.remove() }
        let small = MBTilesBudget(maxValueBytes: 1 << 20)
        let storedError = try #require(throws: MBTilesError.self) { try MBTilesFile(path: stored.path, budget: small).forEachTile { _, _ in } }
        expectTrue(storedError.message.hasPrefix("a value is longer than 1 MiB"), "\(storedError)")
        #expect(throws: MBTilesError.self) { try MBTilesFile(path: stored.path, budget: small).metadata() }
    }

    @Test func theBytesReadAreBoundedOverTheFile() throws {
        let error = try #require(throws: MBTilesError.self) {
            try BasemapReader.read(path: BasemapReaderTests.mbtiles, budget: MBTilesBudget(maxTotalBytes: 100_000))
        }
        expectEqual(error.message, "its values come to more than 100,000 bytes; a tour's map holds at most that much")
    }

    /// 5,000 tiles in a table without an index on (zoom, column, row): one scan, not one a tile (5,000 scans of
    /// 5,000 rows would take far more than the budget's 1,000,000 steps).
    @Test func withoutAnIndexTheTilesAreReadInOnePass() throws {
        let file = try Self.file(Self.metadata + "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
            + "INSERT INTO tiles \(Self.endless.replacingOccurrences(of: "FROM c)", with: "FROM c WHERE n < 4999)")) SELECT 14, n % 100, n / 100, x'' FROM c;")
        defer { file.remove() }
        let budget = MBTilesBudget(maxSteps: 1_000_000)
        let mbtiles = try MBTilesFile(path: file.path, budget: budget)
        var count = 0
        try mbtiles.forEachTile { _, _ in count += 1 }
        expectEqual(count, 5_000)
        expectEqual(mbtiles.usage.rows, 5_000)
        expectTrue(mbtiles.usage.steps < 200_000)
        try expectEqual(BasemapReader.read(path: file.path, budget: budget).zooms, [14])
    }

    /// Tiles of LineStrings of 3,000 points each: valid one by one, refused once their sum passes the map's budget.
    @Test func theMapsPointsAreBoundedOverItsTiles() throws {
        let tiles = """
            def varint(n):
                out = b''
                while True:
                    b = n & 0x7f; n >>= 7
                    out += bytes([b | 0x80]) if n else bytes([b])
                    if not n: return out
            def ld(num, data): return varint(num << 3 | 2) + varint(len(data)) + data
            zz = lambda v: (v << 1) ^ (v >> 31)
            points = 3000
            geometry = [1 | 1 << 3, zz(100), zz(100), 2 | (points - 1) << 3] + [zz(1 if i % 2 else -1) for i in range(2 * (points - 1))]
            feature = ld(4, b''.join(varint(x) for x in geometry)) + varint(3 << 3) + varint(2)
            layer = varint(15 << 3) + varint(2) + ld(1, b'transportation') + ld(2, feature) + varint(5 << 3) + varint(4096)
            for x in range(4): db.execute('INSERT INTO tiles VALUES (14, ?, 0, ?)', (x, ld(3, layer)))
            """
        let file = try Self.file(Self.metadata + "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);", python: tiles)
        defer { file.remove() }
        let error = try #require(throws: MBTilesError.self) {
            try BasemapReader.read(path: file.path, mapBudget: VectorTileDecoder.Budget(maxPoints: 10_000, maxInflatedBytes: 1 << 20))
        }
        expectEqual(error.message, "tile 14/3/16383: the map's tiles hold more than 10,000 points in all; a tour's map holds at most that many", "\(error)")
        let inflated = try #require(throws: MBTilesError.self) {
            try BasemapReader.read(path: file.path, mapBudget: VectorTileDecoder.Budget(maxPoints: 1 << 20, maxInflatedBytes: 20_000))
        }
        expectContains(inflated.message, "the map's tiles inflate to more than", "\(inflated)")
        // Within the default budget the four tiles read.
        try expectEqual(BasemapReader.read(path: file.path).zooms, [14])
        var budget = VectorTileDecoder.Budget.map
        var decoded = 0
        try MBTilesFile(path: file.path).forEachTile { _, bytes in
            do { decoded += try VectorTileDecoder.decode(bytes, budget: &budget).count } catch { Issue.record("\(error)") }
        }
        expectEqual(decoded, 4)
        expectEqual(budget.points, 4 * 3000)
    }

    /// The sample map reads within every budget, far from its limits, into the same basemap as tile by tile.
    @Test func helsinkiReadsWellWithinItsBudgets() throws {
        let file = try MBTilesFile(path: BasemapReaderTests.mbtiles)
        var budget = VectorTileDecoder.Budget.map
        var oneByOne = Basemap()
        try file.forEachTile { id, bytes in
            do { oneByOne.add(try VectorTileDecoder.decode(bytes, budget: &budget), of: id) } catch { Issue.record("\(error)") }
        }
        expectEqual(file.usage.rows, 37)
        expectTrue(file.usage.steps < 100_000)
        expectTrue(budget.points < VectorTileDecoder.Budget.map.maxPoints / 20, "\(budget.points) points")
        var sorted = Basemap(attribution: "© OpenStreetMap contributors")
        for id in try file.tileIDs() { sorted.add(try VectorTileDecoder.decode(try #require(try file.tile(id))), of: id) }
        try expectEqual(BasemapReader.read(path: BasemapReaderTests.mbtiles), sorted)
    }
}
