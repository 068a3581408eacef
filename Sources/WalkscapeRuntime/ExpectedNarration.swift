/// What the walk expects the sink to play: point `point`'s narration from `seconds` into its recording.
struct ExpectedNarration {
    var point: Int
    /// Where in the recording the walk stands while nothing new is heard (the play's offset, a seek's target).
    var seconds: Double
    /// When the play was issued, and the walk's clock then (the play log).
    var issuedAt: Double
    var walkTime: Double
    /// The command that set it (play or seek), and the player's control number once that was sent.
    var id: Int
    var control: UInt64?
    /// The furthest position heard, and when the sound card last showed progress (or the walk paused).
    var heardSeconds: Double?
    var progressedAt: Double
    /// True once the sound card showed no progress for `AudioSink.stallSeconds`.
    var stalled = false

    init(point: Int, seconds: Double, issuedAt: Double, walkTime: Double, id: Int) {
        self.point = point
        self.seconds = seconds
        self.issuedAt = issuedAt
        self.walkTime = walkTime
        self.id = id
        progressedAt = issuedAt
    }
}
