import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemoteModel

/// The directory a new tour is built in, beside its destination (`.NAME.import-PID-XXXXXX`), renamed onto the
/// destination only once it is complete and valid; so the destination is never half-written.
///
/// The process id in the name lets a later run recognise the staging directories of runs that were killed
/// (SIGKILL, a power cut) and remove them, as `ScratchFiles` does for files. A destination replaced with
/// `--force` is swapped out in one `renameat2(RENAME_EXCHANGE)` where Linux allows it (else moved aside to
/// `.NAME.replaced-PID-XXXXXX` first) and removed after.
public struct StagingDirectory: Sendable {
    /// The destination, as the user named it (without trailing `/`).
    public let destination: String
    /// The staging directory.
    public let path: String
    /// The folders made to hold it (the destination's missing parents, outermost first), removed again by
    /// `discard` when they are still empty.
    public var createdFolders: [String] = []

    /// Makes a staging directory for `destination` after removing stale ones; `created` lists those removed.
    public static func create(for destination: String) throws(TourImportError) -> (staging: StagingDirectory, removed: [String]) {
        var target = destination
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        let parent = FilePathText.parent(of: target)
        let folder = parent.isEmpty ? "." : parent
        var missing: [String] = []
        var probe = folder
        while !probe.isEmpty, probe != "/", probe != ".", !FileManager.default.fileExists(atPath: probe) {
            missing.insert(probe, at: 0)
            probe = FilePathText.parent(of: probe)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw TourImportError("\(folder): cannot create the folder for \(target): \((error as NSError).localizedDescription)")
        }
        let removed = removeStale(beside: target)
        var template = Array((folder + "/." + (target as NSString).lastPathComponent + ".import-\(getpid())-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw TourImportError("\(folder): cannot create a staging directory beside \(target): \(String(cString: strerror(errno))); check that the folder is writable")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkdtemp makes it private (0700); the tour gets the permissions any new directory would.
        let mask = umask(0)
        umask(mask)
        chmod(path, 0o777 & ~mask)
        var staging = StagingDirectory(destination: target, path: path)
        staging.createdFolders = missing
        return (staging, removed)
    }

    /// Removes the staging and replaced directories of `destination` left by runs whose process is gone.
    @discardableResult
    public static func removeStale(beside destination: String) -> [String] {
        let parent = FilePathText.parent(of: destination)
        let folder = parent.isEmpty ? "." : parent
        let name = (destination as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for entry in names.sorted() {
            for kind in [".import-", ".replaced-"] where entry.hasPrefix("." + name + kind) {
                let parts = entry.dropFirst(name.count + 1 + kind.count).split(separator: "-")
                guard parts.count == 2, parts[1].count == 6, ScratchFiles.isDead(parts[0]) else { continue }
                if (try? FileManager.default.removeItem(atPath: folder + "/" + entry)) != nil { removed.append(folder + "/" + entry) }
            }
        }
        return removed
    }

    /// Why `destination` cannot be written (it exists and `force` is off, or it is not a tour), or nil.
    public static func destinationProblem(_ destination: String, force: Bool, choose: String = "choose another --dest") -> String? {
        var isDirectory: ObjCBool = false
        var info = stat()
        guard lstat(destination, &info) == 0 else { return nil }
        guard FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue, (info.st_mode & S_IFMT) == S_IFDIR else {
            return "\(destination): already exists and is not a directory; \(choose)"
        }
        guard force else {
            return "\(destination): already exists; \(choose), or add --force to replace it (the old directory is replaced only once the new tour is complete and valid)"
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: destination)) ?? []
        guard entries.isEmpty || entries.contains("tour.json") else {
            return "\(destination): exists and is not a tour directory (no tour.json), so --force does not replace it; \(choose) or empty it"
        }
        return nil
    }

    /// Removes the staging directory and everything in it.
    public func discard() {
        try? FileManager.default.removeItem(atPath: path)
        for folder in createdFolders.reversed() { rmdir(folder) }
    }

    /// Puts the staging directory in place of the destination (replacing it when it exists).
    public func install() throws(TourImportError) {
        var info = stat()
        guard lstat(destination, &info) == 0 else {
            guard rename(path, destination) == 0 else {
                throw TourImportError("cannot move \(path) to \(destination): \(String(cString: strerror(errno)))")
            }
            return
        }
        if DirectoryExchange.exchange(path, destination) {
            try? FileManager.default.removeItem(atPath: path)  // the staging path now holds the old directory
            return
        }
        let parent = FilePathText.parent(of: destination)
        let aside = (parent.isEmpty ? "." : parent) + "/." + (destination as NSString).lastPathComponent + ".replaced-\(getpid())-" + String(path.suffix(6))
        guard rename(destination, aside) == 0 else {
            throw TourImportError("cannot move \(destination) aside to replace it: \(String(cString: strerror(errno)))")
        }
        guard rename(path, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(aside, destination)
            throw TourImportError("cannot move \(path) to \(destination): \(reason)")
        }
        try? FileManager.default.removeItem(atPath: aside)
    }
}
