import Foundation
import WalkscapeCore

/// Plays one decoder at a time through an output, and the next one queued behind it back to back: the executor
/// of the engine's `audio_started` events.
///
/// One playback thread owns the decoders and drives the output, streaming through a small buffer (never the
/// whole file). Other threads send controls (play, enqueue, pause/resume, seek, replay, volume, stop) and read
/// `snapshot`, whose position is what has been *heard* (the output's clock), not what was decoded. When a
/// file has been heard to its end, `onFinished` runs on the playback thread with the point number.
/// Skipping to another point is the caller's job: it calls `play` with that point's decoder.
///
/// Gapless: a recording queued with `enqueue` is written into the same output segment straight after the last
/// sample of the one playing, as soon as that one's decoder ends (mpv's gapless audio, GStreamer's
/// `about-to-finish`), so it is heard with no gap whatever the output's latency. The snapshot tells which
/// recording is heard from the output's clock: the queued one takes over at the exact frame where its first
/// sample was written. A queued recording of another format waits for the one before to play out and starts a
/// segment of its own.
public final class AudioPlayer: @unchecked Sendable {
    /// What the player is doing, as of the moment it is read.
    public struct Snapshot: Sendable, Equatable {
        /// The point whose audio is heard (nil before the first `play` or after `stop`).
        public var point: Int?
        /// The heard position in the file, seconds.
        public var position: Double
        /// The file's length, seconds.
        public var duration: Double
        public var paused: Bool
        /// The file has been heard to its end (and nothing queued behind it has begun).
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
        /// (`play`, `enqueue`, `seek` return N) is reflected in this snapshot once `applied` ≥ N.
        public var applied: UInt64 = 0
        /// The control (`play` or `enqueue`) that loaded the recording heard now; 0 when none.
        public var item: UInt64 = 0
        /// The control that loaded the last recording heard to its last sample; 0 when none yet.
        public var finishedItem: UInt64 = 0
        /// The recording queued behind the heard one, once the playback thread has it.
        public var queued: Queued?
        /// The file frame up to which the heard recording has been written to the output (≥ `frame`): how far
        /// a clock may run ahead of the speaker without running ahead of the sound.
        public var writtenFrame: Int64 = 0
        /// Output frames still to be heard before the heard recording's first sample (it was written behind
        /// silence, or a recording's last moments): its position is then `frame` less this, negative.
        public var framesBeforeFirst: Int64 = 0
        /// The output says it has run out of data (an underrun: the feed holds the sound back, not the sound
        /// card's latency).
        public var underrun = false
    }

    /// A recording queued behind the heard one (`enqueue`).
    public struct Queued: Sendable, Equatable {
        /// The `enqueue` control that queued it, and its point.
        public var item: UInt64
        public var point: Int?
        /// Output frames still to be heard before its first sample (at the heard recording's rate): what is
        /// left of the recording heard now. Its position is minus this.
        public var framesAhead: Int64
        public var sampleRate: Int
        /// Whether its first samples have been written behind the heard recording's last (gapless).
        public var written: Bool
        /// The file frame it starts from, and the one up to which it has been written.
        public var startFrame: Int64 = 0
        public var writtenFrame: Int64 = 0
    }

    /// Frames decoded per read: 2048 frames is 43 ms at 48 kHz.
    public static let bufferFrames = 2048

    public let output: any AudioOutput
    /// Whether the output's stream stays open between recordings, fed silence while nothing plays (see `init`).
    public let keepsOutputOpen: Bool
    private let onFinished: @Sendable (Int?) -> Void
    private let onError: @Sendable (String) -> Void

    private enum Command {
        case play(any AudioDecoder, point: Int?, from: Double, paused: Bool)
        case quit
        case enqueue(any AudioDecoder, point: Int?)
        case dropQueued
        case pause, resume, togglePause
        case seek(to: Double, item: UInt64?), seekBy(Double)
        case volume(Double)
        case stop
    }

