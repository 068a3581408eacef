import WalkscapeCore
import WalkscapeRuntime
import WalkscapeTUI

/// The terminal player's walk: a `Walk` (the runtime's driver, clock and source) with the speeds the player
/// steps through and the listener's controls. What the screen shows comes from the walk's snapshot, never
/// from trace indices, so a live walk plays on the same screen. Pure: the terminal loop feeds it wall-clock
/// time and keys through `Player.reduce`; every call returns the walk's `WalkUpdate` (its events and audio
/// commands), which the reducer hands back as a `PlayerEffect.walkUpdate` for the loop to give the
/// `AudioSink`. A value: a copy of a replay (its cursor included) steps on its own.
public struct PlayerSession: Sendable {
    /// What the audio side must do after an update.
    public typealias AudioCommand = WalkAudioCommand
    /// Who may hold the walk paused.
    public typealias PauseHolder = WalkscapeRuntime.PauseHolder

    /// Replay speeds the `[`/`]` keys step through (`ReplaySpeeds.steps`).
    public static let speeds: [Double] = ReplaySpeeds.steps
    /// The speeds at which the narration is heard (`WalkAudioCommand.audibleSpeeds`).
    public static let audibleSpeeds: ClosedRange<Double> = WalkAudioCommand.audibleSpeeds

    /// Whether the narration is heard at `speed`.
    public static func isAudible(speed: Double) -> Bool { WalkAudioCommand.isAudible(speed: speed) }

    /// The walk: source (a replay's cursor in it), driver and clock.
    public private(set) var walk: Walk
    /// True for a live walk (`play --gps`): no replay speed, no stepping through a trace.
    public let isLive: Bool

    /// A replay of `trace` against `tour` under `policy` at `speed`.
    public init(tour: EngineTour, trace: Trace, policy: EnginePolicy = .standard, speed: Double = 1) {
        walk = Walk(tour: tour, policy: policy, source: TraceReplaySource(trace), speed: speed)
        isLive = false
    }

    /// The player over any walk (a live one, say).
    public init(walk: Walk) {
        self.walk = walk
        isLive = !(walk.source is TraceReplaySource)
    }

    /// The replayed trace's source as it now stands, when the walk is a replay (nil: a live walk).
    public var replay: TraceReplaySource? { walk.source as? TraceReplaySource }

    public var tour: EngineTour { walk.tour }
    public var engine: EngineState { walk.engine }
    /// Seconds since the first fix, on the walk's clock.
    public var traceTime: Double { walk.time }
    public var speed: Double { walk.speed }
    /// Who holds the walk paused; the walk (clock, engine and audio) is paused while anyone does.
    public var pauseHolders: Set<PauseHolder> { walk.clock.pauseHolders }
    /// True while the walk is paused: the clock stops, no fix is fed, the audio is paused.
    public var paused: Bool { walk.paused }
    public var ended: Bool { walk.ended }
    /// Every event so far, in order (the log and the completion summary read it).
    public var events: [EngineEvent] { walk.events }
    /// The number of fixes fed so far (for a replay, the index of the next fix to feed).
    public var nextFix: Int { replay?.nextIndex ?? walk.driver.received }
    /// The index (in the order received) of the last fix the phone delivered to the app, or nil.
    public var lastDeliveredFix: Int? { walk.lastDeliveredIndex }
    /// The walk as the screen sees it.
    public var snapshot: WalkSnapshot { walk.snapshot }
    /// When the next fix is due on the walk's clock (nil: none known yet, or the source is done).
    public var nextFixTime: Double? { walk.source.nextFixTime }

    /// Whether the audio sink leads the walk's clock while a narration plays (`Walk.audioLeads`): the player
    /// with sound sets it.
    public var audioLeads: Bool {
        get { walk.audioLeads }
        set { walk.audioLeads = newValue }
    }

    /// Moves the replay clock by `wallSeconds` × speed (unless paused), feeding every fix reached; while a
    /// narration plays and `audioLeads`, to where the sink's `audio` lead allows. Returns the walk's update:
    /// the new events and the audio commands they call for.
    @discardableResult
    public mutating func advance(wallSeconds: Double, audio: AudioLead? = nil) -> WalkUpdate {
        walk.step(wallSeconds: wallSeconds, audio: audio)
    }

    /// Feeds exactly the next fix (the `.` key while paused).
    @discardableResult
    public mutating func stepOneFix() -> WalkUpdate { walk.stepOneFix() }

    // MARK: Controls

    /// Space: pause or resume the walk and its audio (an overlay's hold is not the listener's to release).
    @discardableResult
    public mutating func togglePause() -> WalkUpdate { walk.togglePause() }

    /// Takes or releases `holder`'s hold on the walk; the update carries `.pause` or `.resume` for the audio
    /// when the walk as a whole changes between running and paused (and audio is playing), nothing otherwise.
    @discardableResult
    public mutating func setPaused(_ hold: Bool, by holder: PauseHolder) -> WalkUpdate { walk.setPaused(hold, by: holder) }

    /// ←/→: seek the playing audio by `seconds`.
    @discardableResult
    public mutating func seekAudio(by seconds: Double) -> WalkUpdate { walk.seekAudio(by: seconds) }

    /// n: skip to the next point's audio (the queued one), or stop the current one.
    @discardableResult
    public mutating func skipAudio() -> WalkUpdate { walk.skipAudio() }

    /// r: replay the current point's audio (or the last one heard).
    @discardableResult
    public mutating func replayCurrent() -> WalkUpdate {
        guard let point = engine.playing?.point ?? lastPlayedPoint else { return WalkUpdate() }
        return walk.replay(point: point)
    }

    /// p: replay the point before the current (or last heard) one.
    @discardableResult
    public mutating func replayPrevious() -> WalkUpdate {
        guard let previous = engine.pointBeforeCurrent else { return WalkUpdate() }
        return walk.replay(point: previous)
    }

    /// n/p under the profile's manual controls (`ManualControls`, the rules live in the engine): walkscape's
    /// own controls are the engine's skip and replay of `pointBeforeCurrent` (what its next/previous buttons
    /// do, without ending the walk), iOS and Android send `.nextPoint`/`.previousPoint`.
    @discardableResult
    public mutating func manualStep(forward: Bool) -> WalkUpdate {
        if engine.policy.manualControls.navigation == .walkscape { return forward ? skipAudio() : replayPrevious() }
        return forward ? walk.nextPoint() : walk.previousPoint()
    }

    /// ←/→: the profile's seek step in seconds (10, Android 15).
    public var seekStep: Double { engine.policy.manualControls.seekStepSeconds }

    /// `[`/`]`: step the speed down or up through `speeds`; the audio follows (muted outside
    /// `audibleSpeeds`, otherwise restarted at the clock's position, stretched for the new speed).
    @discardableResult
    public mutating func changeSpeed(faster: Bool) -> WalkUpdate {
        // A live walk runs at ×1: its fixes come when they come.
        guard !isLive else { return WalkUpdate() }
        let index = PlayerSession.speeds.firstIndex { $0 >= speed } ?? (PlayerSession.speeds.count - 1)
        return walk.setSpeed(PlayerSession.speeds[max(0, min(PlayerSession.speeds.count - 1, index + (faster ? 1 : -1)))])
    }

    /// The last point whose audio started.
    public var lastPlayedPoint: Int? { walk.lastPlayedPoint }

    /// How far into the playing audio the clock is, in seconds (the heard position when muted).
    public var audioPosition: Double? {
        engine.playing.map { traceTime - $0.startedAt }
    }
}
