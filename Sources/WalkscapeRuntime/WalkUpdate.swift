import WalkscapeCore

/// What one step or control of a walk produced: the engine's new events and the audio commands they (or the
/// control) call for. The walk returns it; its caller hands it to the sinks with the walk's snapshot.
public struct WalkUpdate: Sendable, Equatable {
    public var events: [EngineEvent]
    public var audio: [WalkAudioCommand]
    /// True on the update that ended the walk (the last one a sink receives; a sink flushes here).
    public var ended: Bool

    public init(events: [EngineEvent] = [], audio: [WalkAudioCommand] = [], ended: Bool = false) {
        self.events = events
        self.audio = audio
        self.ended = ended
    }

    /// True when there is nothing to hand on (no event, no command, not the end).
    public var isEmpty: Bool { events.isEmpty && audio.isEmpty && !ended }

    /// Adds a later update's events and commands to this one.
    public mutating func append(_ later: WalkUpdate) {
        events += later.events
        audio += later.audio
        ended = ended || later.ended
    }
}