    /// One recording of the current segment: the one heard, or one queued behind it.
    private struct Entry {
        /// The control that loaded it (`play` or `enqueue`).
        var id: UInt64
        var point: Int?
        var info: AudioInfo
        /// The file frame its playback starts from (the play's offset, a seek's target, 0 when queued).
        var startFrame: Int64
        /// The segment frame its first sample was written at; nil until the writing reaches it.
        var offset: Int64?
        /// The segment frame just after its last sample; nil until it has been written to its end.
        var end: Int64?
        var format: AudioFormat { AudioFormat(sampleRate: info.sampleRate, channels: info.channels) }
    }

    private let lock = NSCondition()
    private var commands: [(Command, UInt64)] = []
    /// Controls sent and carried out so far (under `lock`): the numbers `play` and `seek` return.
    private var sent: UInt64 = 0
    private var applied: UInt64 = 0
    private var shuttingDown = false
    private let exited = DispatchSemaphore(value: 0)
    // Shared with readers (under `lock`):
    /// The segment's recordings in order: the first is heard (or about to be), the rest are queued.
    private var entries: [Entry] = []
    private var paused = false
    /// The last recording of the segment has been heard to its end.
    private var finished = false
    private var finishedItem: UInt64 = 0
    private var volume = 1.0
    // The playback thread's own:
    /// The decoders of `entries`, in the same order.
    private var decoders: [any AudioDecoder] = []
    /// Which entry is being decoded and written.
    private var writing = 0
    private var buffer: UnsafeMutablePointer<Float>?
    private var bufferCapacity = 0
    private var pendingOffset = 0
    private var pendingFrames = 0
    private var decoderEnded = false
    private var endSignalled = false
    /// Frames of the end padding written after the last recording (`AudioOutput.endPaddingFrames`).
    private var paddingWritten = 0
    /// The output's stream is open (started, not stopped), in this format.
    private var outputFormat: AudioFormat?
    /// Zeros for the silence written while nothing plays (`keepsOutputOpen`).
    private var silence: [Float] = []

