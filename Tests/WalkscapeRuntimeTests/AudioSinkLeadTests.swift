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
    /// How much may be written ahead of what is heard: the sound card's buffer.
    let capacityFrames = 8_000

    func start(format: AudioFormat, paused: Bool) throws(AudioOutputError) {
        lock.withLock {
            rate = format.sampleRate
            written = 0
            heard = 0
            corked = paused
        }
    }
    func writableFrames() -> Int { lock.withLock { corked ? 0 : max(0, capacityFrames - Int(written - heard)) } }
    func write(_ samples: UnsafePointer<Float>, frames: Int) throws(AudioOutputError) { lock.withLock { written += Int64(frames) } }
    func waitForProgress(seconds: Double) { usleep(500) }
    var heardFrames: Int64 { lock.withLock { heard } }
    var writtenFrames: Int64 { lock.withLock { written } }
    func pause() { lock.withLock { corked = true } }
    func resume() { lock.withLock { corked = false } }
    func flush() { lock.withLock { written = heard } }
    func setVolume(_ volume: Double) {}
    func endOfData() {}
    func stop() throws(AudioOutputError) {}

    /// The sound card plays `seconds` of what was written (less when less is buffered: an underrun).
    func play(seconds: Double) {
        lock.withLock {
            guard !corked else { return }
            heard = min(written, heard + Int64(seconds * Double(rate)))
        }
    }
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

    @Test func latencyUnderrunPauseAndDrainOnTheWalksClock() throws {
        let rig = Rig()
        let (output, player, clock, sink) = (rig.output, rig.player, rig.clock, rig.sink)
        defer { player.shutdown() }
        func step(_ wall: Double) {
            clock.advance(by: wall)
            rig.step(wallSeconds: wall, audio: sink.lead(for: rig.walk.engine.playing))
        }
        step(30)
        expectEqual(rig.walk.time, 25)
        // Latency: the file is open and the sound card's buffer full, but nothing has been heard.
        expectTrue(eventually { output.buffered == Int64(output.capacityFrames) })
        expectEqual(sink.lead(for: rig.walk.engine.playing), .waiting(atSeconds: 0))
        step(0.5)
        expectEqual(rig.walk.time, 25)
        // The first 2 s leave the speaker (a quarter of a second at a time, the player refilling the buffer):
        // the walk follows.
        for _ in 0..<8 {
            expectTrue(eventually { output.buffered == Int64(output.capacityFrames) })
            output.play(seconds: 0.25)
        }
        step(0.1)
        expectTrue(abs(rig.walk.time - 27) < 1e-9)
        let timing = try #require(sink.takeTimings().first)
        expectTrue(timing.point == 1 && timing.walkTime == 25 && timing.fromSeconds == 0)
        // An underrun: the card plays nothing for 3 s of wall time (under `stallSeconds`); the walk waits.
        step(3)
        expectTrue(abs(rig.walk.time - 27) < 1e-9)
        expectTrue(!sink.muted && rig.notices.lines.withLock { $0.isEmpty })
        // Paused for longer than `stallSeconds`: a pause is not a stall.
        rig.togglePause()
        sink.drain()
        expectTrue(eventually { player.snapshot.paused })
        clock.advance(by: 2 * AudioSink.stallSeconds)
        _ = sink.lead(for: rig.walk.engine.playing)
        rig.togglePause()
        sink.drain()
        expectTrue(eventually { !player.snapshot.paused })
        expectTrue(rig.notices.lines.withLock { $0.isEmpty })
        // Played to the end: the narration finishes only once the card has played its last sample.
        while !player.snapshot.finished {
            _ = eventually(0.05) { output.buffered == Int64(output.capacityFrames) }
            output.play(seconds: 0.25)
            step(0.25)
        }
        expectTrue(rig.walk.engine.playing?.point == 1 || rig.walk.events.last?.kind == .audioFinished)
        step(0.1)
        expectTrue(rig.walk.engine.playing == nil)
        // Then on by its own clock: 0.1 s past the end, give or take the quarter-second step in which the
        // player's thread published `finished` (late with both cores busy); the narration itself ends at 45 s
        // on the card's clock either way.
        expectTrue(rig.walk.time >= 45 && rig.walk.time <= 45.35 + 1e-9, "\(rig.walk.time)")
        expectEqual(rig.walk.events.filter { $0.kind == .audioFinished }.map(\.t), [45])
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
