import WalkscapeCore

/// One walk: a fix source stepped through the engine driver on the walk's clock. The player's replay and a
/// live walk are this: the player calls `step` once a frame with the wall time that passed, and never waits
/// (the source is polled). `simulate` folds the same driver over a whole trace at once (`Simulation.run`); a
/// walk of that trace at any speed and framing gives the same timeline (`WalkTests`).
///
/// A walk calls nothing outside itself: each step or control returns a `WalkUpdate` (the new events and the
/// audio commands they call for), and whoever steps the walk hands it on to its sinks (`WalkSink.take(_:from:)`;
/// the player's loop through `PlayerEffect.walkUpdate`). A walk is a value, its replay cursor too
/// (`TraceReplaySource`): a copy steps on its own.
///
/// When the source runs dry the audio plays out on the clock; the walk ends (`tour_completed` or
/// `tour_incomplete`) when the clock reaches the end of the last fix, the playing audio and the queue.
///
/// With `audioLeads` (the player with sound) the sound card's clock is the master while a narration plays:
/// each step takes the sink's `AudioLead`, the walk's clock holds at a trigger until the narration's first
/// sample is heard, follows what has been heard, and reaches the narration's end only when the sink has played
/// its last sample; a move never runs past the start of a narration nor the end of the one playing. While no
/// narration plays (or it is muted) the walk moves on wall time × speed as before.
public struct Walk: Sendable {
    /// How many positions the trail keeps behind the walker.
    public static let trailLength = 60

    /// Where the fixes come from; a replay's cursor is part of it (and so of the walk).
    public private(set) var source: any FixSource
    public private(set) var driver: EngineDriver
    public private(set) var clock: ReplayClock
    /// Every event so far, in order.
    public private(set) var events: [EngineEvent] = []
    public private(set) var ended = false
    /// The index (counting from 0 in the order received) of the last fix the phone delivered, or nil.
    public private(set) var lastDeliveredIndex: Int?
    /// Whether the audio sink leads the clock while a narration plays (see the type's summary).
    public var audioLeads = false
    /// The update `init` produced (`tour_started`): what a sink hears first.
    public let startUpdate: WalkUpdate
    private var trail: [LatLng] = []
    private var distance = 0.0

    /// A walk of `tour` under `policy` fed by `source` at `speed`; `tour_started` is its first event
    /// (`startUpdate`).
    public init(tour: EngineTour, policy: EnginePolicy = .standard, source: any FixSource, speed: Double = 1) {
        self.source = source
        driver = EngineDriver(tour: tour, policy: policy)
        clock = ReplayClock(speed: speed)
        var started: [EngineEvent] = []
        driver.start(into: &started)
        events = started
        startUpdate = WalkUpdate(events: started)
    }

    public var tour: EngineTour { driver.tour }
    public var engine: EngineState { driver.state }
    /// Seconds since the first fix on the walk's clock.
    public var time: Double { clock.time }
    public var speed: Double { clock.speed }
    public var paused: Bool { clock.paused }

    /// The walk as the screen sees it.
    public var snapshot: WalkSnapshot {
        WalkSnapshot(
            time: clock.time, speed: clock.speed, paused: clock.paused, ended: ended, engine: driver.state, origin: driver.origin, lastFix: driver.lastFix,
            lastFixTime: driver.lastFix.map { driver.walkTime(of: $0) }, trail: trail, distanceMeters: distance, fixes: driver.received,
            fixWallAge: source.secondsSinceLastFix, sourceEnded: source.endReason)
    }

    // MARK: Time

    /// Moves the clock by `wallSeconds` × speed (unless paused), feeding every fix due; with `audioLeads` and a
    /// narration playing, to where the sink's `audio` lead allows instead.
    @discardableResult
    public mutating func step(wallSeconds: Double, audio lead: AudioLead? = nil) -> WalkUpdate {
        if source.clockFollowsFixes && !ended { return followFixes(wallSeconds: wallSeconds, audio: lead) }
        guard !ended, let target = clock.target(afterWall: wallSeconds) else { return WalkUpdate() }
        // A live walk's clock waits for its first fix: the walk starts when the walker is first seen.
        if driver.origin == nil, source.nextFixTime == nil, !source.isFinished {
            return move(to: 0)
        }
        return move(to: leadTarget(lead) ?? target)
    }

    /// Where the playing narration's sink lets the clock go, nil when nothing leads it.
    private func leadTarget(_ lead: AudioLead?) -> Double? {
        guard audioLeads, let lead, let playing = driver.state.playing else { return nil }
        return lead.clockTarget(startedAt: playing.startedAt, endsAt: playing.endsAt, now: clock.time)
    }

    /// How long a live walk on the GPS clock waits for the next fix before its clock runs on with the wall
    /// clock (so that narration queued behind the playing one still starts while the GPS is lost).
    public static let gpsHoldoverSeconds = 3.0

