import Foundation
import WalkscapeSystem
import WalkscapeCore

/// A silent output that plays by the clock: frames are "heard" as time passes on `clock` (a monotonic wall
/// clock by default), with a buffer of `bufferSeconds` like a sound card's. Pausing stops the clock; flushing
/// drops the buffer. Used by `--audio none`, when no sound server answers, and under `WAVFileOutput`.
public final class NullOutput: AudioOutput, @unchecked Sendable {
    public let name: String
    public let clock: any MonotonicClock
    /// How much audio may be written ahead of what is heard.
    public let bufferSeconds: Double

    private let lock = NSLock()
    private var format = AudioFormat(sampleRate: 48000, channels: 2)
    private var started = false
    private var paused = false
    private var written: Int64 = 0
    private var heardExact: Double = 0
    private var lastTick: Double = 0
    private var volume: Double = 1
    /// Written-not-heard samples, kept only when something listens to what is heard (`tap`).
    private var pending: [Float] = []
    private var pendingHead = 0
    private let tap: (@Sendable (UnsafePointer<Float>, Int, AudioFormat) -> Void)?

    /// - Parameter tap: called (under the output's lock, from whichever thread advanced the clock) with each
    ///   run of frames as it becomes heard, volume applied.
    public init(
        name: String = "none", clock: any MonotonicClock = SystemClock(), bufferSeconds: Double = 0.1,
        tap: (@Sendable (UnsafePointer<Float>, Int, AudioFormat) -> Void)? = nil
    ) {
        self.name = name
        self.clock = clock
        self.bufferSeconds = bufferSeconds
        self.tap = tap
    }

    public func start(format: AudioFormat, paused: Bool) throws(AudioOutputError) {
        guard format.sampleRate > 0, format.channels > 0 else { throw AudioOutputError("no sample rate or channels") }
        lock.withLock {
            advanceLocked()
            self.format = format
            started = true
            self.paused = paused
            resetSegmentLocked()
            lastTick = clock.now()
        }
    }

    public func writableFrames() -> Int {
        lock.withLock {
            advanceLocked()
            let capacity = Int64((bufferSeconds * Double(format.sampleRate)).rounded(.up))
            return Int(max(0, capacity - (written - Int64(heardExact))))
        }
    }

    public func write(_ samples: UnsafePointer<Float>, frames: Int) throws(AudioOutputError) {
        guard frames > 0 else { return }
        lock.withLock {
            advanceLocked()
            if tap != nil {
                pending.append(contentsOf: UnsafeBufferPointer(start: samples, count: frames * format.channels))
            }
            written += Int64(frames)
        }
    }

    /// Sleeps up to 5 ms (on `clock`): short enough that a control never waits for it.
    public func waitForProgress(seconds: Double) {
        clock.sleep(seconds: min(seconds, 0.005))
    }

    public var heardFrames: Int64 {
        lock.withLock {
            advanceLocked()
            return Int64(heardExact)
        }
    }

    public var writtenFrames: Int64 { lock.withLock { written } }

    public func pause() {
        lock.withLock {
            advanceLocked()
            paused = true
        }
    }

    public func resume() {
        lock.withLock {
            advanceLocked()
            paused = false
            lastTick = clock.now()
        }
    }

    @discardableResult
    public func flush() -> Int64 {
        lock.withLock {
            advanceLocked()
            let heard = Int64(heardExact)
            resetSegmentLocked()
            return heard
        }
    }

    public func setVolume(_ volume: Double) {
        lock.withLock {
            advanceLocked()
            self.volume = min(max(volume, 0), 1)
        }
    }

    public func endOfData() {}

    public func stop() throws(AudioOutputError) {
        lock.withLock {
            advanceLocked()
            started = false
            resetSegmentLocked()
        }
    }

    private func resetSegmentLocked() {
        written = 0
        heardExact = 0
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
    }

    /// Moves the heard position by the time elapsed since the last look, up to what was written.
    private func advanceLocked() {
        let now = clock.now()
        defer { lastTick = now }
        guard started, !paused else { return }
        let before = Int64(heardExact)
        heardExact = min(Double(written), heardExact + (now - lastTick) * Double(format.sampleRate))
        let after = Int64(heardExact)
        guard let tap, after > before else { return }
        let count = Int(after - before) * format.channels
        pending.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress! + pendingHead
            if volume != 1 {
                let gain = Float(volume)
                for i in 0..<count { start[i] *= gain }
            }
            tap(start, Int(after - before), format)
        }
        pendingHead += count
        if pendingHead > 1 << 16 {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
    }
}
