import Foundation
import WalkscapeCore

/// Plays one decoder at a time through an output: the executor of the engine's `audio_started` events.
///
/// One playback thread owns the decoder and drives the output, streaming through a small buffer (never the
/// whole file). Other threads send controls (play, pause/resume, seek, replay, volume, stop) and read
/// `snapshot`, whose position is what has been *heard* (the output's clock), not what was decoded. When a
/// file has been heard to its end, `onFinished` runs on the playback thread with the point number.
/// Skipping to another point is the caller's job: it calls `play` with that point's decoder.
public final class AudioPlayer: @unchecked Sendable {
    /// What the player is doing, as of the moment it is read.
    public struct Snapshot: Sendable, Equatable {
        /// The point whose audio is loaded (nil before the first `play` or after `stop`).
        public var point: Int?
        /// The heard position in the file, seconds.
        public var position: Double
        /// The file's length, seconds.
        public var duration: Double
        public var paused: Bool
        /// The file has been heard to its end.
        public var finished: Bool
        /// Linear gain 0…1.
        public var volume: Double
        /// The heard position in frames, and the file's sample rate.
        public var frame: Int64
        public var sampleRate: Int
        /// Frames heard since the current segment began (a play or a seek): 0 until its first sample has left
        /// the speaker.
        public var segmentFrames: Int64 = 0
        /// How many controls the playback thread has carried out so far: a control sent as number N
        /// (`play`, `seek` return N) is reflected in this snapshot once `applied` ≥ N.
        public var applied: UInt64 = 0
    }

    /// Frames decoded per read: 2048 frames is 43 ms at 48 kHz.
    public static let bufferFrames = 2048

    public let output: any AudioOutput
    private let onFinished: @Sendable (Int?) -> Void
    private let onError: @Sendable (String) -> Void

    private enum Command {
        case play(any AudioDecoder, point: Int?, from: Double, paused: Bool)
        case pause, resume, togglePause
        case seek(to: Double), seekBy(Double)
        case volume(Double)
        case stop
    }

    private let lock = NSCondition()
    private var commands: [Command] = []
    /// Controls sent and carried out so far (under `lock`): the numbers `play` and `seek` return.
    private var sent: UInt64 = 0
    private var applied: UInt64 = 0
    private var shuttingDown = false
    private let exited = DispatchSemaphore(value: 0)
    // Shared with readers (under `lock`):
    private var point: Int?
    private var info: AudioInfo?
    private var segmentStart: Int64 = 0
    private var paused = false
    private var finished = false
    private var volume = 1.0
    // The playback thread's own:
    private var decoder: (any AudioDecoder)?
    private var buffer: UnsafeMutablePointer<Float>?
    private var bufferCapacity = 0
    private var pendingOffset = 0
    private var pendingFrames = 0
    private var decoderEnded = false
    private var endSignalled = false

    /// Starts the playback thread (idle until `play`).
    public init(
        output: any AudioOutput, onFinished: @escaping @Sendable (Int?) -> Void = { _ in },
        onError: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.output = output
        self.onFinished = onFinished
        self.onError = onError
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "walkscape-audio"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    deinit { buffer?.deallocate() }

    // MARK: controls (any thread)

    /// Plays `decoder` (a point's recording) from `seconds`, replacing whatever plays. Returns the control's
    /// number: a snapshot whose `applied` is at least that shows the new recording.
    @discardableResult
    public func play(_ decoder: any AudioDecoder, point: Int? = nil, from seconds: Double = 0, paused: Bool = false) -> UInt64 {
        send(.play(decoder, point: point, from: seconds, paused: paused))
    }
    public func pause() { send(.pause) }
    public func resume() { send(.resume) }
    public func togglePause() { send(.togglePause) }
    /// Moves to `seconds` into the file (clamped to the file). Returns the control's number (see `play`).
    @discardableResult
    public func seek(to seconds: Double) -> UInt64 { send(.seek(to: seconds)) }
    /// Moves by `seconds` (negative: back), e.g. ±10.
    public func seek(by seconds: Double) { send(.seekBy(seconds)) }
    /// Plays the current point again from its start.
    public func replay() {
        send(.seek(to: 0))
        send(.resume)
    }
    /// Linear gain 0…1.
    public func setVolume(_ volume: Double) { send(.volume(volume)) }
    /// Stops playback and unloads the file (no `onFinished`).
    public func stop() { send(.stop) }

    /// Stops and ends the playback thread; waits for it. The player cannot be used afterwards.
    public func shutdown() {
        lock.lock()
        guard !shuttingDown else { return lock.unlock() }
        shuttingDown = true
        commands.append(.stop)
        sent += 1
        lock.broadcast()
        lock.unlock()
        exited.wait()
    }

    /// The player's state now; `position` is read from the output's clock at this moment.
    public var snapshot: Snapshot {
        lock.lock()
        defer { lock.unlock() }
        let rate = info?.sampleRate ?? 0
        let total = info?.frames ?? 0
        let heard = info == nil ? 0 : output.heardFrames
        let frame = finished ? total : min(total, segmentStart + heard)
        return Snapshot(
            point: point, position: rate > 0 ? Double(frame) / Double(rate) : 0, duration: info?.durationSeconds ?? 0,
            paused: paused, finished: finished, volume: volume, frame: frame, sampleRate: rate,
            segmentFrames: finished ? max(heard, total - segmentStart) : heard, applied: applied)
    }

    @discardableResult
    private func send(_ command: Command) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        commands.append(command)
        sent += 1
        lock.broadcast()
        // The playback thread may be sleeping in the output: the control should not wait for it.
        output.wakeUp()
        return sent
    }

