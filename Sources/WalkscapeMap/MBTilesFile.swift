@preconcurrency import CSQLite3
import Foundation
import WalkscapeCore

/// An MBTiles file (SQLite: a `metadata` table of name/value rows and a `tiles` table of zoom, column, TMS row
/// and tile bytes), through the SQLite C library. Opened read-only, or for writing (created when missing).
/// Every statement runs within `budget` (rows, bytes, SQLite steps and seconds: see `MBTilesBudget`), so a
/// hostile file (a view that never ends, a gigabyte tile) is refused, not read. Not thread-safe: one owner at
/// a time.
public final class MBTilesFile {
    public let path: String
    private var db: OpaquePointer?
    private let meter: MBTilesMeter

    /// What reading has cost so far (see `MBTilesBudget.Usage`).
    public var usage: MBTilesBudget.Usage { meter.usage }

    /// SQLite's memory, for every file of the process, at most 512 MiB (a backstop behind the budgets).
    private static let heapLimit: Void = { _ = sqlite3_hard_heap_limit64(512 << 20) }()

    /// Opens `path` to read within `budget`; `writable` creates the file and its tables when missing.
    public init(path: String, writable: Bool = false, budget: MBTilesBudget = MBTilesBudget()) throws(MBTilesError) {
        self.path = path
        meter = MBTilesMeter(budget: budget)
        MBTilesFile.heapLimit
        let flags = writable ? (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) : SQLITE_OPEN_READONLY
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(handle)
            throw MBTilesError(path: path, message: "cannot open the MBTiles file (\(reason))")
        }
        db = handle
        sqlite3_busy_timeout(handle, 2000)
        // No value longer than a tile may be (SQLite refuses to make it: zeroblob(1e9) fails, costs nothing).
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Int32(clamping: max(1, budget.maxValueBytes)))
        sqlite3_progress_handler(handle, MBTilesMeter.stepsPerCall, { context in
            guard let context else { return 0 }
            return Unmanaged<MBTilesMeter>.fromOpaque(context).takeUnretainedValue().progress() ? 1 : 0
        }, Unmanaged.passUnretained(meter).toOpaque())
        // Views and triggers of the file may call only SQLite's harmless functions.
        try execute("PRAGMA trusted_schema = OFF")
        if writable {
            try execute("""
                CREATE TABLE IF NOT EXISTS metadata (name TEXT, value TEXT);
                CREATE UNIQUE INDEX IF NOT EXISTS metadata_name ON metadata (name);
                CREATE TABLE IF NOT EXISTS tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                CREATE UNIQUE INDEX IF NOT EXISTS tile_index ON tiles (zoom_level, tile_column, tile_row);
                """)
        } else {
            // A file that is not SQLite only fails at its first query: ask now, for one clear error.
            let tables = try column("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
            guard tables.contains("tiles") else {
                throw MBTilesError(path: path, message: "not an MBTiles file: it has no tiles table")
            }
        }
    }

    deinit {
        // nil when the file could not be opened (SQLite's calls take no NULL handle).
        guard let db else { return }
        // The handler's context is `meter`, released with this object: off before the handle goes.
        sqlite3_progress_handler(db, 0, nil, nil)
        sqlite3_close_v2(db)
    }

    /// The metadata rows (name → value), at most `budget.maxMetadataRows`.
    public func metadata() throws(MBTilesError) -> [String: String] {
        var result: [String: String] = [:]
        try query("SELECT name, value FROM metadata", maxRows: meter.budget.maxMetadataRows, table: "metadata") { statement throws(MBTilesError) in
            guard let name = sqlite3_column_text(statement, 0), let value = sqlite3_column_text(statement, 1) else { return }
            try count(Int(sqlite3_column_bytes(statement, 0)) + Int(sqlite3_column_bytes(statement, 1)))
            result[String(cString: name)] = String(cString: value)
        }
        return result
    }

    /// Sets one metadata row.
    public func setMetadata(_ name: String, _ value: String) throws(MBTilesError) {
        try execute("DELETE FROM metadata WHERE name = ?", [.text(name)])
        try execute("INSERT INTO metadata (name, value) VALUES (?, ?)", [.text(name), .text(value)])
    }

    /// Every tile the file holds, in `TileID` order; rows outside the pyramid are skipped.
    public func tileIDs() throws(MBTilesError) -> [TileID] {
        var ids: [TileID] = []
        try query("SELECT zoom_level, tile_column, tile_row FROM tiles", maxRows: meter.budget.maxTiles, table: "tiles") { statement in
            let zoom = Int(sqlite3_column_int64(statement, 0))
            let column = Int(sqlite3_column_int64(statement, 1))
            let row = Int(sqlite3_column_int64(statement, 2))
            if let id = TileID(zoom: zoom, x: column, tmsRow: row) { ids.append(id) }
        }
        return ids.sorted()
    }

    /// The stored bytes of tile `id` (often gzip), or nil when the file does not have it. One lookup: a file
    /// without an index on (zoom, column, row) makes it a scan of the table, so readers of every tile use
    /// `forEachTile`.
    public func tile(_ id: TileID) throws(MBTilesError) -> [UInt8]? {
        var bytes: [UInt8]?
        try query(
            "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
            [.int(id.zoom), .int(id.x), .int(id.tmsRow)], maxRows: meter.budget.maxTiles, table: "tiles"
        ) { statement throws(MBTilesError) in
            bytes = try blob(statement, 0)
        }
        return bytes
    }

    /// Every tile of the file with its stored bytes, in one pass over the table (no lookups: a file without an
    /// index costs one scan, not one a tile), in the order the file gives them: at most `budget.maxTiles` rows,
    /// one tile's bytes at a time. Rows outside the pyramid are skipped.
    public func forEachTile(_ body: (TileID, [UInt8]) throws(MBTilesError) -> Void) throws(MBTilesError) {
        try query("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles", maxRows: meter.budget.maxTiles, table: "tiles") {
            statement throws(MBTilesError) in
            let zoom = Int(sqlite3_column_int64(statement, 0))
            let column = Int(sqlite3_column_int64(statement, 1))
            let row = Int(sqlite3_column_int64(statement, 2))
            guard let id = TileID(zoom: zoom, x: column, tmsRow: row) else { return }
            try body(id, try blob(statement, 3))
        }
    }

    /// Column `index`'s bytes (a blob or text; none for NULL), counted against the byte budget.
    private func blob(_ statement: OpaquePointer, _ index: Int32) throws(MBTilesError) -> [UInt8] {
        // The value is made here (at most `maxValueBytes`: SQLite's length limit refuses a longer one).
        let data = sqlite3_column_blob(statement, index)
        let status = sqlite3_errcode(db)
        guard status != SQLITE_TOOBIG && status != SQLITE_NOMEM else { throw failure("cannot read a tile") }
        let count = Int(sqlite3_column_bytes(statement, index))
        try self.count(count)
        guard count > 0, let data else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: count))
    }

    /// `bytes` of values read: refused once the file has given more than its budget.
    private func count(_ bytes: Int) throws(MBTilesError) {
        if let reason = meter.read(bytes: bytes) { throw MBTilesError(path: path, message: reason) }
    }

    /// Stores (or replaces) tile `id`.
    public func write(_ bytes: [UInt8], for id: TileID) throws(MBTilesError) {
        try execute(
            "INSERT OR REPLACE INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?, ?, ?, ?)",
            [.int(id.zoom), .int(id.x), .int(id.tmsRow), .blob(bytes)])
    }

    /// Runs `body` inside one transaction (committed when it returns, rolled back when it throws).
    public func transaction(_ body: () throws(MBTilesError) -> Void) throws(MBTilesError) {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        try execute("COMMIT")
    }

    // MARK: - Statements (internal: `StagedTiles` keeps its own table in the file it fills)

    enum Binding {
        case int(Int)
        case text(String)
        case blob([UInt8])
    }

    private func failure(_ what: String) -> MBTilesError {
        if let stopped = meter.stopped { return MBTilesError(path: path, message: stopped) }
        if let db, sqlite3_errcode(db) == SQLITE_TOOBIG {
            return MBTilesError(path: path, message: "a value is longer than \(MBTilesMeter.size(meter.budget.maxValueBytes)) (SQLite: string or blob too big); a tile is at most that long")
        }
        let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"
        return MBTilesError(path: path, message: "\(what) (\(reason))")
    }

    func execute(_ sql: String) throws(MBTilesError) {
        meter.begin()
        meter.enter()
        let status = sqlite3_exec(db, sql, nil, nil, nil)
        meter.leave()
        guard status == SQLITE_OK else { throw failure("cannot update the MBTiles file") }
    }

    func execute(_ sql: String, _ bindings: [Binding]) throws(MBTilesError) {
        try query(sql, bindings) { _ in }
    }

    func column(_ sql: String) throws(MBTilesError) -> [String] {
        var values: [String] = []
        try query(sql, maxRows: meter.budget.maxTiles, table: "the query") { statement throws(MBTilesError) in
            if let text = sqlite3_column_text(statement, 0) {
                try count(Int(sqlite3_column_bytes(statement, 0)))
                values.append(String(cString: text))
            }
        }
        return values
    }

    /// Runs `sql` with `bindings`, `row` once a row, within the budget: at most `maxRows` rows (of `table`,
    /// for the message), the steps and seconds of one statement.
    func query(
        _ sql: String, _ bindings: [Binding] = [], maxRows: Int = 1, table: String = "the query", row: (OpaquePointer) throws(MBTilesError) -> Void
    ) throws(MBTilesError) {
        meter.begin()
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure("not a readable MBTiles file")
        }
        defer { sqlite3_finalize(statement) }
        for (offset, binding) in bindings.enumerated() {
            let index = Int32(offset + 1)
            switch binding {
            case .int(let value): sqlite3_bind_int64(statement, index, sqlite3_int64(value))
            case .text(let value): sqlite3_bind_text(statement, index, value, -1, walkscape_sqlite_transient())
            case .blob(let value):
                value.withUnsafeBytes { raw in
                    _ = sqlite3_bind_blob64(statement, index, raw.baseAddress, sqlite3_uint64(raw.count), walkscape_sqlite_transient())
                }
            }
        }
        while true {
            meter.enter()
            let status = sqlite3_step(statement)
            meter.leave()
            if status == SQLITE_ROW {
                if let reason = meter.row(limit: maxRows, of: table) { throw MBTilesError(path: path, message: reason) }
                try row(statement)
            } else if status == SQLITE_DONE {
                return
            } else {
                throw failure("cannot read the MBTiles file")
            }
        }
    }
}
