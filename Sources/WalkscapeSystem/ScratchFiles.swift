import Foundation

/// The temporary files walkscape writes beside a target before renaming them over it, named with the
/// writer's process id so that a later run can recognise and remove those a killed writer left behind.
///
/// Two shapes, both hidden: `.NAME.partial-PID` (a WAV being rendered or recorded) and
/// `.NAME.tmp-PID-XXXXXX` (`AtomicFileWriter`, unique through `mkstemp`). A file of either shape whose
/// process no longer exists is stale; so is one of the older shape `.NAME.tmp-XXXXXX` (no process id)
/// untouched for an hour. This lives in the lowest target that writes files, so every writer shares it.
public enum ScratchFiles {
    /// How old a temporary file without a process id must be before it counts as stale.
    public static let unownedAge: TimeInterval = 3600

    /// `.NAME.partial-PID` beside `path`.
    public static func partialPath(for path: String) -> String {
        sibling(of: path, suffix: ".partial-\(getpid())")
    }

    /// The `mkstemp` template `.NAME.tmp-PID-XXXXXX` beside `path`.
    public static func temporaryTemplate(for path: String) -> String {
        sibling(of: path, suffix: ".tmp-\(getpid())-XXXXXX")
    }

    /// Removes the stale temporary files of `path` (see the type's summary); returns the paths removed. One
    /// listing of the directory: cheap beside the write it comes before.
    @discardableResult
    public static func removeStale(beside path: String) -> [String] {
        let directory = FilePathText.parent(of: path)
        let folder = directory.isEmpty ? "." : directory
        let prefix = "." + (path as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) && isStale(String(name.dropFirst(prefix.count)), in: folder + "/" + name) {
            if unlink(folder + "/" + name) == 0 { removed.append(folder + "/" + name) }
        }
        return removed.sorted()
    }

    /// Whether the temporary file at `fullPath`, named `.NAME` + `tail`, was left by a writer that is gone.
    static func isStale(_ tail: String, in fullPath: String) -> Bool {
        if tail.hasPrefix(".partial-") {
            return isDead(tail.dropFirst(".partial-".count))
        }
        guard tail.hasPrefix(".tmp-") else { return false }
        let rest = tail.dropFirst(".tmp-".count)
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, parts[1].count == 6 { return isDead(parts[0]) }
        // The older shape: no process id, so only its age can tell.
        guard parts.count == 1, rest.count == 6 else { return false }
        var status = stat()
        guard lstat(fullPath, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return Date().timeIntervalSince1970 - Double(status.st_mtim.tv_sec) > unownedAge
    }

    /// Whether `digits` is a process id (decimal) of no running process.
    public static func isDead(_ digits: Substring) -> Bool {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(digits), pid > 0 else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Why no file can be created at `path` because of the folder it would go in: that folder does not exist,
    /// or is not a folder. Nil when the folder is there (then the cause, if any, is the file or its permissions).
    public static func folderProblem(for path: String) -> String? {
        let directory = FilePathText.parent(of: path)
        let folder = directory.isEmpty ? "." : directory
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            return "\(path): the folder \(folder)/ does not exist; create it first (mkdir -p \(folder)) or name a file in a folder that exists"
        }
        if !isDirectory.boolValue { return "\(path): \(folder) is not a folder; name a file in a folder" }
        return nil
    }

    private static func sibling(of path: String, suffix: String) -> String {
        let directory = FilePathText.parent(of: path)
        return (directory.isEmpty ? "." : directory) + "/." + (path as NSString).lastPathComponent + suffix
    }
}
