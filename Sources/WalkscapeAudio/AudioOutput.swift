import WalkscapeCore
/// Where decoded audio goes: a sound server, a silent clock, a file.
///
/// An output plays one *segment* at a time: `start(format:)` opens a segment, `flush()` drops everything
/// written but not yet heard and begins a new one (a seek), `stop()` ends. `heardFrames` counts the frames of
/// the current segment that have been *heard* (left the speaker), not those written, so a player's position
/// is the segment's first file frame + `heardFrames`.
///
/// Threading: `AudioPlayer` calls `start`, `write`, `flush`, `drain`-polling and `stop` from its one playback
/// thread; `heardFrames`, `pause`, `resume` and `setVolume` are safe from any thread.
public protocol AudioOutput: AnyObject, Sendable {
    /// A short name for notices and status lines (`pulse`, `none`, `wav:FILE`).
    var name: String { get }
    /// Opens (or reopens) the output for `format` and begins a new segment, paused when `paused`.
    func start(format: AudioFormat, paused: Bool) throws(AudioOutputError)
    /// How many frames `write` can take now without blocking (0 when the buffer is full or paused).
    func writableFrames() -> Int
    /// Queues `frames` frames (at most `writableFrames()`).
    func write(_ samples: UnsafePointer<Float>, frames: Int) throws(AudioOutputError)
    /// Waits a little (at most `seconds`) for room to write or for playback to progress; `wakeUp()` ends the
    /// wait early.
    func waitForProgress(seconds: Double)
    /// Ends a `waitForProgress` under way at once (a control arrived for the playback thread). Any thread.
    func wakeUp()
    /// Frames of the current segment heard so far (≤ the frames written in it).
    var heardFrames: Int64 { get }
    /// Frames written in the current segment.
    var writtenFrames: Int64 { get }
    /// Stops the clock and sound, keeping what is buffered.
    func pause()
    /// Continues after `pause`.
    func resume()
    /// Drops what was written and not heard; the next write begins a new segment (`heardFrames` from 0).
    /// Returns how many frames of the dropped segment are heard in the end: what the server had taken before the
    /// drop (its read index), which `heardFrames` read a moment before may miss either way.
    @discardableResult
    func flush() -> Int64
    /// Linear gain 0…1 (1 = as recorded).
    func setVolume(_ volume: Double)
    /// Marks the end of the data: buffered frames still play out (some outputs need a nudge to play the last
    /// partial buffer).
    func endOfData()
    /// Closes the segment and releases the device or file. Idempotent.
    func stop() throws(AudioOutputError)
    /// Whether the sound server says the stream has run out of data and is waiting for more (an underrun: the
    /// feed, not the sound card, holds the sound back). Outputs that are their own clock never underrun.
    var isUnderrunning: Bool { get }
    /// Frames of silence the player writes after a stream's last sample before it marks the end: a sound
    /// server that answers a drain before the sink has played everything (pipewire-pulse: a quantum early)
    /// would otherwise lose the tail when the stream closes. 0 for outputs that are their own clock.
    func endPaddingFrames(rate: Int) -> Int
}

extension AudioOutput {
    /// Outputs whose waits are short enough not to delay a control need not be woken.
    public func wakeUp() {}

    public var isUnderrunning: Bool { false }
    public func endPaddingFrames(rate: Int) -> Int { 0 }

    /// Whether everything written in this segment has been heard.
    public var isDrained: Bool { heardFrames >= writtenFrames }
}
