/// One recording of a point's narration in one language, with subtitles timed to that recording.
public struct Track: Sendable, Equatable {
    /// The language spoken in the recording.
    public var language: String
    public var audio: Asset
    /// Subtitle files by language, in file order; every one is timed to `audio`.
    public var subtitles: [(language: String, asset: Asset)]
    /// Whether the recording is a stand-in (`"placeholder": true`): silence or a tone that `walkscape import`
    /// or `walkscape new` generated because the narration does not exist yet.
    public var isPlaceholder: Bool

    public init(language: String, audio: Asset, subtitles: [(language: String, asset: Asset)] = [], isPlaceholder: Bool = false) {
        self.language = language
        self.audio = audio
        self.subtitles = subtitles
        self.isPlaceholder = isPlaceholder
    }

    public static func == (lhs: Track, rhs: Track) -> Bool {
        lhs.language == rhs.language && lhs.audio == rhs.audio && lhs.isPlaceholder == rhs.isPlaceholder
            && lhs.subtitles.map(\.language) == rhs.subtitles.map(\.language)
            && lhs.subtitles.map(\.asset) == rhs.subtitles.map(\.asset)
    }

    /// The subtitle asset in `language`, if the track has one.
    public func subtitles(in language: String) -> Asset? {
        subtitles.first { $0.language == language }?.asset
    }
}
