import Dispatch
import Foundation
import WalkscapeAudio
import WalkscapeCore

/// Plays a walk's audio commands on an `AudioPlayer`. Opening a recording (which for an MP3 scans every
/// frame) happens on the sink's own loader thread, never on the walk's: a point starting does not delay the
/// next frame. Commands run on that thread in the order they came, so a stop or a pause issued while a
/// recording loads still lands after it.
///
/// The narration is heard within `WalkAudioCommand.audibleSpeeds`, time-stretched away from ×1 with its pitch
/// kept; outside them it is muted.
public final class AudioSink: WalkSink, @unchecked Sendable {
    public let player: AudioPlayer
    private let recordingPath: @Sendable (Int) -> String?
    private let clock: any AudioClock
    private let loader = DispatchQueue(label: "walkscape.audio-loader", qos: .userInitiated)
    private let lock = NSLock()
    /// Bumped by every command that replaces the audio (play, stop): a load overtaken by a later one is
    /// dropped without opening its file.
    private var generation = 0
    /// The point whose recording is heard (or loading to be heard), nil when silent.
    private var audiblePoint: Int?
    /// The stretcher of the heard recording away from ×1: maps heard frames back to the recording's.
    private var stretcher: TimeStretchDecoder?
    private var paused = false
    private var speed = 1.0

    /// A sink playing on `player`; `recordingPath` gives a point's recording (nil: none, silence);
    /// `clock` measures how long a load took, so the audio starts where the walk's clock has got to.
    public init(player: AudioPlayer, clock: any AudioClock = MonotonicAudioClock(), recordingPath: @escaping @Sendable (Int) -> String?) {
        self.player = player
        self.clock = clock
        self.recordingPath = recordingPath
    }

    public func walk(_ update: WalkUpdate, snapshot: WalkSnapshot) {
        execute(update.audio, speed: snapshot.speed, paused: snapshot.paused)
    }

    /// Runs `commands` for a walk now at `speed`, paused or not. Returns at once.
    public func execute(_ commands: [WalkAudioCommand], speed: Double, paused: Bool) {
        let issued = clock.now()
        lock.withLock {
            self.speed = speed
            self.paused = paused
        }
        for command in commands {
            switch command {
            case let .play(point, offset):
                let audible = WalkAudioCommand.isAudible(speed: speed)
                let current = lock.withLock {
                    generation += 1
                    audiblePoint = audible ? point : nil
                    return generation
                }
                loader.async { self.load(point: point, offset: offset, speed: speed, issued: issued, generation: current) }
            case .stop:
                lock.withLock {
                    generation += 1
                    audiblePoint = nil
                    stretcher = nil
                }
                loader.async { self.player.stop() }
            case .pause:
                loader.async { self.player.pause() }
            case .resume:
                loader.async { self.player.resume() }
            case let .seek(to):
                loader.async {
                    let (point, factor) = self.lock.withLock { (self.audiblePoint, self.stretcher?.speed ?? 1) }
                    if point != nil { self.player.seek(to: to / factor) }
                }
            }
        }
    }

    /// On the loader thread: opens point `point`'s recording and plays it from `offset` seconds (plus the
    /// walk's time spent loading), unless a later command replaced it meanwhile.
    private func load(point: Int, offset: Double, speed: Double, issued: Double, generation: Int) {
        guard lock.withLock({ generation == self.generation }) else { return }
        guard WalkAudioCommand.isAudible(speed: speed), let path = recordingPath(point), let recording = try? AudioDecoding.open(path: path),
            let decoder = AudioSink.decoder(recording, speed: speed)
        else {
            player.stop()
            lock.withLock {
                if generation == self.generation { audiblePoint = nil }
                stretcher = nil
            }
            return
        }
        let (current, paused) = lock.withLock { (generation == self.generation, self.paused) }
        guard current else { return }
        // The walk went on while the file opened (unless paused): start where its clock is now.
        let late = paused ? 0 : max(0, clock.now() - issued) * speed
        lock.withLock { stretcher = decoder as? TimeStretchDecoder }
        player.play(decoder, point: point, from: (offset + late) / speed, paused: paused)
    }

    /// Waits until every command given so far has run (tests, and before shutting the player down).
    public func drain() {
        loader.sync {}
    }

    /// True when nothing is heard: the speed is outside `audibleSpeeds`, or no recording plays.
    public var muted: Bool {
        lock.withLock { !WalkAudioCommand.isAudible(speed: speed) || audiblePoint == nil }
    }

    /// The position heard in point `point`'s recording, in seconds (the stretched frame mapped back to the
    /// recording's), or nil when that point is not what the player is playing.
    public func heardPosition(point: Int?) -> Double? {
        let (audible, stretcher) = lock.withLock { (audiblePoint, self.stretcher) }
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
}
