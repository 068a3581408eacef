/// What can happen to the engine: the walk starts, a GPS fix arrives (time moves with it), or the trace ends.
public enum EngineAction: Sendable, Equatable {
    /// The walk starts at t = 0.
    case start
    /// A fix at `t` seconds since the first fix; `accuracy` is its horizontal error in metres (NaN: unknown).
    case fix(t: Double, location: LatLng, accuracy: Double)
    /// Time passes to `t` with no fix (audio that ends by then finishes).
    case advance(to: Double)
    /// No more fixes: the audio plays out and the tour ends, complete or not.
    case traceEnded
    /// The listener moves the playing audio to `offset` seconds into it, at time `t` (player controls).
    case seekAudio(to: Double, at: Double)
    /// The listener skips the rest of the playing audio at `t`: it finishes now and the queue moves on.
    case skipAudio(at: Double)
    /// The listener replays point `point`'s audio from the start at `t` (the current one, or an earlier
    /// one); whatever plays stops first. Replaying never triggers or skips points.
    case replayAudio(point: Int, at: Double)
    /// The player's next button at `t`, under the policy's `ManualControls` (walkscape: skip the narration;
    /// iOS: the screen's next point plays; Android: the cursor moves on, the point counts as triggered).
    case nextPoint(at: Double)
    /// The player's previous button at `t`, under the policy's `ManualControls`.
    case previousPoint(at: Double)
}
