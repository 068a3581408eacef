@preconcurrency import CSQLite3
import Foundation
import WalkscapeCore

/// Why an MBTiles file could not be read or written: one line naming the file, what went wrong and what to do.
public struct MBTilesError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// An MBTiles file (SQLite: a `metadata` table of name/value rows and a `tiles` table of zoom, column, TMS row
/// and tile bytes), through the SQLite C library. Opened read-only, or for writing (created when missing).
/// Not thread-safe: one owner at a time.
public final class MBTilesFile {
    public let path: String
    private var db: OpaquePointer?

    /// Opens `path`; `writable` creates the file and its tables when missing.
    public init(path: String, writable: Bool = false) throws(MBTilesError) {
        self.path = path
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

    deinit { sqlite3_close_v2(db) }

    /// The metadata rows (name → value).
    public func metadata() throws(MBTilesError) -> [String: String] {
        var result: [String: String] = [:]
        try query("SELECT name, value FROM metadata") { statement in
            guard let name = sqlite3_column_text(statement, 0), let value = sqlite3_column_text(statement, 1) else { return }
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
        try query("SELECT zoom_level, tile_column, tile_row FROM tiles") { statement in
            let zoom = Int(sqlite3_column_int64(statement, 0))
            let column = Int(sqlite3_column_int64(statement, 1))
            let row = Int(sqlite3_column_int64(statement, 2))
            if let id = TileID(zoom: zoom, x: column, tmsRow: row) { ids.append(id) }
        }
        return ids.sorted()
    }

    /// The stored bytes of tile `id` (often gzip), or nil when the file does not have it.
    public func tile(_ id: TileID) throws(MBTilesError) -> [UInt8]? {
        var bytes: [UInt8]?
        try query(
            "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
            [.int(id.zoom), .int(id.x), .int(id.tmsRow)]
        ) { statement in
            let count = Int(sqlite3_column_bytes(statement, 0))
            if count > 0, let blob = sqlite3_column_blob(statement, 0) {
                bytes = Array(UnsafeRawBufferPointer(start: blob, count: count))
            } else {
                bytes = []
            }
        }
        return bytes
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
        let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"
        return MBTilesError(path: path, message: "\(what) (\(reason))")
    }

    func execute(_ sql: String) throws(MBTilesError) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw failure("cannot update the MBTiles file") }
    }

    func execute(_ sql: String, _ bindings: [Binding]) throws(MBTilesError) {
        try query(sql, bindings) { _ in }
    }

    func column(_ sql: String) throws(MBTilesError) -> [String] {
        var values: [String] = []
        try query(sql) { statement in
            if let text = sqlite3_column_text(statement, 0) { values.append(String(cString: text)) }
        }
        return values
    }

    func query(_ sql: String, _ bindings: [Binding] = [], row: (OpaquePointer) -> Void) throws(MBTilesError) {
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
            let status = sqlite3_step(statement)
            if status == SQLITE_ROW {
                row(statement)
            } else if status == SQLITE_DONE {
                return
            } else {
                throw failure("cannot read the MBTiles file")
            }
        }
    }
}
