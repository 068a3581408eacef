import WalkscapeAudio
import WalkscapeCore
import WalkscapeLive
import WalkscapeTUI
import WalkscapeTraces

/// What `walkscape play` was asked to open, its options read and checked: the values `PlayApp.run` works from.
public struct PlayRequest: Sendable {
    /// A tour directory (or its tour.json), a directory of tours, or nil for `toursDirectory`.
    public var tour: String?
    /// The tours directory the catalogue opens on when no TOUR is given.
    public var toursDirectory: String
    /// `--trace`: the walk to replay; the player opens at once.
    public var trace: String?
    /// The narration language asked for, and whether it is only the locale's preference (not `--lang`).
    public var language: String?
    public var languageIsPreference: Bool
    /// `--subs`: a subtitle language, `off`, or nil for the narration's.
    public var subtitles: String?
    public var speed: Double
    public var allowMissing: Bool
    /// `--watch`: reload the tour when its files change.
    public var watch: Bool
    public var walkSpeed: Double
    public var selection: TraceSelection
    /// `--gps` and its options: a live walk.
    public var live: LiveWalkSource?
    public var audio: AudioOutputChoice
    public var settings: PlaySettings
    /// The bearer token for downloads from the catalogue.
    public var token: String?

    public init(
        tour: String?, toursDirectory: String, trace: String?, language: String?, languageIsPreference: Bool, subtitles: String?,
        speed: Double, allowMissing: Bool, watch: Bool, walkSpeed: Double, selection: TraceSelection, live: LiveWalkSource?,
        audio: AudioOutputChoice, settings: PlaySettings, token: String?
    ) {
        self.tour = tour
        self.toursDirectory = toursDirectory
        self.trace = trace
        self.language = language
        self.languageIsPreference = languageIsPreference
        self.subtitles = subtitles
        self.speed = speed
        self.allowMissing = allowMissing
        self.watch = watch
        self.walkSpeed = walkSpeed
        self.selection = selection
        self.live = live
        self.audio = audio
        self.settings = settings
        self.token = token
    }
}
