/// What the sound card says of the narration the engine is playing: while audio plays, this leads the walk's
/// clock (the sound card's clock is the master, as in mpv's `audio` sync mode or GStreamer's pipeline clock).
/// The player reads it from its `AudioSink` once a frame and hands it to `Walk.step(wallSeconds:audio:)`.
///
/// Positions are seconds of the *recording* (a stretched narration's heard frame mapped back), so the walk's
/// clock is the narration's start plus the position at every audible speed.
public enum AudioLead: Sendable, Equatable {
    /// Nothing of the narration has been heard yet from `seconds` into its recording: its file is opening, its
    /// first samples are on their way to the speaker, or a seek is under way. The walk waits there.
    case waiting(atSeconds: Double)
    /// The walk's clock may stand at `seconds` into the recording: the wall clock × speed since the player had
    /// the narration's samples, never behind what the speaker has played and, while the stream underruns, never
    /// ahead of what was written (`AudioSink.lead(for:)`).
    case heard(seconds: Double)
    /// The sink has played the recording's last sample (drained).
    case finished

    /// The walk's clock this lead allows for a narration that started at `startedAt` and ends at `endsAt` on
    /// the walk's clock, with the clock now at `now`: never back, and at its end at once when the sink is done
    /// (a recording a little shorter than its measured length does not hold the walk). A waiting narration
    /// never lets the clock reach its end; a heard one does once its position (ahead of the speaker by the
    /// latency of samples on their way) gets there, so that the narration queued behind it, already written
    /// after its last sample, starts on the engine without waiting for that latency.
    public func clockTarget(startedAt: Double, endsAt: Double, now: Double) -> Double {
        switch self {
        case let .waiting(seconds): return max(now, min(startedAt + seconds, endsAt.nextDown))
        case let .heard(seconds): return max(now, min(startedAt + seconds, endsAt))
        case .finished: return max(now, endsAt)
        }
    }
}
