/// What happened during a walk, at what time: the timeline `simulate` prints and `check` compares.
public struct EngineEvent: Sendable, Equatable {
    /// The kinds of event, named as they appear in timelines.
    public enum Kind: String, Sendable, CaseIterable {
        case tourStarted = "tour_started"
        case pointEntered = "point_entered"
        case pointExited = "point_exited"
        case pointTriggered = "point_triggered"
        case pointQueued = "point_queued"
        case pointSkipped = "point_skipped"
        /// The phone app fired the current point again on re-entering its region and restarted its audio
        /// (the iOS app's rules: a likely app bug, flagged in reports).
        case pointRefired = "point_refired"
        case audioStarted = "audio_started"
        case audioFinished = "audio_finished"
        /// The phone app stopped the playing audio before its end without a new narration (the Android app
        /// closing its player when it completes the tour early: a likely app bug, flagged in reports).
        case audioCut = "audio_cut"
        /// The listener moved within the playing audio (player controls only; never in `simulate`).
        case audioSeeked = "audio_seeked"
        case tourCompleted = "tour_completed"
        case tourIncomplete = "tour_incomplete"
        /// The app's process died (`--killed-at`): the audio of `point` (when one played) stops and nothing
        /// more happens; `next` and `missed` as for `tour_incomplete`.
        case appKilled = "app_killed"
    }

    /// Seconds since the trace's first fix.
    public var t: Double
    public var kind: Kind
    /// The point's order, for point and audio events.
    public var point: Int?
    /// Distance in metres from the fix to the point, for events caused by a fix.
    public var distance: Double?
    /// The fix's position, for events caused by a fix.
    public var location: LatLng?
    /// Points waiting in the queue after this event.
    public var queueLength: Int
    /// For `audio_started`: the audio's length in seconds.
    public var audioSeconds: Double?
    /// For `tour_incomplete`: the next point the walker should have reached.
    public var next: Int?
    /// For `tour_incomplete`: the points never triggered, in order.
    public var missed: [Int]?

    public init(
        t: Double, kind: Kind, point: Int? = nil, distance: Double? = nil, location: LatLng? = nil, queueLength: Int = 0,
        audioSeconds: Double? = nil, next: Int? = nil, missed: [Int]? = nil
    ) {
        self.t = t
        self.kind = kind
        self.point = point
        self.distance = distance
        self.location = location
        self.queueLength = queueLength
        self.audioSeconds = audioSeconds
        self.next = next
        self.missed = missed
    }
}