    /// Starts the playback thread (idle until `play`).
    ///
    /// With `keepsOutputOpen` (a sound server's stream during a walk) the output's stream, once open, stays
    /// open until `shutdown`, fed silence while no recording plays, as mpv and cmus keep theirs: the sink never
    /// goes idle between narrations, so one that keeps a long buffer when idle (a busy desktop, Bluetooth) does
    /// not make the next narration wait for the block it rendered ahead, and a stop or a skip does not close it.
    /// A recording's end is then told by the clock reaching its last written frame, not by a drain.
    public init(
        output: any AudioOutput, keepsOutputOpen: Bool = false, onFinished: @escaping @Sendable (Int?) -> Void = { _ in },
        onError: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.output = output
        self.keepsOutputOpen = keepsOutputOpen
        self.onFinished = onFinished
        self.onError = onError
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "walkscape-audio"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    deinit { buffer?.deallocate() }

    // MARK: controls (any thread)

    /// Plays `decoder` (a point's recording) from `seconds`, replacing whatever plays or is queued. Returns the
    /// control's number: a snapshot whose `applied` is at least that shows the new recording.
    @discardableResult
    public func play(_ decoder: any AudioDecoder, point: Int? = nil, from seconds: Double = 0, paused: Bool = false) -> UInt64 {
        send(.play(decoder, point: point, from: seconds, paused: paused))
    }
    /// Queues `decoder` (from its current position) behind the recording playing, replacing what was queued:
    /// its first sample follows the playing one's last in the same stream. With nothing playing (or the last
    /// recording already heard to its end) it plays at once. Returns the control's number (the snapshot's
    /// `item` once it is heard).
    @discardableResult
    public func enqueue(_ decoder: any AudioDecoder, point: Int? = nil) -> UInt64 {
        send(.enqueue(decoder, point: point))
    }
    /// Drops what is queued behind the heard recording (what was written of it is taken back from the output).
    public func dropQueued() { send(.dropQueued) }
    public func pause() { send(.pause) }
    public func resume() { send(.resume) }
    public func togglePause() { send(.togglePause) }
    /// Moves to `seconds` into the heard file (clamped to the file), or into the file `item` loaded (a `play` or
    /// `enqueue` control's number) when it is still held: one queued behind the heard file then plays at once
    /// from there, the files before it done. Returns the control's number (see `play`).
    @discardableResult
    public func seek(to seconds: Double, item: UInt64? = nil) -> UInt64 { send(.seek(to: seconds, item: item)) }
    /// Moves by `seconds` (negative: back), e.g. ±10.
    public func seek(by seconds: Double) { send(.seekBy(seconds)) }
    /// Plays the current point again from its start.
    public func replay() {
        send(.seek(to: 0, item: nil))
        send(.resume)
    }
    /// Linear gain 0…1.
    public func setVolume(_ volume: Double) { send(.volume(volume)) }
    /// Stops playback and unloads the files (no `onFinished`).
    public func stop() { send(.stop) }

    /// Stops and ends the playback thread; waits for it. The player cannot be used afterwards.
    public func shutdown() {
        lock.lock()
        guard !shuttingDown else { return lock.unlock() }
        shuttingDown = true
        sent += 1
        commands.append((.quit, sent))
        lock.broadcast()
        lock.unlock()
        exited.wait()
    }

    /// The player's state now; `position` is read from the output's clock at this moment.
    public var snapshot: Snapshot {
        lock.lock()
        defer { lock.unlock() }
        guard !entries.isEmpty else {
            return Snapshot(
                point: nil, position: 0, duration: 0, paused: paused, finished: false, volume: volume, frame: 0, sampleRate: 0,
                applied: applied, finishedItem: finishedItem)
        }
        let heard = output.heardFrames
        let written = output.writtenFrames
        let index = AudioPlayer.heardIndex(entries, heard: heard)
        let entry = entries[index]
        let last = index == entries.count - 1
        let done = last && (finished || (entries[index].end.map { heard >= $0 } ?? false))
        let total = entry.info.frames
        // A recording held (paused, `keepsOutputOpen`) is not being written: it stands at its start frame.
        let intoEntry = entry.offset.map { heard - $0 } ?? 0
        let frame = done ? total : min(total, entry.startFrame + max(0, intoEntry))
        let rate = entry.info.sampleRate
        var queued: Queued?
        if index + 1 < entries.count {
            let next = entries[index + 1]
            let ahead = next.offset.map { $0 - heard } ?? max(0, total - frame)
            let nextWritten = next.offset.map { min(next.info.frames, next.startFrame + max(0, written - $0)) } ?? next.startFrame
            queued = Queued(
                item: next.id, point: next.point, framesAhead: max(0, ahead), sampleRate: rate, written: next.offset != nil,
                startFrame: next.startFrame, writtenFrame: nextWritten)
        }
        let writtenFrame = done ? total : max(frame, entry.offset.map { min(total, entry.startFrame + max(0, written - $0)) } ?? entry.startFrame)
        return Snapshot(
            point: entry.point, position: rate > 0 ? Double(frame) / Double(rate) : 0, duration: entry.info.durationSeconds,
            paused: paused, finished: done, volume: volume, frame: frame, sampleRate: rate,
            segmentFrames: done ? max(intoEntry, total - entry.startFrame) : max(0, intoEntry), applied: applied, item: entry.id,
            finishedItem: done ? entry.id : (index > 0 ? entries[index - 1].id : finishedItem), queued: queued,
            writtenFrame: writtenFrame, framesBeforeFirst: max(0, -intoEntry), underrun: output.isUnderrunning)
    }

    /// The entry heard at segment frame `heard`: the last whose first sample was written at or before it.
    private static func heardIndex(_ entries: [Entry], heard: Int64) -> Int {
        var index = 0
        for (i, entry) in entries.enumerated().dropFirst() {
            guard let offset = entry.offset, offset <= heard else { break }
            index = i
        }
        return index
    }

    @discardableResult
    private func send(_ command: Command) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        sent += 1
        commands.append((command, sent))
        lock.broadcast()
        // The playback thread may be sleeping in the output: the control should not wait for it.
        output.wakeUp()
        return sent
    }