    /// A live walk on the GPS clock: every fix that has arrived is taken at its own time, the clock following
    /// the fixes. The clock runs on with the wall clock only when no fix came for `gpsHoldoverSeconds` and
    /// once the source has ended (the audio plays out); a fix that then arrives behind the clock is taken at
    /// the clock's time. Nothing moves while paused.
    ///
    /// With `audioLeads` and a narration playing, fixes past what the sink has played wait, and the clock
    /// follows the sink instead of the hold-over.
    private mutating func followFixes(wallSeconds: Double, audio lead: AudioLead?) -> WalkUpdate {
        guard !clock.paused else { return WalkUpdate() }
        var update = WalkUpdate()
        let playing = driver.state.playing
        while !ended, let next = source.nextFixTime {
            if let limit = leadTarget(lead), next > limit { break }
            update.append(move(to: max(next, clock.time)))
            // A new narration: the sink's lead was for the one before; the next step asks again.
            if audioLeads && driver.state.playing != playing { return update }
        }
        guard !ended, driver.origin != nil || source.isFinished else { return update }
        if let limit = leadTarget(lead) {
            if limit > clock.time { update.append(move(to: limit)) }
            return update
        }
        if source.isFinished || (source.secondsSinceLastFix ?? 0) > Walk.gpsHoldoverSeconds, let target = clock.target(afterWall: wallSeconds) {
            update.append(move(to: target))
        }
        return update
    }

    /// Ends a live walk at once, where it stands (`track` when its source closed): the engine's end as
    /// `simulate` reaches it after the last fix.
    @discardableResult
    public mutating func endNow() -> WalkUpdate {
        guard !ended else { return WalkUpdate() }
        var update = WalkUpdate()
        while let next = source.nextFixTime { update.append(move(to: max(next, clock.time))) }
        // On the wall clock the fixes that arrived since the last step are taken too, at their arrival.
        if !ended, !source.clockFollowsFixes, driver.origin != nil || !source.isFinished { update.append(move(to: clock.time)) }
        if !ended {
            var new: [EngineEvent] = []
            let lastFixTime = driver.lastFix.map { driver.walkTime(of: $0) } ?? 0
            let end = max(lastFixTime, driver.state.playing?.endsAt ?? 0)
            driver.end(into: &new)
            ended = true
            clock.time = max(clock.time, end)
            update.append(record(WalkUpdate(events: new, audio: WalkAudioCommand.commands(for: new, at: clock.time), ended: true)))
        }
        return update
    }

    /// Feeds exactly the next fix (a replay's step while paused); past the last, plays the walk out.
    @discardableResult
    public mutating func stepOneFix() -> WalkUpdate {
        guard !ended else { return WalkUpdate() }
        let before = driver.state.playing
        var update: WalkUpdate
        if let next = source.nextFixTime {
            update = move(to: next, boundedByAudio: false)
        } else if source.isFinished {
            update = move(to: .infinity, boundedByAudio: false)
        } else {
            return WalkUpdate()
        }
        // The clock jumped within the same narration: its audio jumps with it.
        if let playing = driver.state.playing, playing == before, !update.audio.contains(where: \.replacesAudio) {
            update.append(record(WalkUpdate(audio: [.seek(to: clock.time - playing.startedAt)])))
        }
        return update
    }

    /// Moves the clock to `requested`, feeding the fixes on the way. With `audioLeads` (and `boundedByAudio`)
    /// the move stops at the end of the narration playing, and at the first narration that starts on the way:
    /// the sink then leads from its first sample.
    private mutating func move(to requested: Double, boundedByAudio: Bool = true) -> WalkUpdate {
        var new: [EngineEvent] = []
        let wasEnded = ended
        let bounded = audioLeads && boundedByAudio
        var target = requested
        if bounded, let playing = driver.state.playing { target = min(target, max(playing.endsAt, clock.time)) }
        if bounded {
            while let next = source.nextFixTime, next <= target {
                receive(source.take(through: next), into: &new)
                if let started = new.first(where: { $0.kind == .audioStarted }) {
                    clock.time = max(clock.time, started.t)
                    return record(WalkUpdate(events: new, audio: WalkAudioCommand.commands(for: new, at: clock.time, byTime: true)))
                }
            }
        } else {
            receive(source.take(through: target), into: &new)
        }
        if source.isFinished {
            // The source is over: the audio plays out on the clock (the queue too, when audio leads), then the
            // tour ends.
            let lastFixTime = driver.lastFix.map { driver.walkTime(of: $0) } ?? 0
            let end = max(lastFixTime, driver.state.playing?.endsAt ?? 0)
            let queueWaits = bounded && !driver.state.queue.isEmpty
            if (target >= end || target == .infinity) && !queueWaits {
                driver.end(into: &new)
                ended = true
                clock.time = max(clock.time, min(target, end))
            } else {
                driver.advance(to: target, into: &new)
                clock.time = target
            }
        } else {
            if target.isFinite {
                driver.advance(to: target, into: &new)
                clock.time = target
            }
        }
        return record(WalkUpdate(events: new, audio: WalkAudioCommand.commands(for: new, at: clock.time, byTime: true), ended: ended && !wasEnded))
    }

