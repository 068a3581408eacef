import Dispatch
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem

/// Plays a walk's audio commands on an `AudioPlayer`, and says what the sound card has played of the
/// narration the engine is playing (`lead(for:)`), which leads the walk's clock while a narration plays.
///
/// Opening a recording (which for an MP3 scans every frame) happens on the sink's own loader thread, never on
/// the walk's: a point starting does not delay the next frame. Commands run on that thread in the order they
/// came, so a stop or a pause issued while a recording loads still lands after it. The recordings the walk
/// will want next (the first queued point's, and the next point to trigger) are opened ahead on a second
/// thread, so that a narration's wait for its first sample is no more than the stream's latency.
///
/// Gapless: the narration queued behind the playing one (the engine's first queued point) is handed to the
/// player as soon as it is queued (`AudioPlayer.enqueue`), so its first sample is written straight after the
/// playing one's last, in the same stream, and heard with no gap at any sink latency; when the engine starts it,
/// the sink adopts what the player already holds. A narration the engine starts while the one before still
/// sounds its last moments (already written) is queued behind them the same way, never over them.
///
/// The walk's clock never waits on the sink's latency: it holds only while a file opens (`AudioLead.waiting`)
/// and when the sound server says the stream underran. From the moment the player is handed a narration's
/// samples, the clock runs on with the wall clock while they travel to the speaker, never behind what the
/// speaker has played (`lead(for:)`). Nothing is skipped: a narration starts at the offset the walk asked for.
/// Nothing is flushed at a narration's end: the stream plays its last samples out.
///
/// The narration is heard within `WalkAudioCommand.audibleSpeeds`, time-stretched away from ×1 with its pitch
/// kept; outside them it is muted.
public final class AudioSink: WalkSink, @unchecked Sendable {
    /// How long a narration may show no progress on the sound card (while not paused) before the sink stops
    /// leading the walk and the walk's own clock takes over, with a notice: a sound card that stalls never
    /// holds the walk for good.
    public static let stallSeconds = 5.0

    public let player: AudioPlayer
    private let recordingPath: @Sendable (Int) -> String?
    private let clock: any MonotonicClock
    private let onNotice: @Sendable (String) -> Void
    private let loader = DispatchQueue(label: "walkscape.audio-loader", qos: .userInitiated)
    private let preparer = DispatchQueue(label: "walkscape.audio-preparer", qos: .utility)
    private let lock = NSLock()
    /// Bumped by every command that replaces the audio (play, stop): a load overtaken by a later one is
    /// dropped without opening its file.
    private var generation = 0
    /// What the walk expects to hear, nil when silent.
    private var expected: ExpectedNarration?
    /// The stretchers of the recordings the player holds, by the control that loaded them (the heard one and
    /// the one queued behind it).
    private var stretchers: [UInt64: TimeStretchDecoder] = [:]
    /// The walk's holds for lack of sound written ahead, for the play log.
    private var holds: [NarrationHold] = []
    /// Holds shorter than this are not reported (a frame's jitter).
    static let reportedHoldSeconds = 0.05
    private var paused = false
    private var speed = 1.0
    /// Recordings opened ahead, by path.
    private var prepared: [String: PreparedRecording] = [:]
    /// The first moment each narration was heard, for the play log.
    private var timings: [NarrationTiming] = []
    /// The narration handed to the player behind the one playing (`AudioPlayer.enqueue`), before the engine
    /// starts it: its point, the speed it was stretched for, the command generation it belongs to, and the
    /// player's control number once the loader has sent it.
    private var queuedAhead: (point: Int, speed: Double, generation: Int, control: UInt64?)?
    /// How far the playing narration may still have to sound (heard seconds of output) for a narration that
    /// the engine starts to be queued behind it instead of replacing it: its last moments, already written.
    static let tailSeconds = 3.0
    /// How far the walk's clock may run past what was written to the sink while the stream is not underrunning:
    /// latency, which it does not wait for, bounded for a sink that claims to have played what it holds.
    static let latencyAllowanceSeconds = 3.0

    /// A sink playing on `player`; `recordingPath` gives a point's recording (nil: none, silence). `clock`
    /// times a stalled sound card and the play log's latencies; `onNotice` hears why the sink stopped leading.
    public init(
        player: AudioPlayer, clock: any MonotonicClock = SystemClock(), onNotice: @escaping @Sendable (String) -> Void = { _ in },
        recordingPath: @escaping @Sendable (Int) -> String?
    ) {
        self.player = player
        self.clock = clock
        self.onNotice = onNotice
        self.recordingPath = recordingPath
    }

