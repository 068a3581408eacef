import Foundation
import Synchronization
import Testing
import WalkscapeTestSupport
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
@testable import WalkscapeRuntime

/// An output whose sound card the test plays by hand: frames written are heard only when the test says so
/// (`play(seconds:)`), so latency, an underrun, a pause and the drain are all the test's to set.
final class HandPlayedOutput: AudioOutput, @unchecked Sendable {
    let name = "hand"
    private let lock = NSLock()
    private var rate = 16_000
    private var written: Int64 = 0
    private var heard: Int64 = 0
    private var corked = false
    private var channels = 1
    /// Every frame's first channel written since the output was made, less what flushes dropped; the first
    /// `logHeard` of them have been heard: what the speaker played, in order.
    private var log: [Float] = []
    private var logHeard = 0
    /// How much may be written ahead of what is heard: the sound card's buffer.
    let capacityFrames = 8_000
    /// The feed cannot write (a decoder that fell behind): the card then plays what it holds and underruns.
    private var feedBlocked = false
    func blockFeed(_ blocked: Bool) { lock.withLock { feedBlocked = blocked } }
    /// Silence the player should write after a stream's last sample (`AudioOutput.endPaddingFrames`).
    var endPadding = 0
    func endPaddingFrames(rate: Int) -> Int { endPadding }
    /// As a sound server says: the card has played everything written and waits for more.
    var isUnderrunning: Bool { lock.withLock { !corked && written > 0 && heard >= written } }

    func start(format: AudioFormat, paused: Bool) throws(AudioOutputError) {
        lock.withLock {
            rate = format.sampleRate
            channels = format.channels
            log.removeLast(log.count - logHeard)
            written = 0
            heard = 0
            corked = paused
        }
    }
    func writableFrames() -> Int { lock.withLock { corked || feedBlocked ? 0 : max(0, capacityFrames - Int(written - heard)) } }
    func write(_ samples: UnsafePointer<Float>, frames: Int) throws(AudioOutputError) {
        lock.withLock {
            written += Int64(frames)
            for frame in 0..<frames { log.append(samples[frame * channels]) }
        }
    }
    func waitForProgress(seconds: Double) { usleep(500) }
    var heardFrames: Int64 { lock.withLock { heard } }
    var writtenFrames: Int64 { lock.withLock { written } }
    func pause() { lock.withLock { corked = true } }
    func resume() { lock.withLock { corked = false } }
    @discardableResult
    func flush() -> Int64 {
        lock.withLock {
            log.removeLast(log.count - logHeard)
            written = heard
            return heard
        }
    }
    func setVolume(_ volume: Double) {}
    func endOfData() {}
    func stop() throws(AudioOutputError) {}

    /// The sound card plays `seconds` of what was written (less when less is buffered: an underrun).
    func play(seconds: Double) {
        lock.withLock {
            guard !corked else { return }
            let before = heard
            heard = min(written, heard + Int64(seconds * Double(rate)))
            logHeard += Int(heard - before)
        }
    }
    /// What the speaker has played so far (first channel).
    var played: [Float] { lock.withLock { Array(log[..<logHeard]) } }
    /// Frames written and not yet heard.
    var buffered: Int64 { lock.withLock { written - heard } }
}

/// The notices a sink gave, from any thread.
final class NoticeLines: Sendable {
    let lines = Mutex<[String]>([])
}

@Suite(.serialized) struct AudioSinkLeadTests {
    /// Silence of each point's measured length (20, 30 and 10 s at 16 kHz), in a fresh directory.
    static let recordings: [Int: String] = {
        let directory = NSTemporaryDirectory() + "walkscape-lead-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var paths: [Int: String] = [:]
        for (point, seconds) in [(1, 20.0), (2, 30.0), (3, 10.0)] {
            let path = directory + "/p\(point).wav"
            try? PlaceholderRecording.write(to: path, seconds: seconds, sound: .silence)
            paths[point] = path
        }
        return paths
    }()

    /// A walk of `walkInputs()` whose audio leads, through a sink and player on a hand-played output, on a
    /// manual clock; the sink's notices are kept.
    final class Rig {
        let output: HandPlayedOutput
        let player: AudioPlayer
        let clock: ManualClock
        let notices: NoticeLines
        let sink: AudioSink
        var walk: Walk

        /// Steps the walk and hands its update to the sink, as the player's loop does.
        func step(wallSeconds: Double, audio: AudioLead?) {
            sink.take(walk.step(wallSeconds: wallSeconds, audio: audio), from: walk)
        }

        /// Pauses or resumes the walk and hands the update to the sink.
        func togglePause() {
            sink.take(walk.togglePause(), from: walk)
        }

