import WalkscapeCore

/// Where a walk's results go: the audio player, the timeline writer, later an NMEA stream. The walk does not
/// call its sinks: whoever steps it hands each update on, in order, on the walk's thread (`take(_:from:)`;
/// the player's loop runs its reducer's `PlayerEffect.walkUpdate`s so). A sink must not block that thread
/// (hand slow work to its own thread, as `AudioSink` does with decoders).
public protocol WalkSink: AnyObject, Sendable {
    /// Called after every step or control that produced something, with the walk as it now is.
    func walk(_ update: WalkUpdate, snapshot: WalkSnapshot)
}

extension WalkSink {
    /// Hands `update` (what `current` just returned) on with the walk's snapshot; an empty update is not handed on.
    public func take(_ update: WalkUpdate, from current: Walk) {
        guard !update.isEmpty else { return }
        walk(update, snapshot: current.snapshot)
    }
}