    // MARK: the playback thread

    private func run() {
        while true {
            lock.lock()
            while commands.isEmpty && !shuttingDown && (decoders.isEmpty || finished) && !feedsSilence {
                lock.wait()
            }
            let batch = commands
            commands.removeAll()
            let quitting = shuttingDown
            lock.unlock()
            for (command, number) in batch {
                execute(command, number: number)
                lock.lock()
                applied += 1
                lock.unlock()
            }
            if quitting {
                exited.signal()
                return
            }
            step()
        }
    }

    private func execute(_ command: Command, number: UInt64) {
        switch command {
        case let .play(newDecoder, point, from, startPaused):
            start(newDecoder, point: point, id: number, from: from, paused: startPaused)
        case let .enqueue(newDecoder, point):
            enqueue(newDecoder, point: point, id: number)
        case .dropQueued:
            dropQueuedEntries()
        case .pause: setPaused(true)
        case .resume: setPaused(false)
        case .togglePause:
            lock.lock()
            let now = paused
            lock.unlock()
            setPaused(!now)
        case let .seek(to: seconds, item): seek(toSeconds: seconds, item: item)
        case let .seekBy(delta):
            let position = snapshot.position
            seek(toSeconds: position + delta, item: nil)
        case let .volume(value):
            let clamped = min(max(value, 0), 1)
            output.setVolume(clamped)
            lock.lock()
            volume = clamped
            lock.unlock()
        case .quit:
            // A recording written to its end plays out what the sink still holds (the output waits a little);
            // anything else is cut at once.
            let writtenOut = !decoders.isEmpty && writing == decoders.count - 1 && decoderEnded
            if writtenOut && !paused && !finished { output.endOfData() } else { output.flush() }
            try? output.stop()
            outputFormat = nil
            decoders = []
            lock.withLock { entries = [] }
        case .stop:
            output.flush()
            if !keepsOutputOpen {
                try? output.stop()
                outputFormat = nil
            }
            decoders = []
            writing = 0
            resetPending()
            lock.lock()
            entries = []
            finished = false
            lock.unlock()
        }
    }

    /// Begins a new segment with `newDecoder` from `seconds` (a play, or a queued recording that cannot follow
    /// the one before in the same segment).
    private func start(_ newDecoder: any AudioDecoder, point: Int?, id: UInt64, from seconds: Double?, paused startPaused: Bool) {
        let format = AudioFormat(sampleRate: newDecoder.info.sampleRate, channels: newDecoder.info.channels)
        if let seconds {
            let target = clampFrame(seconds, info: newDecoder.info)
            do throws(AudioFileError) {
                if target != newDecoder.position { try newDecoder.seek(toFrame: target) }
            } catch {
                onError(error.message)
            }
        }
        let idle = lock.withLock { entries.isEmpty || finished }
        var offset: Int64? = 0
        if keepsOutputOpen, outputFormat == format {
            // The stream stays open (never corked: paused, it plays silence). Over silence the recording is
            // written after what the stream holds (no rewind of the sink, which a sink may not do cleanly); a
            // recording still sounding is dropped at once.
            if idle {
                offset = output.writtenFrames
            } else {
                output.flush()
            }
            if startPaused { offset = nil }
        } else {
            if keepsOutputOpen && startPaused { offset = nil }
            do {
                try output.start(format: format, paused: startPaused && !keepsOutputOpen)
                outputFormat = format
            } catch {
                onError("\(output.name): \(error.message)")
                outputFormat = nil
            }
        }
        output.setVolume(volume)
        if bufferCapacity < AudioPlayer.bufferFrames * format.channels {
            buffer?.deallocate()
            bufferCapacity = AudioPlayer.bufferFrames * format.channels
            buffer = .allocate(capacity: bufferCapacity)
        }
        decoders = [newDecoder]
        writing = 0
        resetPending()
        lock.lock()
        entries = [Entry(id: id, point: point, info: newDecoder.info, startFrame: newDecoder.position, offset: offset)]
        paused = startPaused
        finished = false
        lock.unlock()
    }