    public func walk(_ update: WalkUpdate, snapshot: WalkSnapshot) {
        execute(update.audio, speed: snapshot.speed, paused: snapshot.paused, walkTime: snapshot.time)
        prepare(points: AudioSink.upcoming(snapshot.engine))
        queueBehind(playing: snapshot.engine.playing?.point, queued: snapshot.engine.queue.first)
    }

    /// Hands the narration queued behind the playing one to the player, so that it follows without a gap (once
    /// per queued point; a different first queued point replaces it).
    public func queueBehind(playing: Int?, queued: Int?) {
        let request: (point: Int, speed: Double, generation: Int)? = lock.withLock {
            guard let playing, let queued, WalkAudioCommand.isAudible(speed: speed), expected?.point == playing, expected?.stalled != true
            else { return nil }
            if let ahead = queuedAhead, ahead.point == queued, ahead.speed == speed, ahead.generation == generation { return nil }
            queuedAhead = (queued, speed, generation, nil)
            return (queued, speed, generation)
        }
        guard let request, let path = recordingPath(request.point) else { return }
        loader.async {
            guard self.lock.withLock({ self.generation == request.generation && self.queuedAhead?.point == request.point }) else { return }
            guard let decoder = self.take(path: path, speed: request.speed) else {
                self.lock.withLock { if self.queuedAhead?.point == request.point { self.queuedAhead = nil } }
                return
            }
            let control = self.player.enqueue(decoder, point: request.point)
            self.lock.withLock {
                // Only the recordings the player still holds: the one heard and this one.
                self.stretchers = self.stretchers.filter { $0.key == self.expected?.heardItem }
                self.stretchers[control] = decoder as? TimeStretchDecoder
                if self.queuedAhead?.point == request.point { self.queuedAhead?.control = control }
                if self.expected?.point == request.point, self.expected?.queuedAhead == true, self.expected?.control == nil {
                    self.expected?.control = control
                    self.expected?.heardItem = control
                }
            }
        }
    }

    /// Runs `commands` for a walk now at `speed`, paused or not, its clock at `walkTime`. Returns at once.
    public func execute(_ commands: [WalkAudioCommand], speed: Double, paused: Bool, walkTime: Double = 0) {
        let issued = clock.now()
        lock.withLock {
            self.speed = speed
            if self.paused != paused {
                expected?.progressedAt = issued
                // The clock runs on from where the pause stopped it, not from before it.
                expected?.clockAt = issued
            }
            self.paused = paused
        }
        for command in commands {
            switch command {
            case let .play(point, offset):
                let audible = WalkAudioCommand.isAudible(speed: speed)
                let (current, adopted) = lock.withLock { () -> (Int, Bool) in
                    let ahead = queuedAhead
                    queuedAhead = nil
                    // The player already holds it behind the narration before (queued when the engine queued it):
                    // adopted, not loaded again.
                    if audible, let ahead, ahead.point == point, ahead.speed == speed, ahead.generation == generation, expected != nil {
                        var narration = ExpectedNarration(point: point, seconds: offset, issuedAt: issued, walkTime: walkTime, id: generation)
                        narration.queuedAhead = true
                        narration.control = ahead.control
                        narration.heardItem = ahead.control
                        narration.writtenAt = issued
                        expected = narration
                        return (generation, true)
                    }
                    generation += 1
                    expected = audible ? ExpectedNarration(point: point, seconds: offset, issuedAt: issued, walkTime: walkTime, id: generation) : nil
                    return (generation, false)
                }
                if !adopted { loader.async { self.load(point: point, offset: offset, speed: speed, generation: current) } }
            case .stop:
                lock.withLock {
                    generation += 1
                    expected = nil
                    queuedAhead = nil
                    stretchers = [:]
                }
                loader.async { self.player.stop() }
            case .pause:
                loader.async { self.player.pause() }
            case .resume:
                loader.async { self.player.resume() }
            case let .seek(to):
                // Until the player has moved, the walk waits at the seek's target.
                let id = lock.withLock { () -> Int? in
                    guard expected != nil else { return nil }
                    generation += 1
                    expected?.seconds = to
                    expected?.control = nil
                    expected?.id = generation
                    expected?.progressedAt = issued
                    // The clock holds at the target until the player has moved, then runs on from there.
                    expected?.clockSeconds = nil
                    expected?.writtenAt = nil
                    expected?.heardSeconds = nil
                    expected?.heldSince = nil
                    if queuedAhead != nil { queuedAhead?.generation = generation }
                    return generation
                }
                loader.async {
                    let (point, item, factor) = self.lock.withLock { () -> (Int?, UInt64?, Double) in
                        let item = self.expected?.heardItem
                        return (self.expected?.point, item, item.flatMap { self.stretchers[$0]?.speed } ?? 1)
                    }
                    guard point != nil else { return }
                    let control = self.player.seek(to: to / factor, item: item)
                    let sent = self.clock.now()
                    self.lock.withLock {
                        if let id, self.expected?.id == id {
                            self.expected?.control = control
                            self.expected?.writtenAt = sent
                        }
                    }
                }
            }
        }
    }