        init() {
            let output = HandPlayedOutput()
            let clock = ManualClock()
            let player = AudioPlayer(output: output)
            let paths = AudioSinkLeadTests.recordings
            let notices = NoticeLines()
            let sink = AudioSink(player: player, clock: clock, onNotice: { line in notices.lines.withLock { $0.append(line) } }) { paths[$0] }
            let (tour, trace) = walkInputs()
            var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: 1)
            walk.audioLeads = true
            sink.take(walk.startUpdate, from: walk)
            (self.output, self.clock, self.player, self.notices, self.sink, self.walk) = (output, clock, player, notices, sink, walk)
        }
    }

    /// The walk's clock through a narration on a card whose buffer holds 0.5 s: it runs on while the first
    /// samples travel (latency is not waited for), never falls behind what was heard, holds when the card has
    /// played all that was written (an underrun) and says how long in the play log, stands still while paused
    /// (not a stall), and reaches the narration's end once all of it has been written.
    @Test func theClockRunsThroughLatencyHoldsForAnUnderrunAndPausesWithTheWalk() throws {
        let rig = Rig()
        let (output, player, clock, sink) = (rig.output, rig.player, rig.clock, rig.sink)
        defer { player.shutdown() }
        func step(_ wall: Double) {
            clock.advance(by: wall)
            rig.step(wallSeconds: wall, audio: sink.lead(for: rig.walk.engine.playing))
        }
        step(30)
        expectEqual(rig.walk.time, 25)
        // The file is open and the card's buffer full, but nothing has been heard: the clock runs on from the
        // trigger with the wall clock.
        expectTrue(eventually { output.buffered == Int64(output.capacityFrames) })
        // (Once the loader has handed over the player's control number: until then the walk waits.)
        expectTrue(eventually { sink.lead(for: rig.walk.engine.playing) == .heard(seconds: 0) })
        step(0.3)
        expectTrue(abs(rig.walk.time - 25.3) < 1e-9, "\(rig.walk.time)")
        // The card plays 2 s (a quarter of a second at a time, the player refilling its buffer): the walk is
        // never behind what was heard.
        for _ in 0..<8 {
            expectTrue(eventually { output.buffered == Int64(output.capacityFrames) })
            output.play(seconds: 0.25)
        }
        step(0.1)
        expectTrue(abs(rig.walk.time - 27) < 1e-9, "\(rig.walk.time)")
        let timing = try #require(sink.takeTimings().first)
        expectTrue(timing.point == 1 && timing.walkTime == 25 && timing.fromSeconds == 0)
        // An underrun: the feed falls behind, the card plays the 0.5 s it holds and waits. The clock runs to
        // what was written (27.5 s) and holds there for the rest of 3 s of wall time.
        expectTrue(eventually { output.buffered == Int64(output.capacityFrames) })
        output.blockFeed(true)
        output.play(seconds: 1)
        expectTrue(output.isUnderrunning)
        step(3)
        expectTrue(abs(rig.walk.time - 27.5) < 1e-9, "\(rig.walk.time)")
        expectTrue(!sink.muted && rig.notices.lines.withLock { $0.isEmpty })
        // The feed catches up: the clock moves on and the play log hears of the hold.
        output.blockFeed(false)
        expectTrue(eventually { output.buffered == Int64(output.capacityFrames) })
        output.play(seconds: 0.1)
        step(0.1)
        expectTrue(rig.walk.time > 27.5, "\(rig.walk.time)")
        let hold = try #require(sink.takeHolds().first)
        expectTrue(hold.point == 1 && abs(hold.seconds - 2.6) < 0.05 && abs(hold.walkTime - 27.5) < 1e-9, "\(hold)")
        // Paused for longer than `stallSeconds`: a pause is not a stall, and the clock stands still.
        rig.togglePause()
        sink.drain()
        expectTrue(eventually { player.snapshot.paused })
        let pausedAt = rig.walk.time
        clock.advance(by: 2 * AudioSink.stallSeconds)
        _ = sink.lead(for: rig.walk.engine.playing)
        rig.togglePause()
        sink.drain()
        expectTrue(eventually { !player.snapshot.paused })
        step(0.01)
        expectTrue(abs(rig.walk.time - pausedAt) < 0.02, "\(rig.walk.time) after a pause at \(pausedAt)")
        expectTrue(rig.notices.lines.withLock { $0.isEmpty })
        // Played on: the narration finishes at its measured end on the walk's clock, once all of it has been
        // written, with nothing stopped (its last samples play out).
        var steps = 0
        while rig.walk.engine.playing?.point == 1 && steps < 400 {
            _ = eventually(0.05) { output.buffered == Int64(output.capacityFrames) || player.snapshot.writtenFrame >= 320_000 }
            output.play(seconds: 0.25)
            step(0.25)
            steps += 1
        }
        expectTrue(rig.walk.engine.playing == nil, "still playing after \(steps) steps at \(rig.walk.time)")
        expectEqual(rig.walk.events.filter { $0.kind == .audioFinished }.map(\.t), [45])
        expectTrue(!rig.walk.events.contains { $0.kind == .audioCut })
    }

    @Test func aSoundCardThatStallsLetsTheWalkGoOnWithANotice() throws {
        let rig = Rig()
        let (output, player, clock, sink) = (rig.output, rig.player, rig.clock, rig.sink)
        defer { player.shutdown() }
        rig.step(wallSeconds: 30, audio: nil)
        sink.drain()
        expectTrue(eventually { player.snapshot.applied > 0 && output.buffered > 0 })
        clock.advance(by: AudioSink.stallSeconds + 0.5)
        expectTrue(sink.lead(for: rig.walk.engine.playing) == nil)
        expectEqual(rig.notices.lines.withLock { $0.count }, 1)
        expectTrue(sink.muted)
        rig.step(wallSeconds: 2, audio: sink.lead(for: rig.walk.engine.playing))
        expectEqual(rig.walk.time, 27)
    }

    @Test func theNextRecordingsAreOpenedAhead() {
        let opened = Mutex<[Int]>([])
        let player = AudioPlayer(output: NullOutput(clock: ManualClock()))
        defer { player.shutdown() }
        let paths = AudioSinkLeadTests.recordings
        let sink = AudioSink(player: player, clock: ManualClock()) { point in
            opened.withLock { $0.append(point) }
            return paths[point]
        }
        let (tour, trace) = walkInputs()
        var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: 1)
        walk.audioLeads = true
        sink.take(walk.startUpdate, from: walk)
        sink.take(walk.step(wallSeconds: 1), from: walk)
        // Point 1 is the next to trigger: asked for ahead, before it triggers.
        expectTrue(opened.withLock { $0 }.contains(1))
    }
}