    /// Queues `newDecoder` behind the heard recording (replacing what was queued), or plays it at once when
    /// nothing is left to follow.
    private func enqueue(_ newDecoder: any AudioDecoder, point: Int?, id: UInt64) {
        let (idle, startPaused) = lock.withLock { (entries.isEmpty || finished, paused) }
        if idle {
            start(newDecoder, point: point, id: id, from: nil, paused: startPaused)
            return
        }
        dropQueuedEntries()
        decoders.append(newDecoder)
        lock.withLock { entries.append(Entry(id: id, point: point, info: newDecoder.info, startFrame: newDecoder.position, offset: nil)) }
    }

    /// Removes the entries queued behind the heard one; what was written of them is taken back (the heard one
    /// is written again from where it is heard).
    private func dropQueuedEntries() {
        let (heardIndex, written) = lock.withLock { () -> (Int, Bool) in
            let index = AudioPlayer.heardIndex(entries, heard: output.heardFrames)
            return (index, entries.dropFirst(index + 1).contains { $0.offset != nil })
        }
        guard heardIndex + 1 < decoders.count else { return }
        var index = heardIndex
        if written {
            rewrite(from: index, atHeardFrame: nil)
            index = 0
        }
        decoders.removeSubrange((index + 1)...)
        lock.withLock { entries.removeSubrange((index + 1)...) }
        if writing > index {
            writing = index
            resetPending()
            decoderEnded = true  // the heard one was written to its end
        }
    }

    private func setPaused(_ value: Bool) {
        if keepsOutputOpen && outputFormat != nil {
            // The stream is not corked (pipewire-pulse drops the quantum in flight on a cork: 21 ms lost a
            // pause): what it holds past the heard frame is dropped, it plays silence, and on resume the
            // recording is written again from where it was heard.
            let (wasPaused, holding) = lock.withLock { (paused, !entries.isEmpty && !finished) }
            guard value != wasPaused else { return }
            lock.withLock { paused = value }
            guard holding, !decoders.isEmpty else { return }
            if value {
                let index = lock.withLock { AudioPlayer.heardIndex(entries, heard: output.heardFrames) }
                rewrite(from: index, atHeardFrame: nil)
            } else {
                // The silence written while paused is dropped: the recording is heard again at once.
                output.flush()
                lock.withLock { if entries[0].offset == nil { entries[0].offset = 0 } }
            }
            return
        }
        guard !decoders.isEmpty else { return }
        if value { output.pause() } else { output.resume() }
        lock.lock()
        paused = value
        lock.unlock()
    }

    private func seek(toSeconds seconds: Double, item: UInt64?) {
        guard !decoders.isEmpty else { return }
        let index = lock.withLock {
            let heard = AudioPlayer.heardIndex(entries, heard: output.heardFrames)
            return item.flatMap { id in entries.firstIndex { $0.id == id } }.map { max($0, heard) } ?? heard
        }
        let target = clampFrame(seconds, info: decoders[index].info)
        rewrite(from: index, atHeardFrame: target)
    }

