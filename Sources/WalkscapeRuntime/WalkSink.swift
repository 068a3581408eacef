import WalkscapeCore

/// Where a walk's results go: the audio player, the timeline writer, later an NMEA stream. A walk hands every
/// sink each update, in order, on the walk's thread; a sink must not block it (hand slow work to its own
/// thread, as `AudioSink` does with decoders).
public protocol WalkSink: AnyObject, Sendable {
    /// Called after every step or control that produced something, with the walk as it now is.
    func walk(_ update: WalkUpdate, snapshot: WalkSnapshot)
}
