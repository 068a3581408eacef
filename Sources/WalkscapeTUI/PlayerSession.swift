import WalkscapeCore

/// The terminal player's state between frames: the walk replaying at a chosen speed through the same
/// trigger engine as `simulate`, the listener's controls, and what the screen should show. Pure: the
/// terminal loop feeds it wall-clock time and keys, executes the audio commands it returns, and draws the
/// frame it builds.
public struct PlayerSession: Sendable {
    /// What the audio side must do after an update.
    public enum AudioCommand: Sendable, Equatable {
        /// Start point `point`'s audio `offset` seconds into the recording (heard at `audibleSpeeds`, time-stretched
        /// away from ×1; muted otherwise).
        case play(point: Int, offset: Double)
        case stop
        case pause
        case resume
        case seek(to: Double)
    }

    /// Replay speeds the `[`/`]` keys step through.
    public static let speeds: [Double] = [0.25, 0.5, 1, 1.5, 2, 4, 8, 16, 32, 64]
    /// The speeds at which the narration is heard (time-stretched with its pitch kept away from ×1); outside
    /// them it is muted and its clock runs on.
    public static let audibleSpeeds: ClosedRange<Double> = 0.5...2

    /// Whether the narration is heard at `speed`.
    public static func isAudible(speed: Double) -> Bool { audibleSpeeds.contains(speed) }

    public let tour: EngineTour
    public let trace: Trace
    public private(set) var engine: EngineState
    /// Seconds since the trace's first fix, on the replay clock.
    public private(set) var traceTime: Double = 0
    /// The index of the next fix to feed.
    public private(set) var nextFix = 0
    public private(set) var speed: Double
    /// Who holds the walk paused; the walk (clock, engine and audio) is paused while anyone does.
    public private(set) var pauseHolders: Set<PauseHolder> = []
    /// True while the walk is paused: the clock stops, no fix is fed, the audio is paused. The only place
    /// this is decided (`setPaused(_:by:)` changes it).
    public var paused: Bool { !pauseHolders.isEmpty }
    public private(set) var ended = false
    /// Every event so far, in order (the log and the completion summary read it).
    public private(set) var events: [EngineEvent] = []
    /// The index of the last fix fed (the walker's position), or nil before the first.
    public private(set) var lastFix: Int?
    /// The index of the last fix the phone delivered to the app (`EnginePolicy.fixDelivery`), or nil.
    public private(set) var lastDeliveredFix: Int?
    /// Which fixes reach the engine: the same filter `Simulation.run` applies.
    private var delivery: FixDeliveryFilter

    public init(tour: EngineTour, trace: Trace, policy: EnginePolicy = .standard, speed: Double = 1) {
        self.tour = tour
        self.trace = trace
        self.engine = EngineState(tour: tour, policy: policy)
        self.delivery = FixDeliveryFilter(policy.fixDelivery, distance: policy.distanceModel)
        self.speed = speed
        events = TriggerEngine.reduce(&engine, .start)
    }

    /// The last trace time, or 0 for an empty trace.
    public var traceDuration: Double { trace.count > 0 ? trace.elapsed(trace.count - 1) : 0 }

    /// Moves the replay clock by `wallSeconds` × speed (unless paused), feeding every fix reached; returns
    /// the audio commands the new events call for.
    public mutating func advance(wallSeconds: Double) -> [AudioCommand] {
        guard !paused, !ended, wallSeconds > 0 else { return [] }
        return moveClock(to: traceTime + wallSeconds * speed)
    }

    /// Feeds exactly the next fix (the `.` key while paused).
    public mutating func stepOneFix() -> [AudioCommand] {
        guard !ended else { return [] }
        guard nextFix < trace.count else { return moveClock(to: .infinity) }
        return moveClock(to: trace.elapsed(nextFix))
    }

    private mutating func moveClock(to target: Double) -> [AudioCommand] {
        var new: [EngineEvent] = []
        while nextFix < trace.count, trace.elapsed(nextFix) <= target {
            let i = nextFix
            let action = delivery.action(t: trace.elapsed(i), location: trace.location(i), accuracy: trace.effectiveAccuracy(i))
            TriggerEngine.reduce(&engine, action, into: &new)
            if case .fix = action { lastDeliveredFix = i }
            lastFix = i
            nextFix += 1
        }
        if nextFix >= trace.count {
            // The trace is over: the audio plays out on the clock, then the tour ends.
            let end = max(traceDuration, engine.playing?.endsAt ?? 0)
            if target >= end || target == .infinity {
                TriggerEngine.reduce(&engine, .traceEnded, into: &new)
                ended = true
                traceTime = max(traceTime, min(target, end))
            } else {
                TriggerEngine.reduce(&engine, .advance(to: target), into: &new)
                traceTime = target
            }
        } else {
            TriggerEngine.reduce(&engine, .advance(to: target), into: &new)
            traceTime = target.isFinite ? target : traceTime
        }
        return record(new)
    }

