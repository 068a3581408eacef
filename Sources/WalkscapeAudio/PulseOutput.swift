import WalkscapeSystem
@preconcurrency import CPulse
import Foundation
import WalkscapeCore

/// Plays through a PulseAudio (or PipeWire-pulse) server with libpulse's threaded main loop.
///
/// One playback stream of interleaved Float32LE at the file's own rate and channels (the server resamples),
/// target buffer ≈ 250 ms (`PA_STREAM_ADJUST_LATENCY`): enough that a feeding thread starved for a moment on a
/// busy machine does not leave a gap in the narration (100 ms did, with both cores busy); pause, seek and speed
/// changes do not wait for it (cork and flush act at once). Pause corks the stream (its buffer is kept), resume
/// uncorks, flush drops what is buffered. `heardFrames` comes from `pa_stream_get_time` with interpolated,
/// automatically updated timing: what has left the sink, not what was written.
///
/// A narration whose end the clock has reached keeps its stream until the server has played it out
/// (`pa_stream_drain` answers), while the next narration's stream starts at once: under a heavy load the
/// interpolated clock can run a few tens of ms ahead of the sink, and closing the stream then would cut the
/// tail the sink still holds. `stop()` likewise waits (up to 2 s) for such a tail before it closes the stream.
/// A segment left before its end (a skip, a seek, quitting mid-narration) is dropped at once.
///
/// When the server goes away mid-play, the output keeps the clock running silently (a `NullOutput`), says so
/// once through `onNotice`, and tries to reconnect every second; the position carries on across both moves.
public final class PulseOutput: AudioOutput, @unchecked Sendable {
    public let name = "pulse"
    /// The server to use (nil: `PULSE_SERVER` or libpulse's default).
    public let server: String?
    /// Target buffer length.
    public let bufferSeconds: Double
    /// The longest `stop()` waits for a stream written to its end to play out (a sink's buffer holds up to
    /// about 2 s: a busy desktop, Bluetooth).
    static let playOutSeconds = 4.0
    private let onNotice: @Sendable (String) -> Void

    private let api = NSLock()
    /// `waitForProgress` sleeps on this; `wakeUp` ends the sleep.
    private let wake = NSCondition()
    private var woken = false
    private let mainloop: OpaquePointer
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    private var format = AudioFormat(sampleRate: 48000, channels: 2)
    private var paused = false
    private var volume = 1.0
    private var started = false
    /// Frames heard and written before the current stream took over (earlier connections, fallback).
    private var baseHeard: Int64 = 0
    private var baseWritten: Int64 = 0
    /// The stream's time (µs) at which this segment began, and frames written to it in this segment.
    private var streamStartMicros: UInt64 = 0
    /// The stream's index (frames) where the current segment began: the server's read index reaching it is the
    /// segment's first frame heard.
    private var streamStartFrame: Int64 = 0
    private var streamWritten: Int64 = 0
    /// `pa_stream_drain` after the last write: done once the server has played everything.
    private var drainOperation: OpaquePointer?
    private var drained = false
    /// The most frames of this segment reported heard so far (the position never goes back within a segment).
    private var lastHeard: Int64 = 0
    /// Streams of narrations heard to their end by the clock, playing out what the sink still holds, each with
    /// its drain operation; closed once the drain answers (`sweepRetiredLocked`).
    private var retired: [(stream: OpaquePointer, drain: OpaquePointer)] = []
    /// The silent clock while the server is gone.
    private var fallback: NullOutput?
    private var nextReconnect: Double = 0
    private var reconnecting: OpaquePointer?
    private let clock = SystemClock()
    /// The server said the stream underran and has not started playing again (main loop lock).
    private var underflowing = false
    /// What the server's stream events said (moved to another sink, suspended, resumed), raised on the main loop
    /// thread and handed to `onNotice` from the playback thread (main loop lock).
    private var pendingNotices: [String] = []
    /// An operation went unanswered for `answerSeconds` (main loop lock).
    private var stalled = false
    /// How long the server may take to answer an operation (a flush, a cork, a stream's creation) before the
    /// output goes silent and reconnects as for a lost server.
    static let answerSeconds = 2.0