    /// On the loader thread: opens point `point`'s recording (or takes the one opened ahead) and plays it from
    /// `offset` seconds, unless a later command replaced it meanwhile.
    private func load(point: Int, offset: Double, speed: Double, generation: Int) {
        guard lock.withLock({ generation == self.generation }) else { return }
        guard WalkAudioCommand.isAudible(speed: speed), let path = recordingPath(point), let decoder = take(path: path, speed: speed) else {
            player.stop()
            lock.withLock {
                if generation == self.generation { expected = nil }
            }
            return
        }
        let (current, paused) = lock.withLock { (generation == self.generation, self.paused) }
        guard current else { return }
        // The narration before still sounds its last moments (written to its end, the engine done with it):
        // this one follows them in the same stream instead of cutting them.
        let heard = player.snapshot
        let remaining = heard.sampleRate > 0 ? heard.duration - heard.position : .infinity
        let control: UInt64
        if !paused, let before = heard.point, before != point, !heard.finished, heard.queued == nil, remaining <= AudioSink.tailSeconds {
            let target = Int64((max(0, offset / speed) * Double(decoder.info.sampleRate)).rounded())
            try? decoder.seek(toFrame: min(target, decoder.info.frames))
            control = player.enqueue(decoder, point: point)
            lock.withLock {
                if var narration = self.expected, narration.id == generation {
                    narration.queuedAhead = true
                    self.expected = narration
                }
            }
        } else {
            control = player.play(decoder, point: point, from: offset / speed, paused: paused)
        }
        let sent = clock.now()
        lock.withLock {
            stretchers = stretchers.filter { $0.key == queuedAhead?.control }
            stretchers[control] = decoder as? TimeStretchDecoder
            if var narration = self.expected, narration.id == generation {
                narration.control = control
                narration.heardItem = control
                narration.progressedAt = sent
                narration.writtenAt = narration.queuedAhead ? narration.issuedAt : sent
                self.expected = narration
            }
        }
    }