    /// Starts the segment again at entry `index` (the heard one): the entries before it are done, it is written
    /// again from file frame `target` (nil: from where it is heard now), and those queued behind it from their
    /// start. The output drops what it holds.
    private func rewrite(from requested: Int, atHeardFrame target: Int64?) {
        // The output drops what it holds first: what it says it played of it (its read index, exact) places
        // the recording heard, which the clock read a moment before may miss by a quantum either way.
        lock.lock()
        let wasFinished = finished
        let heard = output.flush()
        // The drop may have let the heard one play out into the next (its end written and passed).
        let index = target == nil ? max(requested, AudioPlayer.heardIndex(entries, heard: heard)) : requested
        let done = Array(entries.prefix(index))
        let entry = entries[index]
        lock.unlock()
        let frame = target ?? entry.offset.map { min(entry.info.frames, entry.startFrame + max(0, heard - $0)) } ?? entry.startFrame
        do throws(AudioFileError) {
            try decoders[index].seek(toFrame: frame)
            for later in (index + 1)..<decoders.count where decoders[later].position != lock.withLock({ entries[later].startFrame }) {
                try decoders[later].seek(toFrame: lock.withLock { entries[later].startFrame })
            }
        } catch {
            // The output has dropped what it held: the recording goes on from where its decoder stands.
            onError(error.message)
        }
        resetPending()
        decoders.removeFirst(index)
        writing = 0
        lock.lock()
        entries.removeFirst(index)
        entries[0].startFrame = decoders[0].position
        // Held while paused with the stream kept open (written again from here on resume).
        entries[0].offset = keepsOutputOpen && paused ? nil : 0
        for i in entries.indices {
            entries[i].end = nil
            if i > 0 { entries[i].offset = nil }
        }
        if let last = done.last { finishedItem = last.id }
        finished = false
        lock.unlock()
        for entry in done { onFinished(entry.point) }
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
        paddingWritten = 0
    }

    /// Writes part of the end padding (as much as the output takes now).
    private func writePadding() {
        guard let format = outputFormat ?? lock.withLock({ entries.last?.format }) else { return }
        paddingWritten += writeSilence(upTo: output.endPaddingFrames(rate: format.sampleRate) - paddingWritten, format: format)
    }

    /// Writes up to `wanted` frames of silence, as many as the output takes now (waiting a little when it takes
    /// none); returns how many.
    private func writeSilence(upTo wanted: Int, format: AudioFormat) -> Int {
        let room = min(output.writableFrames(), AudioPlayer.bufferFrames, wanted)
        guard room > 0 else {
            output.waitForProgress(seconds: 0.01)
            return 0
        }
        if silence.count < room * format.channels { silence = [Float](repeating: 0, count: AudioPlayer.bufferFrames * format.channels) }
        do {
            try silence.withUnsafeBufferPointer { zeros throws(AudioOutputError) in try output.write(zeros.baseAddress!, frames: room) }
        } catch {
            onError("\(output.name): \(error.message)")
        }
        return room
    }

    /// Moves data from the decoders to the output as room allows, the queued one straight after the heard one;
    /// notices each recording's end once it has been heard.
    private func step() {
        noticeHandOvers()
        if keepsOutputOpen && lock.withLock({ paused || entries.first?.offset == nil }) {
            feedSilence()
            return
        }
        guard writing < decoders.count, let buffer else {
            feedSilence()
            return
        }
        let decoder = decoders[writing]
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
        let endOffset = output.writtenFrames
        lock.withLock { if entries[writing].end == nil { entries[writing].end = endOffset } }
        // The next recording follows in the same segment when it has the same format.
        if writing + 1 < decoders.count {
            let (current, next) = lock.withLock { (entries[writing].format, entries[writing + 1].format) }
            // Not once the output has played everything out (it has underrun): the next one then begins a
            // segment of its own below, its clock counted afresh.
            if current == next && !(endSignalled && output.isDrained) {
                writing += 1
                resetPending()
                let offset = output.writtenFrames
                lock.withLock { entries[writing].offset = offset }
                return
            }
        }
        if keepsOutputOpen {
            // The stream plays on with silence after the last sample; the recording has ended once the clock
            // has passed that sample. The end padding first, whatever the clock says: pipewire-pulse takes
            // nothing from a stream holding less than its minimum request (50 ms), and with the silence lead
            // kept from a clock that ran a quantum ahead, the last 17-35 ms of a narration stayed in the stream
            // until the next one was written.
            if !lock.withLock({ finished }),
                paddingWritten < output.endPaddingFrames(rate: lock.withLock { entries[writing].info.sampleRate })
            {
                writePadding()
                if output.writableFrames() > 0 { return }
            }
            let end = lock.withLock { entries[writing].end ?? endOffset }
            if !lock.withLock({ finished }), output.heardFrames >= end {
                finishLast()
                return
            }
            feedSilence()
            return
        }
        if !endSignalled {
            // Silence after the last sample before the end is marked: pipewire-pulse answers a drain a quantum
            // before the sink has played it, and the stream's close then dropped the last 21-35 ms.
            if paddingWritten < output.endPaddingFrames(rate: lock.withLock { entries[writing].info.sampleRate }) {
                writePadding()
                return
            }
            output.endOfData()
            endSignalled = true
        }
        if output.isDrained {
            finishLast()
        } else {
            output.waitForProgress(seconds: 0.005)
        }
    }