    // MARK: the playback thread

    private func run() {
        while true {
            lock.lock()
            while commands.isEmpty && !shuttingDown && (decoder == nil || finished) {
                lock.wait()
            }
            let batch = commands
            commands.removeAll()
            let quitting = shuttingDown
            lock.unlock()
            for command in batch {
                execute(command)
                lock.lock()
                applied += 1
                lock.unlock()
            }
            if quitting {
                try? output.stop()
                exited.signal()
                return
            }
            step()
        }
    }

    private func execute(_ command: Command) {
        switch command {
        case let .play(newDecoder, point, from, startPaused):
            let format = AudioFormat(sampleRate: newDecoder.info.sampleRate, channels: newDecoder.info.channels)
            let target = clampFrame(from, info: newDecoder.info)
            do throws(AudioFileError) {
                if target != newDecoder.position { try newDecoder.seek(toFrame: target) }
            } catch {
                onError(error.message)
            }
            do {
                try output.start(format: format, paused: startPaused)
            } catch {
                onError("\(output.name): \(error.message)")
            }
            output.setVolume(volume)
            if bufferCapacity < AudioPlayer.bufferFrames * format.channels {
                buffer?.deallocate()
                bufferCapacity = AudioPlayer.bufferFrames * format.channels
                buffer = .allocate(capacity: bufferCapacity)
            }
            decoder = newDecoder
            resetPending()
            lock.lock()
            self.point = point
            info = newDecoder.info
            segmentStart = newDecoder.position
            paused = startPaused
            finished = false
            lock.unlock()
        case .pause: setPaused(true)
        case .resume: setPaused(false)
        case .togglePause:
            lock.lock()
            let now = paused
            lock.unlock()
            setPaused(!now)
        case let .seek(to: seconds): seek(toSeconds: seconds)
        case let .seekBy(delta):
            let position = snapshot.position
            seek(toSeconds: position + delta)
        case let .volume(value):
            let clamped = min(max(value, 0), 1)
            output.setVolume(clamped)
            lock.lock()
            volume = clamped
            lock.unlock()
        case .stop:
            output.flush()
            try? output.stop()
            decoder = nil
            resetPending()
            lock.lock()
            point = nil
            info = nil
            segmentStart = 0
            finished = false
            lock.unlock()
        }
    }

    private func setPaused(_ value: Bool) {
        guard decoder != nil else { return }
        if value { output.pause() } else { output.resume() }
        lock.lock()
        paused = value
        lock.unlock()
    }

    private func seek(toSeconds seconds: Double) {
        guard let decoder else { return }
        let target = clampFrame(seconds, info: decoder.info)
        do throws(AudioFileError) {
            try decoder.seek(toFrame: target)
        } catch {
            onError(error.message)
            return
        }
        resetPending()
        lock.lock()
        let wasFinished = finished
        output.flush()
        segmentStart = decoder.position
        finished = false
        lock.unlock()
        if wasFinished && !paused { output.resume() }
    }

    private func clampFrame(_ seconds: Double, info: AudioInfo) -> Int64 {
        let frame = Int64((max(0, seconds) * Double(info.sampleRate)).rounded())
        return min(max(0, frame), info.frames)
    }

    private func resetPending() {
        pendingOffset = 0
        pendingFrames = 0
        decoderEnded = false
        endSignalled = false
    }

    /// Moves data from the decoder to the output as room allows; notices the end once it has been heard.
    private func step() {
        guard let decoder, let buffer else { return }
        let channels = decoder.info.channels
        if pendingFrames == 0 && !decoderEnded {
            do throws(AudioFileError) {
                let count = try decoder.read(into: buffer, frames: AudioPlayer.bufferFrames)
                pendingOffset = 0
                pendingFrames = count
                if count == 0 { decoderEnded = true }
            } catch {
                onError(error.message)
                decoderEnded = true
            }
        }
        if pendingFrames > 0 {
            let room = output.writableFrames()
            if room > 0 {
                let count = min(room, pendingFrames)
                do {
                    try output.write(buffer + pendingOffset * channels, frames: count)
                } catch {
                    onError("\(output.name): \(error.message)")
                }
                pendingOffset += count
                pendingFrames -= count
            } else {
                // The output sleeps at most a fifth of its buffer (PulseOutput: 50 ms; NullOutput: 5 ms).
                output.waitForProgress(seconds: 0.05)
            }
            return
        }
        guard decoderEnded else { return }
        if !endSignalled {
            output.endOfData()
            endSignalled = true
        }
        if output.isDrained {
            lock.lock()
            finished = true
            let point = self.point
            lock.unlock()
            onFinished(point)
        } else {
            output.waitForProgress(seconds: 0.005)
        }
    }
}