    /// What the sound card has played of `playing` (the engine's narration), as a lead for the walk's clock:
    /// nil when the sink does not play it (muted by the speed, no recording, a file that would not open, a
    /// stalled sound card), so the walk's own clock leads. Reads the player's snapshot: cheap, any thread.
    ///
    /// While the file opens the walk waits (`.waiting`). Once the player has the narration's first samples, the
    /// clock runs on with the wall clock (× speed), kept between what the speaker has played (it is never behind
    /// the sound) and what has been written to the sink (it never runs ahead of the sound there is): it holds
    /// only when nothing is written ahead (an underrun), never for the latency of samples on their way to the
    /// speaker, however long the sink's buffer. A narration queued behind another in the same stream is
    /// written, and so can be reached, right after the other's last sample.
    public func lead(for playing: EngineState.Playing?) -> AudioLead? {
        guard let playing else { return nil }
        let now = clock.now()
        let (expected, speed, paused, stretchers) = lock.withLock { (self.expected, self.speed, self.paused, self.stretchers) }
        guard WalkAudioCommand.isAudible(speed: speed), var expected, expected.point == playing.point, !expected.stalled else { return nil }
        let snapshot = player.snapshot
        // Where the speaker is in the recording (negative: still behind the narration before), and how far it
        // has been written.
        var heard: Double?
        var written: Double?
        var finished = false
        if let control = expected.control, let item = expected.heardItem, snapshot.applied >= control {
            if (snapshot.item == item && snapshot.finished) || (snapshot.item != item && snapshot.finishedItem >= item) {
                finished = true
            } else if let position = AudioSink.position(of: item, in: snapshot, stretcher: stretchers[item], speed: speed) {
                (heard, written) = position
            }
        }
        var lead = AudioLead.waiting(atSeconds: expected.seconds)
        var clockSeconds: Double?
        var ceiling: Double?
        var held = false
        if finished {
            lead = .finished
        } else if let heard, let written {
            // From where it last stood; the first time, from the narration's start plus the time since the player
            // was handed its samples (the loader notes when; a narration queued ahead, since the engine started it).
            let since = expected.clockSeconds == nil ? (expected.writtenAt ?? now) : expected.clockAt
            let running = (expected.clockSeconds ?? expected.seconds) + (paused ? 0 : max(0, now - since) * speed)
            // Written to the sink is how far the clock may run while the sound server says the stream ran dry
            // (an underrun: the feed holds the sound back). Otherwise what the speaker has not played yet is
            // latency, which the clock does not wait for, up to `latencyAllowanceSeconds` past what was written (a
            // sink woken from idle can claim to have played all it was given and then take nothing for a second).
            let top = max(written, heard) + (snapshot.underrun ? 0 : AudioSink.latencyAllowanceSeconds)
            ceiling = top
            held = running > top + 0.02 && expected.clockSeconds != nil
            let seconds = min(max(running, heard), top)
            clockSeconds = max(seconds, expected.clockSeconds ?? -.infinity)
            lead = .heard(seconds: clockSeconds!)
        }
        // Progress of the sound card (or a pause) keeps the sink leading; one that shows none for `stallSeconds`
        // lets go.
        let position: Double? = finished ? .infinity : heard
        var notice: String?
        lock.withLock {
            guard self.expected?.id == expected.id, var current = self.expected else { return }
            if let clockSeconds {
                if current.writtenAt == nil { current.writtenAt = now }
                current.clockSeconds = clockSeconds
                current.clockAt = now
                // The hold began when the running clock reached the ceiling, between this look and the last.
                if held, current.heldSince == nil, let ceiling {
                    let reached = expected.clockAt + max(0, ceiling - (expected.clockSeconds ?? ceiling)) / speed
                    current.heldSince = (min(now, reached), playing.startedAt + ceiling)
                }
                if !held, let since = current.heldSince {
                    current.heldSince = nil
                    if now - since.wall >= AudioSink.reportedHoldSeconds {
                        holds.append(NarrationHold(point: current.point, walkTime: since.walkTime, seconds: now - since.wall))
                    }
                }
            }
            // Progress is the speaker moving past where the narration started (or past the last look).
            if let position, position > (current.heardSeconds ?? current.seconds) {
                if current.heardSeconds == nil {
                    recordFirstHeard(current, position: position, now: now, rate: snapshot.sampleRate)
                }
                current.heardSeconds = position
                current.progressedAt = now
            } else if paused {
                current.progressedAt = now
            } else if now - current.progressedAt > AudioSink.stallSeconds {
                current.stalled = true
                expected.stalled = true
                notice = "the sound card played nothing of point \(expected.point)'s narration for \(Int(AudioSink.stallSeconds)) s; the walk goes on by its own clock"
            }
            self.expected = current
        }
        if let notice {
            onNotice(notice)
            return nil
        }
        return lead
    }

    /// Notes when a narration was first heard (under `lock`): the moment its first sample reached the
    /// speaker is now less what has been heard since (at the heard speed), whenever the sink is asked.
    private func recordFirstHeard(_ expected: ExpectedNarration, position: Double, now: Double, rate: Int) {
        let heardFor = position.isFinite ? max(0, position - expected.seconds) / speed : 0
        let held = expected.queuedAhead ? 0 : max(0, (expected.writtenAt ?? now) - expected.issuedAt)
        timings.append(
            NarrationTiming(
                point: expected.point, walkTime: expected.walkTime, fromSeconds: expected.seconds, issuedAt: expected.issuedAt,
                firstHeardAt: max(expected.issuedAt, now - heardFor), heldSeconds: held))
    }

