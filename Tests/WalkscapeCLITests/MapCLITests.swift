import Foundation
import Testing
import WalkscapeTestSupport

/// The offline map in the field-testing outputs: `radii --map` and the `--svg` pictures of `radii` and `simulate`
/// draw the Helsinki tour's streets with the attribution; a tour without tiles draws none, as before.
@Suite struct MapCLITests {
    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "walkscape-map-\(UUID().uuidString)-" + name }
    static let trace = "fixtures/traces/helsinki-keskusta-clean.gpx"

    @Test func radiiMapAndPicturesDrawTheStreets() throws {
        let svg = Self.temporary("radii.svg")
        let simulateSVG = Self.temporary("simulate.svg")
        defer {
            try? FileManager.default.removeItem(atPath: svg)
            try? FileManager.default.removeItem(atPath: simulateSVG)
        }
        let radii = try CLI.run(["radii", "tours/helsinki-keskusta", "--trace", Self.trace, "--map", "--svg", svg])
        expectEqual(radii.status, 0, "\(radii.stderr)")
        expectContains(radii.stdout, "© OpenStreetMap contributors")
        expectTrue(radii.stdout.contains("Aleksanterinkatu") || radii.stdout.contains("Eteläesplanadi"), "\(radii.stdout)")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        expectContains(picture, "<g id=\"basemap\">")
        expectContains(picture, "<path class=\"building\"")
        expectContains(picture, "<path class=\"majorRoad\"")
        expectContains(picture, "© OpenStreetMap contributors</text>")

        let simulate = try CLI.run(["simulate", "tours/helsinki-keskusta", "--trace", Self.trace, "--svg", simulateSVG])
        expectEqual(simulate.status, 0, "\(simulate.stderr)")
        try expectTrue(String(contentsOfFile: simulateSVG, encoding: .utf8).contains("<g id=\"basemap\">"))
    }

    @Test func aTourWithoutTilesDrawsNoBasemap() throws {
        let svg = Self.temporary("torino.svg")
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let radii = try CLI.run(["radii", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--map", "--svg", svg])
        expectEqual(radii.status, 0)
        expectTrue(!radii.stdout.contains("OpenStreetMap"))
        expectTrue(!(try String(contentsOfFile: svg, encoding: .utf8)).contains("basemap"))
    }

    @Test func validateReadsEveryTile() throws {
        let result = try CLI.run(["validate", "tours/helsinki-keskusta"])
        expectEqual(result.status, 0, "\(result.stdout)")
        expectContains(result.stdout, "tours/helsinki-keskusta: valid (0 errors")
    }
}

/// Issue 27, item 15: hostile MBTiles files (made here with Python's sqlite3) through every map reader of the
/// binary: refused with one line naming the file and the budget spent, never read without end.
@Suite struct HostileMapCLITests {
    /// Makes `path` by running `sql` in a fresh SQLite database.
    static func mbtiles(_ path: String, _ sql: String) throws {
        let script = "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2]); db.commit()"
        let run = try ChildProcess.run(["/usr/bin/python3", "-c", script, path, sql])
        expectEqual(run.status, 0, "\(run.output)")
    }

    static let endlessTiles = """
        CREATE TABLE metadata (name TEXT, value TEXT);
        CREATE VIEW tiles AS WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c)
            SELECT 14 AS zoom_level, 0 AS tile_column, n AS tile_row, x'' AS tile_data FROM c;
        """

    @Test func aTourWhoseMapNeverEndsValidatesWithOneErrorAndPlaysWithoutIt() throws {
        let copy = try TourCopy("helsinki-keskusta")
        defer { copy.remove() }
        let map = copy.directory + "/map/helsinki-center.mbtiles"
        try FileManager.default.removeItem(atPath: map)
        try Self.mbtiles(map, Self.endlessTiles)
        try expectEqual(CLI.run(["manifest", copy.directory]).status, 0)
        let validate = try CLI.run(["validate", copy.directory])
        expectEqual(validate.status, 1, "\(validate.stdout)")
        expectContains(validate.stdout, "map/helsinki-center.mbtiles: error: tiles gives more than 10,000 rows; a tour's map holds at most that many", "\(validate.stdout)")
        // The field-testing maps draw the route without the streets.
        let radii = try CLI.run(["radii", copy.directory, "--trace", MapCLITests.trace, "--map"])
        expectEqual(radii.status, 0, "\(radii.stderr)")
        expectTrue(!radii.stdout.contains("OpenStreetMap"))
    }

    @Test func tilesRefusesAGigabyteTileAndAViewThatNeverEnds() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let giant = copy.root + "/giant.mbtiles"
        try Self.mbtiles(giant, """
            CREATE TABLE metadata (name TEXT, value TEXT);
            CREATE VIEW tiles AS SELECT 14 AS zoom_level, 0 AS tile_column, 0 AS tile_row, zeroblob(1000000000) AS tile_data;
            """)
        let before = try String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8)
        let refused = try CLI.run(["tiles", copy.directory, "--from", giant])
        expectEqual(refused.status, 2, "\(refused.stdout)\(refused.stderr)")
        expectEqual(refused.stderr, "\(giant): a value is longer than 16 MiB (SQLite: string or blob too big); a tile is at most that long\n", "\(refused.stderr)")
        let endless = copy.root + "/endless.mbtiles"
        try Self.mbtiles(endless, Self.endlessTiles)
        let stopped = try CLI.run(["tiles", copy.directory, "--from", endless])
        expectEqual(stopped.status, 2)
        expectContains(stopped.stderr, "tiles gives more than 10,000 rows", "\(stopped.stderr)")
        try expectEqual(String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8), before)
        expectTrue(!FileManager.default.fileExists(atPath: copy.directory + "/map"))
    }
}

