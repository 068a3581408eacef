import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeTours

/// The places under a tours directory where downloads live: the installed tours (`DEST/NAME`), the
/// staging area of downloads in progress (`DEST/.walkscape-staging/NAME`) and the previous version of each
/// updated tour kept for rollback (`DEST/.walkscape-previous/NAME`). Hidden names keep the catalogue
/// (`walkscape tours`) from listing the last two as tours.
public struct DownloadArea: Sendable {
    public var destination: String

    public init(destination: String) {
        var path = destination
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.destination = path.isEmpty ? "." : path
    }

    public var stagingRoot: String { destination + "/.walkscape-staging" }
    public var previousRoot: String { destination + "/.walkscape-previous" }
    public func installed(_ name: String) -> String { destination + "/" + name }
    public func staging(_ name: String) -> String { stagingRoot + "/" + name }
    public func previous(_ name: String) -> String { previousRoot + "/" + name }

    /// A download that was started and not finished.
    public struct StagedDownload: Sendable {
        public var name: String
        public var tourID: String
        public var version: Int
        /// Bytes on disk in the staging directory, and the planned total.
        public var stagedBytes: Int
        public var totalBytes: Int
        /// Whether map tiles are planned on top of `totalBytes` (their size is known only as they arrive).
        public var mapTiles = false

        /// The planned size in words: `2.1 MB`, or `2.1 MB + the map tiles`.
        public var plannedText: String { Formatting.bytes(totalBytes) + (mapTiles ? " + the map tiles" : "") }
    }

    /// The unfinished download of `name`, if there is one.
    public func stagedDownload(_ name: String) -> StagedDownload? {
        let directory = staging(name)
        guard let state = DownloadState.read(in: directory) else { return nil }
        return StagedDownload(name: name, tourID: state.tourID, version: state.version,
            stagedBytes: DownloadArea.bytes(under: directory, excluding: DownloadState.fileName), totalBytes: state.totalBytes,
            mapTiles: state.mapTiles)
    }

    /// Every unfinished download, by name.
    public func stagedDownloads() -> [StagedDownload] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: stagingRoot)) ?? []
        return names.sorted().compactMap(stagedDownload)
    }

    /// The total size of the regular files under `directory`.
    static func bytes(under directory: String, excluding name: String) -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return 0 }
        var total = 0
        while let relative = enumerator.nextObject() as? String {
            guard (relative as NSString).lastPathComponent != name else { continue }
            var info = stat()
            if lstat(directory + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { total += Int(info.st_size) }
        }
        return total
    }

    /// Moves the complete staged tour `name` into place. An installed version is kept as the previous one
    /// (replacing any older previous). On Linux the two directories are swapped in one `renameat2` call
    /// (`RENAME_EXCHANGE`), so a reader sees the old tour or the new, never none; elsewhere two renames.
    /// Returns the previous version's path when there was one.
    public func install(_ name: String) throws(RemoteError) -> String? {
        let target = installed(name)
        let staged = staging(name)
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: target) else {
            try DownloadArea.rename(staged, target)
            return nil
        }
        try DownloadArea.makeDirectory(previousRoot)
        let keep = previous(name)
        if fileManager.fileExists(atPath: keep) { try DownloadArea.remove(keep) }
        if DownloadArea.exchange(staged, target) {
            try DownloadArea.rename(staged, keep)  // the staging path now holds the old tour
        } else {
            try DownloadArea.rename(target, keep)
            do {
                try DownloadArea.rename(staged, target)
            } catch {
                try? DownloadArea.rename(keep, target)
                throw error
            }
        }
        return keep
    }

    /// Removes the tour `name`: installed version, unfinished download and previous version. Returns what
    /// was removed.
    public func remove(_ name: String) throws(RemoteError) -> [String] {
        var removed: [String] = []
        for path in [installed(name), staging(name), previous(name)] where FileManager.default.fileExists(atPath: path) {
            try DownloadArea.remove(path)
            removed.append(path)
        }
        return removed
    }

    /// Puts the previous version of `name` back in place of the installed one (which is removed).
    public func restorePrevious(_ name: String) throws(RemoteError) {
        let keep = previous(name)
        guard FileManager.default.fileExists(atPath: keep + "/tour.json") else {
            throw RemoteError(.invalid, "\(installed(name)): no previous version kept (one is kept when a download replaces a tour)")
        }
        let target = installed(name)
        if FileManager.default.fileExists(atPath: target) {
            if DownloadArea.exchange(keep, target) {
                try DownloadArea.remove(keep)
                return
            }
            try DownloadArea.remove(target)
        }
        try DownloadArea.rename(keep, target)
    }

    // MARK: File system

    static func makeDirectory(_ path: String) throws(RemoteError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw RemoteError(.local, "\(path): cannot create the directory: \((error as NSError).localizedDescription)")
        }
    }

    static func remove(_ path: String) throws(RemoteError) {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw RemoteError(.local, "\(path): cannot remove: \((error as NSError).localizedDescription)")
        }
    }

    static func rename(_ from: String, _ to: String) throws(RemoteError) {
        guard Foundation.rename(from, to) == 0 else {
            throw RemoteError(.local, "cannot move \(from) to \(to): \(String(cString: strerror(errno)))")
        }
    }

    /// Swaps two paths atomically where the system can (`DirectoryExchange`); false otherwise.
    static func exchange(_ a: String, _ b: String) -> Bool { DirectoryExchange.exchange(a, b) }
}