    /// The last recording written has been heard to its end: the next one, of another format, starts a segment
    /// of its own; with none, the player has finished.
    private func finishLast() {
        do {
            noticeHandOvers()
            if writing + 1 < decoders.count {
                // Another format: it starts a segment of its own now that the last one has played out.
                let next = lock.withLock { entries[writing + 1] }
                let decoder = decoders[writing + 1]
                let done = lock.withLock { entries.prefix(writing + 1).map(\.point) }
                lock.withLock { finishedItem = entries[writing].id }
                let startPaused = lock.withLock { paused }
                start(decoder, point: next.point, id: next.id, from: nil, paused: startPaused)
                for point in done { onFinished(point) }
                return
            }
            lock.lock()
            finished = true
            finishedItem = entries.last?.id ?? finishedItem
            let point = entries.last?.point
            lock.unlock()
            onFinished(point)
        }
    }

    /// Whether the playback thread has silence to write (`keepsOutputOpen`, a stream open and running).
    private var feedsSilence: Bool {
        keepsOutputOpen && outputFormat != nil
    }

    /// How far ahead of the speaker silence is written (seconds): enough to keep the stream and the sink
    /// running, little enough that a narration starting after it travels about the latency of the walk's first
    /// narration, which started the stream. A narration from silence is written behind it, not over it:
    /// flushing would make the sink rewind, which a null sink's monitor, for one, does not follow. (With the
    /// whole buffer kept full of silence, narrations from silence were heard 110-180 ms later than the first,
    /// and PulseAudio's heard position ran up to 160 ms ahead of the monitor under load; with 50 ms,
    /// pipewire-pulse once left a 16 ms hole at the start of a narration from silence: docs/install.md.)
    public static let silenceLeadSeconds = 0.05

    /// Writes silence while no recording is left to write, keeping the stream (and the sink) running.
    private func feedSilence() {
        guard keepsOutputOpen, let format = outputFormat else { return }
        let lead = Int64(AudioPlayer.silenceLeadSeconds * Double(format.sampleRate))
        _ = writeSilence(upTo: Int(max(0, lead - (output.writtenFrames - output.heardFrames))), format: format)
    }

    /// Drops the entries heard to their end (the heard one is the last whose first sample the output has
    /// played), each with its `onFinished`.
    private func noticeHandOvers() {
        let done = lock.withLock { () -> [Entry] in
            let index = AudioPlayer.heardIndex(entries, heard: output.heardFrames)
            guard index > 0 else { return [] }
            let done = Array(entries.prefix(index))
            finishedItem = done.last!.id
            // The offsets stay those of the segment: the output's heard frames count from its start.
            entries.removeFirst(index)
            return done
        }
        guard !done.isEmpty else { return }
        decoders.removeFirst(done.count)
        writing -= done.count
        for entry in done { onFinished(entry.point) }
    }
}
