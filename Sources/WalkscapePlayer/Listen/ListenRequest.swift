import WalkscapeAudio

/// What `walkscape listen` was asked: which narration, from where, how fast, with which subtitles, heard where.
public struct ListenRequest: Sendable {
    public var tour: String
    /// The point's order, from 1.
    public var point: Int
    public var language: String?
    /// A subtitle language, `off`, or nil for the track's own.
    public var subtitles: String?
    /// Seconds into the recording to start at.
    public var from: Double
    public var speed: Double
    public var allowMissing: Bool
    public var audio: AudioOutputChoice

    public init(
        tour: String, point: Int, language: String?, subtitles: String?, from: Double, speed: Double, allowMissing: Bool, audio: AudioOutputChoice
    ) {
        self.tour = tour
        self.point = point
        self.language = language
        self.subtitles = subtitles
        self.from = from
        self.speed = speed
        self.allowMissing = allowMissing
        self.audio = audio
    }
}
