@preconcurrency import CSQLite3
import WalkscapeSystem
import Foundation
import WalkscapeCore
import WalkscapeRemoteModel

/// The MBTiles file a download fills tile by tile: `.NAME.partial` beside the file it becomes, which keeps the
/// tiles stored so far (and the tiles the server said it does not have) across runs, so that a rerun after an
/// interruption fetches only the rest. `finish` gives it its metadata and renames it over `target`: the
/// target is never half-written.
///
/// Each tile is its own SQLite transaction, not flushed to disk (`synchronous=OFF`): a killed process leaves
/// every stored tile intact, and after a crash of the system a rerun decodes every stored tile again before
/// trusting it (`verifyStored`), as downloads hash staged files again. Safe to call from several threads.
public final class StagedTiles: @unchecked Sendable {
    /// The file the tiles end up in, and the partial file filled meanwhile.
    public let target: String
    public let partial: String
    private var file: MBTilesFile?
    private let lock = NSLock()

    /// The partial file's path for `target`.
    public static func partialPath(for target: String) -> String {
        let directory = FilePathText.parent(of: target)
        return (directory.isEmpty ? "." : directory) + "/." + (target as NSString).lastPathComponent + ".partial"
    }

    /// Opens the partial file of `target`, keeping what an earlier run stored; one SQLite cannot read is
    /// started again.
    public init(target: String) throws(MBTilesError) {
        self.target = target
        partial = StagedTiles.partialPath(for: target)
        let directory = FilePathText.parent(of: target)
        if !directory.isEmpty { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        // A run killed after `finish` renamed the file but before its caller recorded it: its tiles are reused.
        if !FileManager.default.fileExists(atPath: partial) && FileManager.default.fileExists(atPath: target) {
            rename(target, partial)
        }
        do {
            file = try StagedTiles.open(partial)
        } catch {
            StagedTiles.discard(partial)
            file = try StagedTiles.open(partial)
        }
    }

    private static func open(_ path: String) throws(MBTilesError) -> MBTilesFile {
        let file = try MBTilesFile(path: path, writable: true)
        try file.execute("""
            PRAGMA synchronous = OFF;
            CREATE TABLE IF NOT EXISTS walkscape_absent (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER);
            CREATE UNIQUE INDEX IF NOT EXISTS walkscape_absent_index ON walkscape_absent (zoom_level, tile_column, tile_row);
            """)
        guard try file.column("PRAGMA quick_check") == ["ok"] else {
            throw MBTilesError(path: path, message: "damaged (SQLite's quick_check)")
        }
        return file
    }

    /// Removes a partial file and SQLite's journal beside it.
    public static func discard(_ partial: String) {
        unlink(partial)
        unlink(partial + "-journal")
    }

    private func current() throws(MBTilesError) -> MBTilesFile {
        guard let file else { throw MBTilesError(path: partial, message: "already finished") }
        return file
    }

    /// The tiles stored by earlier runs that still decode, with their sizes in bytes, and the tiles recorded as
    /// absent on the server. A stored tile that no longer decodes is removed (it will be fetched again).
    public func verifyStored() throws(MBTilesError) -> (stored: [TileID: Int], absent: Set<TileID>) {
        lock.lock()
        defer { lock.unlock() }
        let file = try current()
        var stored: [TileID: Int] = [:]
        var broken: [TileID] = []
        // One pass over the tiles (within the file's budget), the broken ones removed after it.
        try file.forEachTile { id, bytes in
            if (try? VectorTileDecoder.decode(bytes)) != nil {
                stored[id] = bytes.count
            } else {
                broken.append(id)
            }
        }
        for id in broken {
            stored[id] = nil
            try file.execute("DELETE FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?", [.int(id.zoom), .int(id.x), .int(id.tmsRow)])
        }
        var absent = Set<TileID>()
        try file.query("SELECT zoom_level, tile_column, tile_row FROM walkscape_absent", maxRows: MapTilePlan.maxTiles, table: "walkscape_absent") { statement in
            let zoom = Int(sqlite3_column_int64(statement, 0))
            let column = Int(sqlite3_column_int64(statement, 1))
            let row = Int(sqlite3_column_int64(statement, 2))
            if let id = TileID(zoom: zoom, x: column, tmsRow: row) { absent.insert(id) }
        }
        return (stored, absent)
    }

    /// Stores tile `id` (its bytes already checked by the caller).
    public func store(_ bytes: [UInt8], for id: TileID) throws(MBTilesError) {
        lock.lock()
        defer { lock.unlock() }
        try current().write(bytes, for: id)
    }

    /// Records that the server has no tile `id` (204 or 404), so that a rerun does not ask again.
    public func markAbsent(_ id: TileID) throws(MBTilesError) {
        lock.lock()
        defer { lock.unlock() }
        try current().execute(
            "INSERT OR IGNORE INTO walkscape_absent (zoom_level, tile_column, tile_row) VALUES (?, ?, ?)",
            [.int(id.zoom), .int(id.x), .int(id.tmsRow)])
    }

    /// Drops the download's own table, sets the metadata (`TileImport`'s: attribution, format, name, zooms),
    /// closes the file and renames it over `target`. Returns the number of tiles.
    public func finish(attribution: String?, name: String) throws(MBTilesError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let file = try current()
        try file.transaction { () throws(MBTilesError) in
            try file.execute("DROP TABLE IF EXISTS walkscape_absent")
            try TileImport.describe(file, attribution: attribution, name: name)
        }
        let count = try file.tileIDs().count
        try file.execute("VACUUM")
        self.file = nil  // closes it
        guard rename(partial, target) == 0 else {
            throw MBTilesError(path: target, message: "cannot move \(partial) there: \(String(cString: strerror(errno)))")
        }
        return count
    }
}
