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
    /// The player's recording (the `play` or `enqueue` control that loaded it) this narration is heard from; a
    /// seek keeps it while `control` becomes the seek's.
    var heardItem: UInt64?
    /// The furthest position heard, and when the sound card last showed progress (or the walk paused).
    var heardSeconds: Double?
    var progressedAt: Double
    /// True once the sound card showed no progress for `AudioSink.stallSeconds`.
    var stalled = false
    /// Where the walk's clock last stood in the recording by this narration's lead (`AudioSink.lead(for:)`), and
    /// when (monotonic seconds): from there it runs on with the wall clock, between what the speaker has played
    /// and what has been written to it. Nil until the player has the narration's first samples (its file is
    /// opening: the walk holds at `seconds`).
    var clockSeconds: Double?
    var clockAt: Double = 0
    /// When the player was handed the narration's samples (monotonic seconds; for one queued ahead, when the
    /// engine started it): the clock runs from there, and the play log's hold while the file opened ends there.
    var writtenAt: Double?
    /// Since when (monotonic seconds) and where on the walk's clock the clock has been held by what was written
    /// (the sound server said the stream ran dry: an underrun), if it is.
    var heldSince: (wall: Double, walkTime: Double)?
    /// The player holds it queued behind the narration before it, in the same stream.
    var queuedAhead = false

    init(point: Int, seconds: Double, issuedAt: Double, walkTime: Double, id: Int) {
        self.point = point
        self.seconds = seconds
        self.issuedAt = issuedAt
        self.walkTime = walkTime
        self.id = id
        progressedAt = issuedAt
    }
}