    /// Where the speaker stands in the recording `item` loaded, and how far that recording has been written
    /// (seconds of the recording, the stretched frames mapped back): negative while it is still behind silence
    /// or the recording before it in the stream. Nil when the player holds no such recording.
    private static func position(
        of item: UInt64, in snapshot: AudioPlayer.Snapshot, stretcher: TimeStretchDecoder?, speed: Double
    ) -> (heard: Double, written: Double)? {
        func seconds(_ frame: Int64, rate: Int) -> Double { Double(stretcher?.sourceFrame(frame) ?? frame) / Double(rate) }
        if snapshot.item == item, snapshot.sampleRate > 0 {
            let rate = snapshot.sampleRate
            return (seconds(snapshot.frame, rate: rate) - Double(snapshot.framesBeforeFirst) / Double(rate) * speed, seconds(snapshot.writtenFrame, rate: rate))
        }
        if let queued = snapshot.queued, queued.item == item, queued.sampleRate > 0 {
            let rate = queued.sampleRate
            return (seconds(queued.startFrame, rate: rate) - Double(queued.framesAhead) / Double(rate) * speed, seconds(queued.writtenFrame, rate: rate))
        }
        return nil
    }

    /// The walk's holds for lack of sound written ahead (underruns) since the last call, in order.
    public func takeHolds() -> [NarrationHold] {
        lock.withLock {
            defer { holds.removeAll() }
            return holds
        }
    }

    /// The narrations first heard since the last call, in order (the play log's lines).
    public func takeTimings() -> [NarrationTiming] {
        lock.withLock {
            defer { timings.removeAll() }
            return timings
        }
    }

    /// Waits until every command given so far has run (tests, and before shutting the player down).
    public func drain() {
        loader.sync {}
    }

    /// True when nothing is heard: the speed is outside `audibleSpeeds`, or no recording plays.
    public var muted: Bool {
        lock.withLock { !WalkAudioCommand.isAudible(speed: speed) || expected == nil || expected?.stalled == true }
    }

    /// The position heard in point `point`'s recording, in seconds (the stretched frame mapped back to the
    /// recording's), or nil when that point is not what the player is playing.
    ///
    /// A narration the player holds behind the one still sounding (gapless) is at a negative position: how far
    /// its first sample still is (no subtitle shows before it).
    public func heardPosition(point: Int?) -> Double? {
        let (audible, item, stretchers, speed) = lock.withLock { (expected?.point, expected?.heardItem, self.stretchers, self.speed) }
        guard let point, audible == point, let item else { return nil }
        return AudioSink.position(of: item, in: player.snapshot, stretcher: stretchers[item], speed: speed)?.heard
    }

    /// The decoder that plays `recording` at `speed`: itself at ×1, time-stretched with the pitch kept within
    /// `WalkAudioCommand.audibleSpeeds`, nil elsewhere (muted) or when the stretcher cannot start.
    public static func decoder(_ recording: any AudioDecoder, speed: Double) -> (any AudioDecoder)? {
        if speed == 1 { return recording }
        guard WalkAudioCommand.isAudible(speed: speed) else { return nil }
        return try? TimeStretchDecoder(source: recording, speed: speed)
    }

    // MARK: Opening ahead

    /// The points whose narration may start next: the first one queued, and the next one to trigger.
    static func upcoming(_ engine: EngineState) -> [Int] {
        var points: [Int] = []
        if let queued = engine.queue.first { points.append(queued) }
        if engine.next <= engine.tour.points.count, engine.tour.points.contains(where: { $0.order == engine.next }), !points.contains(engine.next) {
            points.append(engine.next)
        }
        return points
    }

    /// Opens `points`' recordings ahead on the preparer thread (each once); forgets those no longer upcoming.
    public func prepare(points: [Int]) {
        let speed = lock.withLock { self.speed }
        guard WalkAudioCommand.isAudible(speed: speed) else { return }
        let paths = points.compactMap { recordingPath($0) }
        let started: [PreparedRecording] = lock.withLock {
            for (path, recording) in prepared where !paths.contains(path) || recording.speed != speed { prepared[path] = nil }
            return paths.compactMap { path in
                guard prepared[path] == nil else { return nil }
                let recording = PreparedRecording(path: path, speed: speed)
                prepared[path] = recording
                return recording
            }
        }
        for recording in started { preparer.async { recording.open() } }
    }

    /// The decoder for `path` at `speed`: the one opened (and stretched) ahead when it is still the file on
    /// disk and was made for that speed, else opened now; nil when it cannot be.
    private func take(path: String, speed: Double) -> (any AudioDecoder)? {
        if let ready = lock.withLock({ prepared.removeValue(forKey: path) }), ready.speed == speed, let decoder = ready.decoder() {
            return decoder
        }
        return (try? AudioDecoding.open(path: path)).flatMap { AudioSink.decoder($0, speed: speed) }
    }
}
