/// A file of the tour (audio, subtitles, images) named relative to the tour directory, with the size
/// and SHA-256 digest the tour file promises for it.
public struct Asset: Sendable, Equatable {
    /// The path relative to the tour directory, with `/` separators.
    public var file: String
    /// The promised size in bytes, when given.
    public var fileSizeBytes: Int?
    /// The promised SHA-256 digest as 64 lowercase hex digits, when given.
    public var sha256: String?
    /// Where the asset object sits in `tour.json`, for messages and for rewriting it.
    public var path: JSONPath
    /// A recording's length in seconds as tour.json records it (`durationSeconds`), when given: what a
    /// missing recording is played as (silence that long) under `--allow-missing`.
    public var durationSeconds: Double?

    public init(file: String, fileSizeBytes: Int? = nil, sha256: String? = nil, path: JSONPath = JSONPath()) {
        self.file = file
        self.fileSizeBytes = fileSizeBytes
        self.sha256 = sha256
        self.path = path
    }

    /// What kind of content an asset holds, judged from where it appears in the tour.
    public enum Role: String, Sendable {
        case audio, subtitles, image, cover
        /// The tour's offline map: vector tiles in one MBTiles file.
        case mapTiles
    }

    /// The reason the path cannot be accepted as a path inside the tour directory, or nil when it can.
    ///
    /// Rejects empty and absolute paths, `..` steps, backslashes, NUL and other control characters.
    /// Symbolic links that lead out of the directory are checked on disk, not here.
    public var pathProblem: String? {
        if file.isEmpty { return "empty path, expected a path relative to the tour directory" }
        // First, so that no message below repeats a path holding escape sequences.
        if file.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
            return "path \(JSONWriter.quoted(file)) contains control characters"
        }
        if file.hasPrefix("/") { return "absolute path \"\(file)\", expected a path relative to the tour directory" }
        if file.contains("\\") { return "path \"\(file)\" contains '\\', use '/' between folders" }
        let steps = file.split(separator: "/", omittingEmptySubsequences: false)
        if steps.contains("..") { return "path \"\(file)\" goes up with '..', it must stay inside the tour directory" }
        if steps.dropLast().contains("") || steps.last == "" { return "path \"\(file)\" has an empty folder name" }
        if file.count > 1, file.first?.isLetter == true, file.dropFirst().first == ":" {
            return "path \"\(file)\" looks like a drive letter path, expected a relative path"
        }
        return nil
    }
}
