import Foundation
import WalkscapeCore
import WalkscapeMap
import WalkscapeTours
import WalkscapeRemoteModel

/// What a download has already staged, kept beside the staged files (`.walkscape-download.json`) so that
/// a run after an interruption resumes where the last one stopped.
struct DownloadState: Sendable, Equatable {
    /// A file written in full and checked: its size and SHA-256.
    struct Complete: Sendable, Equatable {
        var size: Int
        var sha256: String
    }

    static let fileName = ".walkscape-download.json"

    var tourID: String
    var version: Int
    var complete: [String: Complete] = [:]
    /// The validator (ETag) of each partly written file, for `If-Range`.
    var partialETags: [String: String] = [:]
    /// The total size planned, for `walkscape tours` (bytes; the cover's unknown size counts 0).
    var totalBytes = 0
    /// Whether map tiles are planned too (their size is unknown until they arrive).
    var mapTiles = false

    init(tourID: String, version: Int, totalBytes: Int) {
        self.tourID = tourID
        self.version = version
        self.totalBytes = totalBytes
    }

    /// Reads the state in `directory`; nil when there is none or it cannot be read (then the staged files
    /// are not trusted).
    static func read(in directory: String) -> DownloadState? {
        guard let data = FileManager.default.contents(atPath: directory + "/" + fileName),
            let json = try? JSONParser().parse(Array(data)),
            let tourID = json["tourId"]?.stringValue, let version = json["version"]?.intValue
        else { return nil }
        var state = DownloadState(tourID: tourID, version: version, totalBytes: json["totalBytes"]?.intValue ?? 0)
        state.mapTiles = json["mapTiles"]?.boolValue ?? false
        for (path, value) in json["complete"]?.objectMembers ?? [] {
            if let size = value["size"]?.intValue, let sha256 = value["sha256"]?.stringValue {
                state.complete[path] = Complete(size: size, sha256: sha256)
            }
        }
        for (path, value) in json["partial"]?.objectMembers ?? [] {
            if let etag = value["etag"]?.stringValue { state.partialETags[path] = etag }
        }
        return state
    }

    /// Writes the state into `directory`, atomically.
    func write(in directory: String) throws(RemoteError) {
        let json: JSONValue = .object([
            ("tourId", .string(tourID)), ("version", .integer(version)), ("totalBytes", .integer(totalBytes)),
            ("complete", .object(complete.sorted { $0.key < $1.key }.map { (key: $0.key, value: .object([("size", .integer($0.value.size)), ("sha256", .string($0.value.sha256))])) })),
            ("partial", .object(partialETags.sorted { $0.key < $1.key }.map { (key: $0.key, value: .object([("etag", .string($0.value))])) })),
        ] + (mapTiles ? [("mapTiles", .bool(true))] : []))
        // Written often (after every file), so not flushed: the temporary file renamed over the old one still
        // leaves a whole state or the previous one, and the next run hashes every file it lists again.
        let path = directory + "/" + DownloadState.fileName
        do {
            try AtomicFileWriter.write(Array(JSONWriter().write(json).utf8), to: path, flush: false)
        } catch {
            throw RemoteError(.local, error.message)
        }
    }

    /// Removes the temporary files (`AtomicFileWriter`'s, of this state and of `tour.json`; the map's partial
    /// tile file) that a killed run may have left in the staging directory: they must not be installed with the tour.
    /// `keepingMap` keeps the map's partial file, installed with a tour whose map could not be fetched, for
    /// `walkscape tiles TOUR --fetch` to resume.
    static func removeLeftovers(in directory: String, keepingMap: Bool = false) {
        let prefixes = ["." + fileName + ".tmp-", ".tour.json.tmp-"]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where prefixes.contains(where: name.hasPrefix) {
            unlink(directory + "/" + name)
        }
        if !keepingMap { StagedTiles.discard(StagedTiles.partialPath(for: directory + "/" + MapTilePlan.localPath)) }
    }

    /// Bytes already staged in full.
    var completeBytes: Int { complete.values.reduce(0) { $0 + $1.size } }
}
