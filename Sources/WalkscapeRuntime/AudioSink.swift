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
/// Nothing is skipped: a narration starts at the offset the walk asked for, however long its file took to
/// open (the walk waits at the trigger, `AudioLead.waiting`). Nothing is flushed at a narration's end: the
/// engine finishes it only once the sink has played its last sample (`AudioLead.finished`).
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
    /// The stretcher of the heard recording away from ×1: maps heard frames back to the recording's.
    private var stretcher: TimeStretchDecoder?
    private var paused = false
    private var speed = 1.0
    /// Recordings opened ahead, by path.
    private var prepared: [String: PreparedRecording] = [:]
    /// The first moment each narration was heard, for the play log.
    private var timings: [NarrationTiming] = []

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
    }

    /// Runs `commands` for a walk now at `speed`, paused or not, its clock at `walkTime`. Returns at once.
    public func execute(_ commands: [WalkAudioCommand], speed: Double, paused: Bool, walkTime: Double = 0) {
        let issued = clock.now()
        lock.withLock {
            self.speed = speed
            if self.paused != paused { expected?.progressedAt = issued }
            self.paused = paused
        }
        for command in commands {
            switch command {
            case let .play(point, offset):
                let audible = WalkAudioCommand.isAudible(speed: speed)
                let current = lock.withLock {
                    generation += 1
                    expected = audible ? ExpectedNarration(point: point, seconds: offset, issuedAt: issued, walkTime: walkTime, id: generation) : nil
                    return generation
                }
                loader.async { self.load(point: point, offset: offset, speed: speed, generation: current) }
            case .stop:
                lock.withLock {
                    generation += 1
                    expected = nil
                    stretcher = nil
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
                    return generation
                }
                loader.async {
                    let (point, factor) = self.lock.withLock { (self.expected?.point, self.stretcher?.speed ?? 1) }
                    guard point != nil else { return }
                    let control = self.player.seek(to: to / factor)
                    self.lock.withLock { if let id, self.expected?.id == id { self.expected?.control = control } }
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
                stretcher = nil
            }
            return
        }
        let (current, paused) = lock.withLock { (generation == self.generation, self.paused) }
        guard current else { return }
        lock.withLock { stretcher = decoder as? TimeStretchDecoder }
        let control = player.play(decoder, point: point, from: offset / speed, paused: paused)
        lock.withLock {
            if self.expected?.id == generation {
                self.expected?.control = control
                self.expected?.progressedAt = clock.now()
            }
        }
    }

    /// What the sound card has played of `playing` (the engine's narration): nil when the sink does not play
    /// it (muted by the speed, no recording, a file that would not open, a stalled sound card), so the walk's
    /// own clock leads. Reads the player's snapshot: cheap, any thread.
    public func lead(for playing: EngineState.Playing?) -> AudioLead? {
        guard let playing else { return nil }
        let now = clock.now()
        let (expected, stretcher, speed, paused) = lock.withLock { (self.expected, self.stretcher, self.speed, self.paused) }
        guard WalkAudioCommand.isAudible(speed: speed), var expected, expected.point == playing.point, !expected.stalled else { return nil }
        var lead = AudioLead.waiting(atSeconds: expected.seconds)
        let snapshot = player.snapshot
        if let control = expected.control, snapshot.applied >= control, snapshot.point == playing.point, snapshot.sampleRate > 0 {
            if snapshot.finished {
                lead = .finished
            } else {
                let frame = stretcher?.sourceFrame(snapshot.frame) ?? snapshot.frame
                let seconds = Double(frame) / Double(snapshot.sampleRate)
                if seconds > expected.seconds { lead = .heard(seconds: seconds) }
            }
        }
        // Progress (or a pause) keeps the sink leading; a sound card that shows none for `stallSeconds` lets go.
        let position: Double? = switch lead {
        case let .heard(seconds): seconds
        case .finished: .infinity
        case .waiting: nil
        }
        var notice: String?
        lock.withLock {
            guard self.expected?.id == expected.id else { return }
            if let position, position > (self.expected?.heardSeconds ?? -1) {
                if self.expected?.heardSeconds == nil { recordFirstHeard(expected, position: position, now: now, rate: snapshot.sampleRate) }
                self.expected?.heardSeconds = position
                self.expected?.progressedAt = now
            } else if paused {
                self.expected?.progressedAt = now
            } else if now - expected.progressedAt > AudioSink.stallSeconds {
                self.expected?.stalled = true
                expected.stalled = true
                notice = "the sound card played nothing of point \(expected.point)'s narration for \(Int(AudioSink.stallSeconds)) s; the walk goes on by its own clock"
            }
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
        let heardFor = max(0, position - expected.seconds) / speed
        timings.append(
            NarrationTiming(
                point: expected.point, walkTime: expected.walkTime, fromSeconds: expected.seconds, issuedAt: expected.issuedAt,
                firstHeardAt: max(expected.issuedAt, now - heardFor)))
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
    public func heardPosition(point: Int?) -> Double? {
        let (audible, stretcher) = lock.withLock { (expected?.point, self.stretcher) }
        let snapshot = player.snapshot
        guard let point, audible == point, snapshot.point == point, snapshot.sampleRate > 0 else { return nil }
        return Double(stretcher?.sourceFrame(snapshot.frame) ?? snapshot.frame) / Double(snapshot.sampleRate)
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