    /// Hands `fixes` to the driver, keeping the trail and the distance walked.
    private mutating func receive(_ fixes: [Fix], into new: inout [EngineEvent]) {
        for var fix in fixes {
            // A live fix that arrives behind the walk's clock (after a GPS hold-over) is taken at the clock's time.
            if let origin = driver.origin, fix.time - origin < clock.time { fix.time = origin + clock.time }
            if let last = driver.lastFix { distance += Geodesy.distance(last.location, fix.location) }
            if driver.receive(fix, into: &new) { lastDeliveredIndex = driver.received - 1 }
            trail.append(fix.location)
            if trail.count > Walk.trailLength + 1 { trail.removeFirst(trail.count - Walk.trailLength - 1) }
        }
    }

    /// Appends the update's events to the log and returns it for the caller to hand on.
    @discardableResult
    private mutating func record(_ update: WalkUpdate) -> WalkUpdate {
        events += update.events
        return update
    }

    // MARK: Controls

    /// Pause or resume for the listener (an overlay's hold is not the listener's to release).
    @discardableResult
    public mutating func togglePause() -> WalkUpdate {
        setPaused(!clock.pauseHolders.contains(.listener), by: .listener)
    }

    /// Takes or releases `holder`'s hold on the walk; the audio pauses or resumes when the walk as a whole
    /// changes between running and paused while audio plays.
    @discardableResult
    public mutating func setPaused(_ hold: Bool, by holder: PauseHolder) -> WalkUpdate {
        guard clock.setPaused(hold, by: holder), driver.state.playing != nil else { return WalkUpdate() }
        return record(WalkUpdate(audio: [clock.paused ? .pause : .resume]))
    }

    /// Seeks the playing audio by `seconds`.
    @discardableResult
    public mutating func seekAudio(by seconds: Double) -> WalkUpdate {
        guard let playing = driver.state.playing else { return WalkUpdate() }
        var new: [EngineEvent] = []
        driver.seekAudio(to: clock.time - playing.startedAt + seconds, at: clock.time, into: &new)
        return record(WalkUpdate(events: new, audio: WalkAudioCommand.commands(for: new, at: clock.time)))
    }

    /// Skips to the queued point's audio, or stops the current one.
    @discardableResult
    public mutating func skipAudio() -> WalkUpdate {
        var new: [EngineEvent] = []
        driver.skipAudio(at: clock.time, into: &new)
        return record(WalkUpdate(events: new, audio: WalkAudioCommand.commands(for: new, at: clock.time)))
    }

    /// Replays point `point`'s audio from its start.
    @discardableResult
    public mutating func replay(point: Int) -> WalkUpdate {
        var new: [EngineEvent] = []
        driver.replayAudio(point: point, at: clock.time, into: &new)
        return record(WalkUpdate(events: new, audio: WalkAudioCommand.commands(for: new, at: clock.time)))
    }

    /// The profile's next button (`EnginePolicy.manualControls`, `EngineAction.nextPoint`): iOS plays the
    /// screen's next point, Android moves the GPS cursor to it; under walkscape's controls it skips the audio.
    @discardableResult
    public mutating func nextPoint() -> WalkUpdate {
        manualStep(forward: true)
    }

    /// The profile's previous button (`EngineAction.previousPoint`).
    @discardableResult
    public mutating func previousPoint() -> WalkUpdate {
        manualStep(forward: false)
    }

    /// A next/previous press; when it completes the tour (next on the last point, as both apps do) the walk ends.
    private mutating func manualStep(forward: Bool) -> WalkUpdate {
        guard !ended else { return WalkUpdate() }
        var new: [EngineEvent] = []
        if forward { driver.nextPoint(at: clock.time, into: &new) } else { driver.previousPoint(at: clock.time, into: &new) }
        if driver.state.ended {
            driver.end(into: &new)
            ended = true
        }
        return record(WalkUpdate(events: new, audio: WalkAudioCommand.commands(for: new, at: clock.time), ended: ended))
    }

    /// The last point whose audio started.
    public var lastPlayedPoint: Int? { driver.state.lastStarted }

    /// Changes the clock's speed. The audio follows: muted (stopped) outside `WalkAudioCommand.audibleSpeeds`;
    /// within them the playing point starts again at the clock's position, stretched for the new speed.
    @discardableResult
    public mutating func setSpeed(_ speed: Double) -> WalkUpdate {
        guard speed != clock.speed, speed > 0, speed.isFinite else { return WalkUpdate() }
        clock.speed = speed
        guard let playing = driver.state.playing else { return WalkUpdate() }
        guard WalkAudioCommand.isAudible(speed: speed) else { return record(WalkUpdate(audio: [.stop])) }
        return record(WalkUpdate(audio: [.play(point: playing.point, offset: clock.time - playing.startedAt)]))
    }
}
