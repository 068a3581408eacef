import Foundation
import WalkscapeCore
import WalkscapeSystem

/// An asset's file on disk, resolved safely inside its tour directory.
public struct AssetFile: Sendable {
    /// The path to open (tour directory joined with the asset's relative path).
    public var path: String
    /// Its size in bytes.
    public var size: Int

    /// Resolves `asset` inside the tour at `location`: the file must exist, be a regular file, and (after
    /// following every symbolic link) lie inside the tour directory.
    public init(_ asset: Asset, in location: TourLocation) throws(AssetFileError) {
        if let problem = asset.pathProblem { throw AssetFileError(problem) }
        let path = location.path(of: asset.file)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw AssetFileError(
                errno == ENOENT ? "file \"\(asset.file)\" does not exist in the tour directory; add it there or fix the path in tour.json (a downloaded tour: download it again)"
                    : "file \"\(asset.file)\" cannot be read: \(String(cString: strerror(errno)))")
        }
        guard let realDirectory = AssetFile.realPath(location.directory), let realFile = AssetFile.realPath(path) else {
            throw AssetFileError("file \"\(asset.file)\" is a broken symbolic link")
        }
        let prefix = realDirectory.hasSuffix("/") ? realDirectory : realDirectory + "/"
        guard realFile.hasPrefix(prefix) else {
            throw AssetFileError("file \"\(asset.file)\" leads out of the tour directory (to \(realFile)) through a symbolic link; assets must stay inside the tour")
        }
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw AssetFileError("\"\(asset.file)\" is not a regular file")
        }
        self.path = path
        self.size = Int(info.st_size)
    }

    /// The file read as subtitles and parsed; refused when larger than `SRTParser.maxFileBytes` (not a
    /// subtitle file) or unreadable. The one place `listen`, `validate` and the player read a tour's SRT files.
    public func subtitles() throws(AssetFileError) -> SubtitleDocument {
        guard size <= SRTParser.maxFileBytes else { throw AssetFileError("larger than 16 MiB; not a subtitle file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw AssetFileError("cannot be read") }
        return SRTParser().parse(Array(data))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The file's SHA-256 digest as 64 lowercase hex digits, read in 1 MiB chunks.
    public func sha256() throws(AssetFileError) -> String {
        try AssetFile.sha256(ofFile: path)
    }

    /// The SHA-256 of the file at `path` (lowercase hex), read in 1 MiB pieces.
    public static func sha256(ofFile path: String) throws(AssetFileError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AssetFileError("\"\(path)\" cannot be opened for reading")
        }
        defer { try? handle.close() }
        let hasher = MessageDigest(.sha256)
        while true {
            let chunk: Data
            do {
                guard let data = try handle.read(upToCount: 1 << 20), !data.isEmpty else { break }
                chunk = data
            } catch {
                throw AssetFileError("\"\(path)\" could not be read: \(error.localizedDescription)")
            }
            hasher.update(chunk)
        }
        return hasher.finalizeHex()
    }
}
