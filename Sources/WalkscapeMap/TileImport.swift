import WalkscapeSystem
import Foundation
import WalkscapeCore

/// Adds vector tiles from a local source to an MBTiles file, for authors: from another MBTiles file, or from a
/// directory of `Z/X/Y.pbf` (or `.mvt`) files in the XYZ scheme, as tile servers and `ogr2ogr -f MVT` write them.
/// The source is read one tile at a time, within the budgets the map reader keeps (`MBTilesBudget`,
/// `VectorTileDecoder.Budget.map`: a source the tour's map could not be read from is refused), each tile
/// decoded and written into a copy of the target beside it; only when every tile decodes is the copy renamed
/// over the old file, so the target is never half-written.
public enum TileImport {
    /// What an import did.
    public struct Outcome: Sendable, Equatable {
        public var added: Int
        public var zooms: ClosedRange<Int>
        public var attribution: String?
    }

    /// Why an import wrote nothing: `error` names the file; `unreadableSource` when the source itself could not
    /// be read (missing, not MBTiles, over its budget), not a tile of it or the target.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var error: MBTilesError
        public var unreadableSource: Bool

        public var description: String { error.description }
    }

    /// Adds the tiles of `source` (an `.mbtiles` file or a `Z/X/Y.pbf` directory) to the MBTiles file at
    /// `target` (created when missing; tiles already there are kept unless replaced), with the source's
    /// attribution when it has one. Every tile must decode, within `mapBudget`, or nothing is written.
    public static func add(
        from source: String, to target: String, budget: MBTilesBudget = MBTilesBudget(), mapBudget: VectorTileDecoder.Budget = .map
    ) throws(Failure) -> Outcome {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            throw Failure(error: MBTilesError(path: source, message: "no such file or directory; expected an .mbtiles file or a Z/X/Y.pbf directory"), unreadableSource: true)
        }
        var sourceFile: MBTilesFile?
        var attribution: String?
        if !isDirectory.boolValue {
            do {
                let file = try MBTilesFile(path: source, budget: budget)
                attribution = try file.metadata()["attribution"].map(BasemapReader.plainAttribution)
                sourceFile = file
            } catch {
                throw Failure(error: error, unreadableSource: true)
            }
        }
        if attribution?.isEmpty == true { attribution = nil }
        let manager = FileManager.default
        let directory = FilePathText.parent(of: target)
        // The folders made for the target, removed again when nothing is added.
        var made: [String] = []
        var missing = directory
        while !missing.isEmpty && missing != "/" && missing != "." && !manager.fileExists(atPath: missing) {
            made.append(missing)
            missing = FilePathText.parent(of: missing)
        }
        if !directory.isEmpty { try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        let partial = "\(directory.isEmpty ? "." : directory)/.\((target as NSString).lastPathComponent).partial-\(getpid())"
        try? manager.removeItem(atPath: partial)
        if manager.fileExists(atPath: target) {
            do { try manager.copyItem(atPath: target, toPath: partial) } catch {
                throw Failure(error: MBTilesError(path: target, message: "cannot copy it to add tiles: \(error.localizedDescription)"), unreadableSource: false)
            }
        }
        var decoding = mapBudget
        var added = 0
        var zooms: ClosedRange<Int>?
        // Set when a tile or the target failed (not the reading of the source).
        var failedPastTheSource = false
        do {
            let file = try MBTilesFile(path: partial, writable: true)
            try file.transaction { () throws(MBTilesError) in
                let store = { (id: TileID, bytes: [UInt8]) throws(MBTilesError) -> Void in
                    failedPastTheSource = true
                    do throws(VectorTileDecoder.DecodingError) {
                        _ = try VectorTileDecoder.decode(bytes, budget: &decoding)
                    } catch {
                        throw MBTilesError(path: source, message: "tile \(id): \(error.description); nothing was added")
                    }
                    try file.write(bytes, for: id)
                    added += 1
                    zooms = min(zooms?.lowerBound ?? id.zoom, id.zoom)...max(zooms?.upperBound ?? id.zoom, id.zoom)
                    failedPastTheSource = false
                }
                if let sourceFile {
                    try sourceFile.forEachTile(store)
                } else {
                    try forEachDirectoryTile(source, budget: budget, store)
                }
                guard added > 0 else { throw MBTilesError(path: source, message: "holds no tiles") }
                failedPastTheSource = true
                try describe(file, attribution: attribution, name: (target as NSString).lastPathComponent)
            }
        } catch {
            try? manager.removeItem(atPath: partial)
            try? manager.removeItem(atPath: partial + "-journal")
            for folder in made { rmdir(folder) }
            throw Failure(error: error, unreadableSource: !failedPastTheSource && error.path != partial)
        }
        guard rename(partial, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: partial)
            throw Failure(error: MBTilesError(path: target, message: "cannot replace it: \(reason)"), unreadableSource: false)
        }
        return Outcome(added: added, zooms: zooms ?? 0...0, attribution: attribution)
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

    /// Each tile file of the `Z/X/Y.pbf` directory `root` with its bytes, one at a time, within `budget`: at
    /// most `maxTiles` files, each at most `maxValueBytes` (checked before it is read), `maxTotalBytes` in all.
    static func forEachDirectoryTile(
        _ root: String, budget: MBTilesBudget, _ body: (TileID, [UInt8]) throws(MBTilesError) -> Void
    ) throws(MBTilesError) {
        let manager = FileManager.default
        guard let zooms = try? manager.contentsOfDirectory(atPath: root) else {
            throw MBTilesError(path: root, message: "cannot list the directory")
        }
        var count = 0
        var total = 0
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
                    count += 1
                    guard count <= budget.maxTiles else {
                        throw MBTilesError(path: root, message: "holds more than \(MBTilesMeter.grouped(budget.maxTiles)) tiles; a tour's map holds at most that many")
                    }
                    var info = stat()
                    guard stat(path, &info) == 0 else { throw MBTilesError(path: path, message: "cannot be read") }
                    let size = Int(info.st_size)
                    guard size <= budget.maxValueBytes else {
                        throw MBTilesError(path: path, message: "is larger than \(MBTilesMeter.size(budget.maxValueBytes)); a tile is at most that long")
                    }
                    total += size
                    guard total <= budget.maxTotalBytes else {
                        throw MBTilesError(path: root, message: "its tiles come to more than \(MBTilesMeter.size(budget.maxTotalBytes)); a tour's map holds at most that much")
                    }
                    guard let handle = FileHandle(forReadingAtPath: path) else { throw MBTilesError(path: path, message: "cannot be read") }
                    let data: Data
                    do {
                        defer { try? handle.close() }
                        data = try handle.read(upToCount: budget.maxValueBytes + 1) ?? Data()
                    } catch {
                        throw MBTilesError(path: path, message: "cannot be read: \(error.localizedDescription)")
                    }
                    guard data.count <= budget.maxValueBytes else {
                        throw MBTilesError(path: path, message: "is larger than \(MBTilesMeter.size(budget.maxValueBytes)); a tile is at most that long")
                    }
                    try body(id, [UInt8](data))
                }
            }
        }
    }
}