    /// 100 ms: pipewire-pulse answers a drain a quantum (21-43 ms) before its sink has played it.
    public func endPaddingFrames(rate: Int) -> Int { rate / 10 }

    public var isUnderrunning: Bool {
        api.lock()
        defer { api.unlock() }
        guard fallback == nil, stream != nil else { return false }
        lock()
        defer { unlock() }
        return underflowing
    }

    /// Connects to the server; throws when none answers.
    public init(server: String? = nil, bufferSeconds: Double = 0.25, onNotice: @escaping @Sendable (String) -> Void = { _ in }) throws(AudioOutputError) {
        self.server = server
        self.bufferSeconds = bufferSeconds
        self.onNotice = onNotice
        guard let mainloop = pa_threaded_mainloop_new() else { throw AudioOutputError("libpulse: cannot create a main loop") }
        self.mainloop = mainloop
        guard pa_threaded_mainloop_start(mainloop) >= 0 else {
            throw AudioOutputError("libpulse: cannot start the main loop thread")  // deinit frees the loop
        }
        pa_threaded_mainloop_lock(mainloop)
        let connected = PulseOutput.connect(mainloop: mainloop, server: server, wait: true)
        pa_threaded_mainloop_unlock(mainloop)
        switch connected {
        case let .success(context): self.context = context
        case let .failure(error):
            throw error  // deinit stops and frees the main loop (every property is set by now)
        }
    }

    deinit {
        try? stop()
        pa_threaded_mainloop_lock(mainloop)
        if let context { pa_context_disconnect(context); pa_context_unref(context) }
        if let reconnecting { pa_context_disconnect(reconnecting); pa_context_unref(reconnecting) }
        pa_threaded_mainloop_unlock(mainloop)
        pa_threaded_mainloop_stop(mainloop)
        pa_threaded_mainloop_free(mainloop)
    }

    /// Whether a PulseAudio server answers (at `server`, or the default), within libpulse's connect time.
    public static func serverAnswers(server: String? = nil) -> Bool {
        guard let mainloop = pa_threaded_mainloop_new() else { return false }
        guard pa_threaded_mainloop_start(mainloop) >= 0 else {
            pa_threaded_mainloop_free(mainloop)
            return false
        }
        pa_threaded_mainloop_lock(mainloop)
        let result = connect(mainloop: mainloop, server: server, wait: true)
        if case let .success(context) = result {
            pa_context_disconnect(context)
            pa_context_unref(context)
        }
        pa_threaded_mainloop_unlock(mainloop)
        pa_threaded_mainloop_stop(mainloop)
        pa_threaded_mainloop_free(mainloop)
        if case .success = result { return true }
        return false
    }

    // MARK: AudioOutput

    public func start(format: AudioFormat, paused: Bool) throws(AudioOutputError) {
        guard format.sampleRate > 0, format.channels > 0, format.channels <= Int(PA_CHANNELS_MAX) else {
            throw AudioOutputError("unsupported format \(format)")
        }
        api.lock()
        defer { api.unlock() }
        lock()
        sweepRetiredLocked()
        retireOrDropStreamLocked()  // before `format` and `paused` change: they describe the segment that ends
        unlock()
        self.format = format
        self.paused = paused
        started = true
        baseHeard = 0
        baseWritten = 0
        try? fallback?.stop()
        fallback = nil
        lock()
        let ok = context != nil && openStreamLocked()
        unlock()
        if !ok { goSilentLocked(heard: 0) }
    }

    public func writableFrames() -> Int {
        api.lock()
        defer { api.unlock() }
        checkConnectionLocked()
        if let fallback { return fallback.writableFrames() }
        guard let stream else { return 0 }
        lock()
        defer { unlock() }
        let bytes = pa_stream_writable_size(stream)
        if bytes == Int(bitPattern: UInt(UInt32.max)) || bytes == -1 { return 0 }
        return bytes / (4 * format.channels)
    }