    /// Appends `new` to the log and turns audio events into commands.
    private mutating func record(_ new: [EngineEvent]) -> [AudioCommand] {
        events += new
        var commands: [AudioCommand] = []
        for event in new {
            switch event.kind {
            case .audioStarted:
                if let point = event.point { commands.append(.play(point: point, offset: max(0, traceTime - event.t))) }
            case .audioFinished, .audioCut:
                commands.append(.stop)
            case .audioSeeked:
                commands.append(.seek(to: event.audioSeconds ?? 0))
            default:
                break
            }
        }
        // A start followed by a stop in the same update: only the last state matters for the audio side.
        if let lastPlay = commands.lastIndex(where: { if case .play = $0 { return true } else { return false } }),
            let lastStop = commands.lastIndex(of: .stop), lastStop > lastPlay
        {
            return [.stop]
        }
        return commands
    }

    // MARK: Controls

    /// Who may hold the walk paused.
    public enum PauseHolder: Sendable, Hashable {
        /// The listener (space).
        case listener
        /// An overlay that stops the walk while it is open (`PlayerFrame.Overlay.pausesWalk`).
        case overlay
    }

    /// Space: pause or resume the walk and its audio (an overlay's hold is not the listener's to release).
    public mutating func togglePause() -> [AudioCommand] {
        setPaused(!pauseHolders.contains(.listener), by: .listener)
    }

    /// Takes or releases `holder`'s hold on the walk; returns `.pause` or `.resume` for the audio when the
    /// walk as a whole changes between running and paused (and audio is playing), nothing otherwise.
    public mutating func setPaused(_ hold: Bool, by holder: PauseHolder) -> [AudioCommand] {
        let was = paused
        if hold { pauseHolders.insert(holder) } else { pauseHolders.remove(holder) }
        guard was != paused, engine.playing != nil else { return [] }
        return [paused ? .pause : .resume]
    }

    /// ←/→: seek the playing audio by `seconds`.
    public mutating func seekAudio(by seconds: Double) -> [AudioCommand] {
        guard let playing = engine.playing else { return [] }
        let position = traceTime - playing.startedAt + seconds
        return record(TriggerEngine.reduce(&engine, .seekAudio(to: position, at: traceTime)))
    }

    /// n: skip to the next point's audio (the queued one), or stop the current one.
    public mutating func skipAudio() -> [AudioCommand] {
        record(TriggerEngine.reduce(&engine, .skipAudio(at: traceTime)))
    }

    /// r: replay the current point's audio (or the last one heard).
    public mutating func replayCurrent() -> [AudioCommand] {
        guard let point = engine.playing?.point ?? lastPlayedPoint else { return [] }
        return record(TriggerEngine.reduce(&engine, .replayAudio(point: point, at: traceTime)))
    }

    /// p: replay the point before the current (or last heard) one.
    public mutating func replayPrevious() -> [AudioCommand] {
        guard let current = engine.playing?.point ?? lastPlayedPoint, current > 1 else { return [] }
        return record(TriggerEngine.reduce(&engine, .replayAudio(point: current - 1, at: traceTime)))
    }

    /// n/p under the profile's manual controls (`ManualControls`, the rules live in the engine); walkscape's
    /// own controls keep skip / replay-previous.
    public mutating func manualStep(forward: Bool) -> [AudioCommand] {
        if engine.policy.manualControls.navigation == .walkscape { return forward ? skipAudio() : replayPrevious() }
        return record(TriggerEngine.reduce(&engine, forward ? .nextPoint(at: traceTime) : .previousPoint(at: traceTime)))
    }

    /// ←/→: the profile's seek step in seconds (10, Android 15).
    public var seekStep: Double { engine.policy.manualControls.seekStepSeconds }

    /// `[`/`]`: step the speed down or up through `speeds`.
    public mutating func changeSpeed(faster: Bool) {
        let index = PlayerSession.speeds.firstIndex { $0 >= speed } ?? (PlayerSession.speeds.count - 1)
        speed = PlayerSession.speeds[max(0, min(PlayerSession.speeds.count - 1, index + (faster ? 1 : -1)))]
    }

    /// The last point whose audio started.
    public var lastPlayedPoint: Int? { events.last { $0.kind == .audioStarted }?.point }

    /// How far into the playing audio the clock is, in seconds (the heard position when muted).
    public var audioPosition: Double? {
        engine.playing.map { traceTime - $0.startedAt }
    }
}
