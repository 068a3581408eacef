import Foundation
import WalkscapeCore

extension AssetFile {
    /// The path to write `asset` at in the tour at `location`, checked before anything is written: every folder
    /// on the way that exists, and the file when it exists, must (after following every symbolic link) lie inside
    /// the tour directory; an existing folder must be a folder and an existing file a regular file. Folders that
    /// do not exist yet are created inside the tour by the writer. Writing then replaces the file (a symbolic link
    /// at its place, which stays inside the tour, is replaced, not written through).
    public static func writablePath(_ asset: Asset, in location: TourLocation) throws(AssetFileError) -> String {
        if let problem = asset.pathProblem { throw AssetFileError(problem) }
        guard let realDirectory = realPath(location.directory) else {
            throw AssetFileError("the tour directory \"\(location.directory)\" cannot be resolved: \(String(cString: strerror(errno)))")
        }
        let prefix = realDirectory.hasSuffix("/") ? realDirectory : realDirectory + "/"
        let steps = asset.file.split(separator: "/").map(String.init)
        var relative = ""
        for (index, step) in steps.enumerated() {
            relative += (relative.isEmpty ? "" : "/") + step
            let path = location.path(of: relative)
            let isLast = index == steps.count - 1
            var info = stat()
            guard lstat(path, &info) == 0 else {
                // The rest is created by the writer, inside the folder checked last.
                if errno == ENOENT { break }
                throw AssetFileError("\"\(relative)\" cannot be examined: \(String(cString: strerror(errno))); nothing was written")
            }
            guard let real = realPath(path) else {
                throw AssetFileError("\"\(relative)\" is a broken symbolic link; nothing was written")
            }
            guard real.hasPrefix(prefix) else {
                throw AssetFileError(
                    "\"\(relative)\" leads out of the tour directory (to \(real)) through a symbolic link; nothing was written, files a tour writes must stay inside it")
            }
            guard stat(path, &info) == 0 else {
                throw AssetFileError("\"\(relative)\" cannot be examined: \(String(cString: strerror(errno))); nothing was written")
            }
            let kind = info.st_mode & S_IFMT
            if !isLast && kind != S_IFDIR {
                throw AssetFileError("\"\(relative)\" is not a folder; nothing was written")
            }
            if isLast && kind != S_IFREG {
                throw AssetFileError("\"\(relative)\" is not a regular file; nothing was written")
            }
        }
        return location.path(of: asset.file)
    }
}