    public func write(_ samples: UnsafePointer<Float>, frames: Int) throws(AudioOutputError) {
        guard frames > 0 else { return }
        api.lock()
        defer { api.unlock() }
        if let fallback {
            try fallback.write(samples, frames: frames)
            return
        }
        guard let stream else { return }
        lock()
        // More after the end was marked (a recording queued behind the one that ended): the drain would answer
        // only after it, and the stream plays on.
        if drainOperation != nil && !drained { cancelDrainLocked() }
        let result = pa_stream_write(stream, samples, frames * 4 * format.channels, nil, 0, PA_SEEK_RELATIVE)
        unlock()
        if result < 0 {
            // The connection broke between the size check and the write: the next call goes silent.
            return
        }
        streamWritten += Int64(frames)
    }

    /// Sleeps up to a fifth of the buffer (50 ms of the 250 ms): the server asks for data no more often
    /// (`minreq`), so the buffer never runs dry, at 20 wake-ups a second. `wakeUp()` ends it at once, so a
    /// control (pause, seek, a new narration) never waits for the sleep.
    public func waitForProgress(seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: max(0.001, min(seconds, bufferSeconds / 5)))
        wake.lock()
        while !woken && wake.wait(until: deadline) {}
        woken = false
        wake.unlock()
    }

    public func wakeUp() {
        wake.lock()
        woken = true
        wake.signal()
        wake.unlock()
    }

    public var heardFrames: Int64 {
        api.lock()
        defer { api.unlock() }
        return heardLocked()
    }

    /// How many ended streams are still left to play out their tail (retired, their drain not yet answered).
    var retiredStreamCount: Int {
        api.lock()
        defer { api.unlock() }
        lock()
        defer { unlock() }
        return retired.count
    }

    public var writtenFrames: Int64 {
        api.lock()
        defer { api.unlock() }
        if let fallback { return baseWritten + fallback.writtenFrames }
        return baseWritten + streamWritten
    }

    public func pause() {
        api.lock()
        defer { api.unlock() }
        paused = true
        fallback?.pause()
        cork(true)
    }

    public func resume() {
        api.lock()
        defer { api.unlock() }
        paused = false
        fallback?.resume()
        cork(false)
    }

    @discardableResult
    public func flush() -> Int64 {
        api.lock()
        defer { api.unlock() }
        let base = baseHeard
        baseHeard = 0
        baseWritten = 0
        if let fallback { return base + fallback.flush() }
        let heardBefore = heardLocked() - base
        guard let stream else { return base + heardBefore }
        lock()
        cancelDrainLocked()
        if let operation = pa_stream_flush(stream, PulseOutput.streamSuccess, mainloopPointer) { wait(for: operation) }
        if let operation = pa_stream_update_timing_info(stream, PulseOutput.streamSuccess, mainloopPointer) { wait(for: operation) }
        // After a flush the server's read index is where it stopped taking the stream's data: everything
        // before it is heard, nothing after it (PulseAudio rewinds the sink to it; pipewire-pulse's graph plays
        // what it took). The segment heard that much; the clock read before the flush ran up to a quantum ahead
        // of it on pipewire-pulse (a pause lost 20 ms) and behind it on PulseAudio (a pause repeated 2 ms).
        // New data is written at that index: the next segment begins there.
        var heard = heardBefore
        let frameBytes = Int64(format.channels * MemoryLayout<Float>.size)
        if let timing = pa_stream_get_timing_info(stream), timing.pointee.write_index_corrupt == 0, timing.pointee.write_index >= 0 {
            if timing.pointee.read_index_corrupt == 0 {
                heard = min(max(0, timing.pointee.read_index / frameBytes - streamStartFrame), streamWritten)
            }
            streamStartFrame = timing.pointee.write_index / frameBytes
            var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
            streamStartMicros = pa_bytes_to_usec(UInt64(timing.pointee.write_index), &spec)
        } else {
            streamStartMicros = streamTimeLocked() ?? 0
            streamStartFrame = Int64(Double(streamStartMicros) * Double(format.sampleRate) / 1e6)
        }
        streamWritten = 0
        lastHeard = 0
        unlock()
        return base + heard
    }

    public func setVolume(_ volume: Double) {
        api.lock()
        defer { api.unlock() }
        self.volume = min(max(volume, 0), 1)
        lock()
        applyVolumeLocked()
        unlock()
    }

    public func endOfData() {
        api.lock()
        defer { api.unlock() }
        guard fallback == nil, let stream else { return }
        lock()
        // Starts playback even if less than the prebuffer was written (a short file or tail).
        if let operation = pa_stream_trigger(stream, nil, nil) { pa_operation_unref(operation) }
        // The stream's clock stops a sink latency short of the end once it underruns; the drain's completion
        // says the last frame has been played.
        if drainOperation == nil && !drained { drainOperation = pa_stream_drain(stream, nil, nil) }
        unlock()
    }

    public func stop() throws(AudioOutputError) {
        api.lock()
        defer { api.unlock() }
        started = false
        lock()
        retireOrDropStreamLocked(playingOut: true)
        // What the sink still holds of a narration written to its end is played before the stream closes
        // (quitting after the last narration, however long the sink's buffer); a server that does not answer
        // within `playOutSeconds` is not waited for.
        let deadline = clock.now() + PulseOutput.playOutSeconds
        while !retired.isEmpty && clock.now() < deadline {
            sweepRetiredLocked()
            if retired.isEmpty { break }
            unlock()
            clock.sleep(seconds: 0.002)
            lock()
        }
        closeRetiredLocked(all: true)
        unlock()
        try? fallback?.stop()
        fallback = nil
    }

    // MARK: connection

    private var mainloopPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(mainloop) }
    private func lock() { pa_threaded_mainloop_lock(mainloop) }
    private func unlock() { pa_threaded_mainloop_unlock(mainloop) }

    /// Callbacks only wake whoever waits on the main loop (their userdata is the main loop).
    private static let contextNotify: pa_context_notify_cb_t = { _, userdata in
        pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
    }
    private static let streamNotify: pa_stream_notify_cb_t = { _, userdata in
        pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
    }
    private static let streamSuccess: pa_stream_success_cb_t = { _, _, userdata in
        pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
    }
    /// Underflow and started callbacks (main loop thread, its lock held): userdata is the output itself, which
    /// clears them before it lets its stream go.
    private static let underflowNotify: pa_stream_notify_cb_t = { _, userdata in
        guard let userdata else { return }
        Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue().underflowing = true
    }
    private static let startedNotify: pa_stream_notify_cb_t = { _, userdata in
        guard let userdata else { return }
        Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue().underflowing = false
    }
    /// The server moved the stream to another sink: its default output changed (headphones plugged in, a
    /// Bluetooth speaker connected, `pactl set-default-sink`), and the stream follows it.
    private static let movedNotify: pa_stream_notify_cb_t = { stream, userdata in
        guard let userdata, let stream else { return }
        let name = pa_stream_get_device_name(stream).map { String(cString: $0) } ?? "another output"
        Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue().pendingNotices.append(
            "sound moved to \(name) (the sound server's default output changed); the walk goes on")
    }
    /// The stream's sink was suspended (no sound, its clock stopped) or resumed.
    private static let suspendedNotify: pa_stream_notify_cb_t = { stream, userdata in
        guard let userdata, let stream else { return }
        let name = pa_stream_get_device_name(stream).map { String(cString: $0) } ?? "the output"
        let notice = pa_stream_is_suspended(stream) == 1
            ? "\(name) suspended by the sound server: no sound until it resumes; the walk goes on"
            : "\(name) resumed; sound goes on"
        Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue().pendingNotices.append(notice)
    }

    /// Creates a context and connects it (main loop locked). With `wait`, returns once it is ready or failed.
    private static func connect(mainloop: OpaquePointer, server: String?, wait: Bool) -> Result<OpaquePointer, AudioOutputError> {
        let api = pa_threaded_mainloop_get_api(mainloop)
        guard let context = pa_context_new(api, "walkscape") else { return .failure(AudioOutputError("libpulse: cannot create a context")) }
        pa_context_set_state_callback(context, contextNotify, UnsafeMutableRawPointer(mainloop))
        if pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
            let message = String(cString: pa_strerror(pa_context_errno(context)))
            pa_context_unref(context)
            return .failure(AudioOutputError("no PulseAudio server (\(message))"))
        }
        guard wait else { return .success(context) }
        // A server that accepts the connection and never answers (stopped, hung) is no server either.
        let deadline = SystemClock().now() + answerSeconds
        while true {
            let state = pa_context_get_state(context)
            if state == PA_CONTEXT_READY { return .success(context) }
            let timedOut = SystemClock().now() >= deadline
            if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED || timedOut {
                let message = timedOut
                    ? "it did not answer within \(formatShortNumber(answerSeconds)) s"
                    : String(cString: pa_strerror(pa_context_errno(context)))
                pa_context_disconnect(context)
                pa_context_unref(context)
                return .failure(AudioOutputError("no PulseAudio server (\(message))"))
            }
            waitBriefly(mainloop)
        }
    }

    /// Opens the playback stream on `context` (main loop locked); false when it fails.
    private func openStreamLocked() -> Bool {
        guard let context else { return false }
        var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
        var map = pa_channel_map()
        pa_channel_map_init_extend(&map, UInt32(format.channels), PA_CHANNEL_MAP_DEFAULT)
        guard let stream = pa_stream_new(context, "walkscape narration", &spec, &map) else { return false }
        pa_stream_set_state_callback(stream, PulseOutput.streamNotify, mainloopPointer)
        // The server's word on underruns: the stream ran out of data (underflow) until it plays again (started).
        let me = Unmanaged.passUnretained(self).toOpaque()
        pa_stream_set_underflow_callback(stream, PulseOutput.underflowNotify, me)
        pa_stream_set_started_callback(stream, PulseOutput.startedNotify, me)
        pa_stream_set_moved_callback(stream, PulseOutput.movedNotify, me)
        pa_stream_set_suspended_callback(stream, PulseOutput.suspendedNotify, me)
        underflowing = false
        let bytesPerSecond = Double(format.sampleRate * format.channels * 4)
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32(bytesPerSecond * bufferSeconds), prebuf: UInt32.max,
            minreq: UInt32(bytesPerSecond * bufferSeconds / 5), fragsize: UInt32.max)
        var flags = PA_STREAM_INTERPOLATE_TIMING.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue | PA_STREAM_ADJUST_LATENCY.rawValue
        if paused { flags |= PA_STREAM_START_CORKED.rawValue }
        var volumes = pa_cvolume()
        pa_cvolume_set(&volumes, UInt32(format.channels), pa_sw_volume_from_linear(volume))
        guard pa_stream_connect_playback(stream, nil, &attributes, pa_stream_flags_t(rawValue: flags), &volumes, nil) >= 0 else {
            pa_stream_unref(stream)
            return false
        }
        let deadline = clock.now() + PulseOutput.answerSeconds
        while true {
            let state = pa_stream_get_state(stream)
            if state == PA_STREAM_READY { break }
            if state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED || clock.now() >= deadline {
                if state != PA_STREAM_FAILED && state != PA_STREAM_TERMINATED {
                    pa_stream_disconnect(stream)
                    stalled = true
                }
                pa_stream_unref(stream)
                return false
            }
            PulseOutput.waitBriefly(mainloop)
        }
        self.stream = stream
        streamStartMicros = 0
        streamStartFrame = 0
        streamWritten = 0
        lastHeard = 0
        return true
    }

    private func cancelDrainLocked() {
        if let drainOperation {
            pa_operation_cancel(drainOperation)
            pa_operation_unref(drainOperation)
        }
        drainOperation = nil
        drained = false
    }

    private func dropStreamLocked() {
        cancelDrainLocked()
        guard let stream else { return }
        pa_stream_set_state_callback(stream, nil, nil)
        pa_stream_set_underflow_callback(stream, nil, nil)
        pa_stream_set_started_callback(stream, nil, nil)
        pa_stream_set_moved_callback(stream, nil, nil)
        pa_stream_set_suspended_callback(stream, nil, nil)
        underflowing = false
        pa_stream_disconnect(stream)
        pa_stream_unref(stream)
        self.stream = nil
    }

    /// Ends the current stream: retired (left to play out) when the clock has reached its end and the drain has
    /// not answered yet, closed at once otherwise (a segment left before its end, already played out, or paused:
    /// a corked stream would never finish its drain).
    ///
    /// With `playingOut` (stopping), a stream whose every sample was written (its end marked) is left to play
    /// out even if the clock has not reached its end: the sink may hold seconds of it.
    private func retireOrDropStreamLocked(playingOut: Bool = false) {
        guard let stream, let drain = drainOperation, !paused, streamWritten > 0, playingOut || lastHeard >= streamWritten else {
            dropStreamLocked()
            return
        }
        pa_stream_set_state_callback(stream, nil, nil)
        pa_stream_set_underflow_callback(stream, nil, nil)
        pa_stream_set_started_callback(stream, nil, nil)
        pa_stream_set_moved_callback(stream, nil, nil)
        pa_stream_set_suspended_callback(stream, nil, nil)
        underflowing = false
        retired.append((stream, drain))
        self.stream = nil
        drainOperation = nil
        drained = false
    }

    /// Closes the retired streams whose drain has answered (or whose stream failed).
    private func sweepRetiredLocked() { closeRetiredLocked(all: false) }

    /// Closes retired streams: those done playing out, or every one with `all` (stop, a lost server).
    private func closeRetiredLocked(all: Bool) {
        retired.removeAll { entry in
            let draining = pa_operation_get_state(entry.drain) == PA_OPERATION_RUNNING
            if draining && !all && pa_stream_get_state(entry.stream) == PA_STREAM_READY { return false }
            if draining { pa_operation_cancel(entry.drain) }
            pa_operation_unref(entry.drain)
            pa_stream_disconnect(entry.stream)
            pa_stream_unref(entry.stream)
            return true
        }
    }

    /// The stream's playback time in µs (what has been heard), or nil before the first timing update.
    private func streamTimeLocked() -> UInt64? {
        guard let stream else { return nil }
        var micros: pa_usec_t = 0
        return pa_stream_get_time(stream, &micros) == 0 ? micros : nil
    }

    private func heardLocked() -> Int64 {
        checkConnectionLocked()
        if let fallback { return baseHeard + fallback.heardFrames }
        guard stream != nil else { return baseHeard }
        lock()
        sweepRetiredLocked()
        if let operation = drainOperation, pa_operation_get_state(operation) != PA_OPERATION_RUNNING {
            drained = pa_operation_get_state(operation) == PA_OPERATION_DONE
            pa_operation_unref(operation)
            drainOperation = nil
        }
        let micros = streamTimeLocked() ?? streamStartMicros
        unlock()
        if drained { return baseHeard + streamWritten }
        let elapsed = micros > streamStartMicros ? micros - streamStartMicros : 0
        let frames = Int64(Double(elapsed) * Double(format.sampleRate) / 1e6)
        lastHeard = max(lastHeard, min(frames, streamWritten))
        return baseHeard + lastHeard
    }

    /// Waits for `operation` (main loop locked, released while waiting); false when the server has not answered
    /// within `answerSeconds`: the operation is cancelled and the server counts as stalled (stopped, or too busy
    /// to answer), which `checkConnectionLocked` treats as lost. Before, a stopped server held the playback
    /// thread in a flush forever, and with it every thread that read the clock.
    @discardableResult
    private func wait(for operation: OpaquePointer) -> Bool {
        // Once one operation has gone unanswered, the next is not waited for either (a flush and its timing
        // update would wait twice).
        let deadline = stalled ? clock.now() : clock.now() + PulseOutput.answerSeconds
        while pa_operation_get_state(operation) == PA_OPERATION_RUNNING {
            guard clock.now() < deadline else {
                pa_operation_cancel(operation)
                pa_operation_unref(operation)
                stalled = true
                return false
            }
            PulseOutput.waitBriefly(mainloop)
        }
        pa_operation_unref(operation)
        return true
    }

    /// Lets the main loop run for a millisecond (its lock held by the caller, released meanwhile): a wait that
    /// can give up, where `pa_threaded_mainloop_wait` would wait for a signal that a stopped server never sends.
    private static func waitBriefly(_ mainloop: OpaquePointer) {
        pa_threaded_mainloop_unlock(mainloop)
        usleep(1_000)
        pa_threaded_mainloop_lock(mainloop)
    }

    private func cork(_ on: Bool) {
        guard fallback == nil, let stream else { return }
        lock()
        if let operation = pa_stream_cork(stream, on ? 1 : 0, PulseOutput.streamSuccess, mainloopPointer) { wait(for: operation) }
        unlock()
    }

    private func applyVolumeLocked() {
        guard let context, let stream, fallback == nil else { return }
        var volumes = pa_cvolume()
        pa_cvolume_set(&volumes, UInt32(format.channels), pa_sw_volume_from_linear(volume))
        if let operation = pa_context_set_sink_input_volume(context, pa_stream_get_index(stream), &volumes, nil, nil) {
            pa_operation_unref(operation)
        }
    }

    /// Notices a lost server (goes silent, once) and, while silent, tries to reconnect every second.
    private func checkConnectionLocked() {
        guard started else { return }
        lock()
        let notices = pendingNotices
        pendingNotices = []
        unlock()
        for notice in notices { onNotice(notice) }
        if fallback == nil {
            lock()
            let wasStalled = stalled
            stalled = false
            let alive = !wasStalled && context.map { pa_context_get_state($0) == PA_CONTEXT_READY } ?? false
                && stream.map { pa_stream_get_state($0) == PA_STREAM_READY } ?? false
            unlock()
            if alive { return }
            // Lost: carry the heard position over to a silent clock.
            lock()
            let micros = streamTimeLocked() ?? streamStartMicros
            unlock()
            // A dead stream's time may read behind what was already reported: never go back.
            let heard = baseHeard + max(lastHeard, min(Int64(Double(micros > streamStartMicros ? micros - streamStartMicros : 0) * Double(format.sampleRate) / 1e6), streamWritten))
            onNotice(
                wasStalled
                    ? "PulseAudio server not answering (\(formatShortNumber(PulseOutput.answerSeconds)) s); playing on silently, will reconnect when it answers"
                    : "PulseAudio server lost; playing on silently, will reconnect when it returns")
            goSilentLocked(heard: heard)
            return
        }
        let now = clock.now()
        lock()
        defer { unlock() }
        if let candidate = reconnecting {
            let state = pa_context_get_state(candidate)
            if state == PA_CONTEXT_READY {
                reconnecting = nil
                if let context { pa_context_disconnect(context); pa_context_unref(context) }
                context = candidate
                let heard = baseHeard + (fallback?.heardFrames ?? 0)
                if openStreamLocked() {
                    try? fallback?.stop()
                    fallback = nil
                    baseHeard = heard
                    baseWritten = heard
                    onNotice("PulseAudio server back; sound resumes")
                }
            } else if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
                pa_context_disconnect(candidate)
                pa_context_unref(candidate)
                reconnecting = nil
            }
        } else if now >= nextReconnect {
            nextReconnect = now + 1
            if case let .success(candidate) = PulseOutput.connect(mainloop: mainloop, server: server, wait: false) {
                reconnecting = candidate
            }
        }
    }

    /// Switches to the silent clock, continuing from `heard` frames into the segment.
    private func goSilentLocked(heard: Int64) {
        lock()
        dropStreamLocked()
        closeRetiredLocked(all: true)
        if let context {
            pa_context_set_state_callback(context, nil, nil)
            pa_context_disconnect(context)
            pa_context_unref(context)
            self.context = nil
        }
        unlock()
        let silent = NullOutput(name: "pulse (silent)")
        try? silent.start(format: format, paused: paused)
        fallback = silent
        baseHeard = heard
        baseWritten = heard
        nextReconnect = clock.now() + 1
    }
}
