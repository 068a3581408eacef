import Foundation
import WalkscapeCore

/// Adds vector tiles from a local source to an MBTiles file, for authors: from another MBTiles file, or from a
/// directory of `Z/X/Y.pbf` (or `.mvt`) files in the XYZ scheme, as tile servers and `ogr2ogr -f MVT` write them.
/// Every tile must decode before anything is written; the target is rebuilt beside itself and renamed over
/// the old file, so it is never half-written.
public enum TileImport {
    /// What an import did.
    public struct Outcome: Sendable, Equatable {
        public var added: Int
        public var zooms: ClosedRange<Int>
        public var attribution: String?
    }

    /// The tiles of `source` (an `.mbtiles` file or a `Z/X/Y.pbf` directory) and its attribution, each tile checked.
    public static func read(source: String) throws(MBTilesError) -> (tiles: [(TileID, [UInt8])], attribution: String?) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            throw MBTilesError(path: source, message: "no such file or directory; expected an .mbtiles file or a Z/X/Y.pbf directory")
        }
        var tiles: [(TileID, [UInt8])] = []
        var attribution: String?
        if isDirectory.boolValue {
            tiles = try readDirectory(source)
        } else {
            let file = try MBTilesFile(path: source)
            attribution = try file.metadata()["attribution"].map(BasemapReader.plainAttribution)
            for id in try file.tileIDs() {
                if let bytes = try file.tile(id) { tiles.append((id, bytes)) }
            }
        }
        guard !tiles.isEmpty else { throw MBTilesError(path: source, message: "holds no tiles") }
        for (id, bytes) in tiles {
            do {
                _ = try VectorTileDecoder.decode(bytes)
            } catch {
                throw MBTilesError(path: source, message: "tile \(id): \(error.description); nothing was added")
            }
        }
        return (tiles, attribution?.isEmpty == false ? attribution : nil)
    }

    /// Sets the metadata an MBTiles reader expects: the attribution when one is given, `format` and `name`
    /// when the file has none, and `minzoom`/`maxzoom` from the tiles it holds.
    static func describe(_ file: MBTilesFile, attribution: String?, name: String) throws(MBTilesError) {
        let metadata = try file.metadata()
        if let attribution { try file.setMetadata("attribution", attribution) }
        if metadata["format"] == nil { try file.setMetadata("format", "pbf") }
        if metadata["name"] == nil { try file.setMetadata("name", name) }
        let zooms = try file.tileIDs().map(\.zoom)
        if let low = zooms.min(), let high = zooms.max() {
            try file.setMetadata("minzoom", String(low))
            try file.setMetadata("maxzoom", String(high))
        }
    }

    static func readDirectory(_ root: String) throws(MBTilesError) -> [(TileID, [UInt8])] {
        var tiles: [(TileID, [UInt8])] = []
        let manager = FileManager.default
        guard let zooms = try? manager.contentsOfDirectory(atPath: root) else {
            throw MBTilesError(path: root, message: "cannot list the directory")
        }
        for zoomName in zooms.sorted() {
            guard let zoom = Int(zoomName), let columns = try? manager.contentsOfDirectory(atPath: root + "/" + zoomName) else { continue }
            for columnName in columns.sorted() {
                guard let x = Int(columnName), let rows = try? manager.contentsOfDirectory(atPath: "\(root)/\(zoomName)/\(columnName)") else { continue }
                for rowName in rows.sorted() {
                    let parts = rowName.split(separator: ".", maxSplits: 1)
                    guard parts.count == 2, ["pbf", "mvt", "pbf.gz", "mvt.gz"].contains(parts[1]), let y = Int(parts[0]) else { continue }
                    let path = "\(root)/\(zoomName)/\(columnName)/\(rowName)"
                    guard let id = TileID(zoom: zoom, x: x, y: y) else {
                        throw MBTilesError(path: path, message: "not a tile of zoom \(zoom) (column and row run 0…\((1 << min(zoom, 30)) - 1))")
                    }
                    guard let data = manager.contents(atPath: path) else { throw MBTilesError(path: path, message: "cannot be read") }
                    tiles.append((id, [UInt8](data)))
                }
            }
        }
        return tiles
    }

    /// Adds `tiles` to the MBTiles file at `target` (created when missing; tiles already there are kept unless
    /// replaced), setting its attribution when one is given.
    public static func write(_ tiles: [(TileID, [UInt8])], attribution: String?, to target: String) throws(MBTilesError) -> Outcome {
        let manager = FileManager.default
        let directory = (target as NSString).deletingLastPathComponent
        if !directory.isEmpty { try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        let partial = "\(directory.isEmpty ? "." : directory)/.\((target as NSString).lastPathComponent).partial-\(getpid())"
        try? manager.removeItem(atPath: partial)
        if manager.fileExists(atPath: target) {
            do { try manager.copyItem(atPath: target, toPath: partial) } catch {
                throw MBTilesError(path: target, message: "cannot copy it to add tiles: \(error.localizedDescription)")
            }
        }
        do {
            let file = try MBTilesFile(path: partial, writable: true)
            try file.transaction { () throws(MBTilesError) in
                for (id, bytes) in tiles { try file.write(bytes, for: id) }
                try describe(file, attribution: attribution, name: (target as NSString).lastPathComponent)
            }
        } catch {
            try? manager.removeItem(atPath: partial)
            throw error
        }
        guard rename(partial, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: partial)
            throw MBTilesError(path: target, message: "cannot replace it: \(reason)")
        }
        let zooms = tiles.map(\.0.zoom)
        return Outcome(added: tiles.count, zooms: (zooms.min() ?? 0)...(zooms.max() ?? 0), attribution: attribution)
    }
}
