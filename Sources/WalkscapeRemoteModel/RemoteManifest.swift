import WalkscapeCore
/// A tour's media list in one language (`GET /tours/{id}/manifest?language=L`).
///
/// `offlineMap` (the tour's vector tiles) is read into `offlineMap`; the deployed backend's placeholder (bounds
/// all 0) reads as none.
public struct RemoteManifest: Sendable, Equatable {
    /// One downloadable file: where it is and how big the backend says it is.
    public struct File: Sendable, Equatable {
        public var pointId: String
        /// The point's order (audio entries only); cross-checked against the points.
        public var order: Int?
        /// The subtitle language (subtitle entries only).
        public var language: String?
        /// An absolute URL (a signed CDN link) or one relative to the API base.
        public var fileURL: String
        public var fileSizeBytes: Int
        /// Where the entry is in the response, for messages.
        public var path: JSONPath
    }

    public var tourId: String
    public var language: String
    public var version: Int
    public var audio: [File]
    public var images: [File]
    public var subtitles: [File]
    /// Where the tour's map tiles are and what they cover; nil when the manifest has none.
    public var offlineMap: RemoteOfflineMap?

    /// Reads a manifest asked for in `language`.
    public init(_ value: JSONValue, language requested: String) throws(RemoteFormatError) {
        let fields = try RemoteFields(value, document: "manifest (\(requested))")
        tourId = try fields.identifier("tourId")
        language = try fields.optionalString("language") ?? requested
        version = try fields.integer("version", in: 1...Int.max, expected: "an integer ≥ 1")
        audio = try fields.objects("audio") { entry throws(RemoteFormatError) in
            try RemoteManifest.file(entry, order: try entry.integer("order", in: 1...Int.max, expected: "an integer ≥ 1"))
        }
        images = try fields.optional("images") == nil ? [] : fields.objects("images") { entry throws(RemoteFormatError) in try RemoteManifest.file(entry) }
        let subtitleLanguage = language
        subtitles = try fields.optional("subtitles") == nil ? [] : fields.objects("subtitles") { entry throws(RemoteFormatError) in
            try RemoteManifest.file(entry, language: try entry.optionalString("language") ?? subtitleLanguage)
        }
        offlineMap = try RemoteOfflineMap.read(fields)
    }

    static func file(_ entry: RemoteFields, order: Int? = nil, language: String? = nil) throws(RemoteFormatError) -> File {
        File(
            pointId: try entry.identifier("pointId"), order: order, language: language, fileURL: try entry.string("fileUrl"),
            fileSizeBytes: try entry.integer("fileSizeBytes", in: ValueRanges.fileSizeBytes, expected: "a whole number of bytes from 0 to 2^40 (1 TiB)"), path: entry.path)
    }

    /// Every file of the manifest.
    public var files: [File] { audio + images + subtitles }
}
