import WalkscapeCore
/// A remote tour merged into one `tour.json` document (formatVersion 1) and the files it names.
public struct AssembledTour: Sendable {
    /// The document, every asset with its `file` and `fileSizeBytes`; `sha256` is filled by `completed`.
    public var document: JSONValue
    public var files: [PlannedFile]
    /// Where each asset object sits in the document, and the local path it names.
    public var assets: [(path: JSONPath, localPath: String)]
    public var id: String
    public var slug: String
    /// The content version: the highest manifest version among the languages.
    public var version: Int
    /// The downloaded languages, the tour's default first.
    public var languages: [String]
    /// A directory name for the tour: its slug, made safe as one path component.
    public var directoryName: String
    /// The manifests' `offlineMap` (the default language's, else the first language's that has one); the
    /// document names no map until `addMapTiles` is called, since only a download fetches the tiles.
    public var offlineMap: RemoteOfflineMap?

    /// The total size of every file, in bytes (the cover, of unknown size, counts 0).
    public var totalBytes: Int { files.reduce(0) { $0 + max(0, $1.size) } }

    /// Names `localPath` as the tour's `mapTiles` asset (after `points`), to be completed like the other files.
    public mutating func addMapTiles(at localPath: String) {
        guard case var .object(members) = document, !members.contains(where: { $0.key == "mapTiles" }) else { return }
        let at = (members.firstIndex { $0.key == "points" } ?? members.count - 1) + 1
        members.insert((key: "mapTiles", value: .object([("file", .string(localPath)), ("fileSizeBytes", .integer(0))])), at: at)
        document = .object(members)
        assets.append((JSONPath([.key("mapTiles")]), localPath))
    }

    /// The document with each asset's `fileSizeBytes` and `sha256` set from what was downloaded (by local
    /// path); assets with no entry are left as they are.
    public func completed(_ downloaded: [String: (size: Int, sha256: String)]) -> JSONValue {
        var document = self.document
        for (path, localPath) in assets {
            guard let file = downloaded[localPath] else { continue }
            document.modify(at: path.components) { asset in
                asset.setMember("fileSizeBytes", to: .integer(file.size))
                asset.setMember("sha256", to: .string(file.sha256))
            }
        }
        return document
    }
}