/// `walkscape tiles TOUR --from …`: tiles from an MBTiles file or a Z/X/Y directory become the tour's offline map.
@Suite struct TilesCLITests {
    static let helsinkiTiles = repositoryRoot + "/tours/helsinki-keskusta/map/helsinki-center.mbtiles"

    /// Writes every tile of the Helsinki file as `DIR/Z/X/Y.pbf` (XYZ rows), through Python's sqlite3.
    static func tileDirectory(_ directory: String, corruptOne: Bool = false) throws {
        let script = """
            import os, sqlite3, sys
            out, corrupt = sys.argv[1], sys.argv[2] == '1'
            for i, (z, x, row, data) in enumerate(sqlite3.connect(sys.argv[3]).execute('SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles ORDER BY 1, 2, 3')):
                y = (1 << z) - 1 - row
                os.makedirs(f'{out}/{z}/{x}', exist_ok=True)
                open(f'{out}/{z}/{x}/{y}.pbf', 'wb').write(b'\\x1f\\x8b broken' if corrupt and i == 5 else data)
            """
        let run = try ChildProcess.run(["/usr/bin/python3", "-c", script, directory, corruptOne ? "1" : "0", helsinkiTiles])
        expectEqual(run.status, 0)
    }

    /// An MBTiles attribution is text from a file: `tiles` prints it (and keeps it) without its escape sequences.
    @Test func anAttributionWithEscapeSequencesIsShownAndKeptSanitised() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let source = NSTemporaryDirectory() + "walkscape-tiles-\(UUID().uuidString).mbtiles"
        defer { try? FileManager.default.removeItem(atPath: source) }
        try FileManager.default.copyItem(atPath: Self.helsinkiTiles, toPath: source)
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("DELETE FROM metadata WHERE name = 'attribution'")
            db.execute("INSERT INTO metadata VALUES ('attribution', ?)", ('<a href="x">\\u00a9 OSM\\x1b]0;title\\x07</a> data\\x1b[2J\\u009b31m',))
            db.commit()
            """
        try expectEqual(ChildProcess.run(["/usr/bin/python3", "-c", script, source]).status, 0)
        let result = try CLI.run(["tiles", copy.directory, "--from", source])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, " · © OSM data31m; tour.json names it", "\(result.stdout.debugDescription)")
        for output in [result.stdout, result.stderr] {
            expectTrue(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" }, "\(output.debugDescription)")
        }
        let read = "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT value FROM metadata WHERE name = 'attribution'\").fetchone()[0])"
        let kept = try ChildProcess.run(["/usr/bin/python3", "-c", read, copy.directory + "/map/tiles.mbtiles"])
        expectEqual(kept.output, "© OSM data31m\n", "\(kept.output.debugDescription)")
    }

    @Test func fromAnMBTilesFile() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let result = try CLI.run(["tiles", copy.directory, "--from", Self.helsinkiTiles])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectTrue(result.stdout.hasSuffix(": 37 tiles (z14–16) added to map/tiles.mbtiles · © OpenStreetMap contributors; tour.json names it as mapTiles\n"), "\(result.stdout)")
        let json = try String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8)
        expectContains(json, "\"mapTiles\": {\n    \"file\": \"map/tiles.mbtiles\",\n    \"fileSizeBytes\": ")
        try expectEqual(CLI.run(["validate", copy.directory]).status, 0)
        try expectTrue(CLI.run(["radii", copy.directory, "--trace", "fixtures/traces/torino-portici-clean.gpx", "--map"]).stdout.contains("OpenStreetMap"))
        // Again: the same tiles replace themselves; tour.json already names the file.
        let again = try CLI.run(["tiles", copy.directory, "--from", Self.helsinkiTiles])
        expectEqual(again.status, 0)
        expectTrue(again.stdout.contains("37 tiles") && !again.stdout.contains("names it"))
        try expectEqual(CLI.run(["validate", copy.directory]).status, 0)
    }

    /// Issue 27, item 16: a folder (or the file) of the tour's mapTiles path that is a symbolic link out of the
    /// tour is refused before anything is written; the file outside keeps its inode and bytes, and tour.json
    /// and the folder outside stay as they were.
    @Test func aMapPathLinkedOutOfTheTourIsNeverWritten() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let outside = copy.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.helsinkiTiles, toPath: outside + "/tiles.mbtiles")
        let before = try String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8)
        let bytes = try #require(FileManager.default.contents(atPath: outside + "/tiles.mbtiles"))
        func inode(_ path: String) -> UInt64 {
            var info = stat()
            return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
        }
        let inodeBefore = inode(outside + "/tiles.mbtiles")
        func expectUntouched(_ result: CLIResult, _ link: String) throws {
            expectEqual(result.status, 1, "\(result.stdout)\(result.stderr)")
            expectContains(result.stderr, "mapTiles.file: \"\(link)\" leads out of the tour directory", "\(result.stderr)")
            expectContains(result.stderr, "nothing was written")
            expectEqual(inode(outside + "/tiles.mbtiles"), inodeBefore)
            expectEqual(FileManager.default.contents(atPath: outside + "/tiles.mbtiles"), bytes)
            try expectEqual(FileManager.default.contentsOfDirectory(atPath: outside), ["tiles.mbtiles"])
            try expectEqual(String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8), before)
        }
        // The folder of the default path, map/, is a link out of the tour.
        try FileManager.default.createSymbolicLink(atPath: copy.directory + "/map", withDestinationPath: outside)
        try expectUntouched(try CLI.run(["tiles", copy.directory, "--from", Self.helsinkiTiles]), "map")
        // The file itself is.
        try FileManager.default.removeItem(atPath: copy.directory + "/map")
        try FileManager.default.createDirectory(atPath: copy.directory + "/map", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: copy.directory + "/map/tiles.mbtiles", withDestinationPath: outside + "/tiles.mbtiles")
        try expectUntouched(try CLI.run(["tiles", copy.directory, "--from", Self.helsinkiTiles]), "map/tiles.mbtiles")
        // A link that stays inside the tour is followed.
        try FileManager.default.removeItem(atPath: copy.directory + "/map")
        try FileManager.default.createDirectory(atPath: copy.directory + "/maps", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: copy.directory + "/map", withDestinationPath: "maps")
        let inside = try CLI.run(["tiles", copy.directory, "--from", Self.helsinkiTiles])
        expectEqual(inside.status, 0, "\(inside.stderr)")
        expectTrue(FileManager.default.fileExists(atPath: copy.directory + "/maps/tiles.mbtiles"))
    }

    @Test func fromADirectoryAndABrokenTileChangesNothing() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let good = copy.root + "/good"
        let bad = copy.root + "/bad"
        try Self.tileDirectory(good)
        try Self.tileDirectory(bad, corruptOne: true)
        let before = try String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8)

        let refused = try CLI.run(["tiles", copy.directory, "--from", bad])
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "\(bad): tile 15/18653/9484: the compressed tile does not inflate", "\(refused.stderr)")
        expectContains(refused.stderr, "nothing was added")
        try expectEqual(String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8), before)
        expectTrue(!FileManager.default.fileExists(atPath: copy.directory + "/map"))

        let result = try CLI.run(["tiles", copy.directory, "--from", good])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, "37 tiles (z14–16) added to map/tiles.mbtiles; tour.json names it", "\(result.stdout)")
        try expectEqual(CLI.run(["validate", copy.directory]).status, 0)

        let missing = try CLI.run(["tiles", copy.directory, "--from", copy.root + "/nowhere"])
        expectEqual(missing.status, 2)
        expectContains(missing.stderr, "no such file or directory")
    }
}
