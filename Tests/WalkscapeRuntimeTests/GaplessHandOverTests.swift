import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeAudio
import WalkscapeSystem
@testable import WalkscapeRuntime
@testable import WalkscapeCore

/// A decoder of numbered samples: frame n of recording k is k + n / 100_000, so what the speaker played says
/// which recording and which frame each sample was, and a gap, a repeat or a skip shows.
final class CountingDecoder: AudioDecoder {
    let info: AudioInfo
    let base: Float
    private(set) var position: Int64 = 0
    let truncation: String? = nil

    init(recording: Int, frames: Int64, rate: Int = 16_000) {
        base = Float(recording)
        info = AudioInfo(codec: .wav, sampleRate: rate, channels: 1, frames: frames)
    }

    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        let count = Int(min(Int64(frames), info.frames - position))
        for i in 0..<count { buffer[i] = base + Float(position + Int64(i)) / 100_000 }
        position += Int64(count)
        return count
    }

    func seek(toFrame frame: Int64) throws(AudioFileError) { position = min(max(0, frame), info.frames) }

    /// The samples of frames `range` of recording `recording`.
    static func samples(recording: Int, _ range: Range<Int64>) -> [Float] {
        range.map { Float(recording) + Float($0) / 100_000 }
    }
}

/// The narration queued behind the playing one, written straight after its last sample in the same stream:
/// what the speaker plays is the two recordings back to back, whatever the latency; a seek, a skip or a
/// dropped queue while the next one is already written ahead rewrites it, and nothing is heard twice.
@Suite(.serialized) struct GaplessHandOverTests {
    /// Plays the output until `done`, a tenth of a second at a time, letting the player refill between.
    func playOut(_ output: HandPlayedOutput, until done: () -> Bool) {
        var steps = 0
        while !done() && steps < 2000 {
            _ = eventually(0.05) { output.buffered == Int64(output.capacityFrames) }
            output.play(seconds: 0.1)
            steps += 1
        }
    }

    /// Recording 1 played with recording 2 queued behind it, the card having played `tenths` tenths of a second;
    /// returns once recording 2 has been written behind recording 1's last sample.
    func heardWithTheNextWrittenAhead(first: Int64, queued: Int64, tenths: Int) -> (HandPlayedOutput, AudioPlayer) {
        let output = HandPlayedOutput()
        let player = AudioPlayer(output: output)
        player.play(CountingDecoder(recording: 1, frames: first), point: 1)
        player.enqueue(CountingDecoder(recording: 2, frames: queued), point: 2)
        for _ in 0..<tenths {
            _ = eventually(0.05) { output.buffered == Int64(output.capacityFrames) }
            output.play(seconds: 0.1)
        }
        expectTrue(eventually { player.snapshot.queued?.written == true })
        return (output, player)
    }

    @Test func theQueuedRecordingFollowsTheLastSampleInTheSameStream() {
        let output = HandPlayedOutput()
        let player = AudioPlayer(output: output)
        defer { player.shutdown() }
        let first = player.play(CountingDecoder(recording: 1, frames: 24_000), point: 1)
        let second = player.enqueue(CountingDecoder(recording: 2, frames: 12_000), point: 2)
        expectTrue(eventually { player.snapshot.applied >= second && output.buffered == Int64(output.capacityFrames) })
        let queued = player.snapshot.queued
        expectTrue(queued?.item == second && queued?.point == 2 && queued?.written == false, "\(String(describing: queued))")
        // 1.4 s of recording 1 heard: recording 2 is written behind its last sample (the buffer holds 0.5 s).
        for _ in 0..<14 {
            _ = eventually(0.05) { output.buffered == Int64(output.capacityFrames) }
            output.play(seconds: 0.1)
        }
        expectTrue(eventually { player.snapshot.queued?.written == true })
        let ahead = player.snapshot
        expectTrue(ahead.item == first && ahead.point == 1 && ahead.queued?.framesAhead == 24_000 - ahead.frame, "\(ahead)")
        playOut(output) { player.snapshot.finished }
        let end = player.snapshot
        expectTrue(end.item == second && end.finishedItem == second && end.point == 2, "\(end)")
        expectEqual(output.played, CountingDecoder.samples(recording: 1, 0..<24_000) + CountingDecoder.samples(recording: 2, 0..<12_000))
    }

    @Test func aSeekWhileTheNextIsWrittenAheadRewritesItAndNothingIsHeardTwice() {
        // 0.7 s heard of recording 1's 1 s: the rest and the start of recording 2 are written.
        let (output, player) = heardWithTheNextWrittenAhead(first: 16_000, queued: 8_000, tenths: 7)
        defer { player.shutdown() }
        let control = player.seek(to: 0.25)
        expectTrue(eventually { player.snapshot.applied >= control })
        // Rewritten: recording 1 from 0.25 s, then recording 2 from its first frame.
        expectTrue(player.snapshot.queued?.written == false || player.snapshot.queued?.writtenFrame ?? 0 < 8_000)
        playOut(output) { player.snapshot.finished }
        expectEqual(
            output.played,
            CountingDecoder.samples(recording: 1, 0..<11_200) + CountingDecoder.samples(recording: 1, 4_000..<16_000)
                + CountingDecoder.samples(recording: 2, 0..<8_000))
    }

    @Test func aDroppedQueueIsTakenBackFromTheStream() {
        let (output, player) = heardWithTheNextWrittenAhead(first: 8_000, queued: 8_000, tenths: 4)
        defer { player.shutdown() }
        player.dropQueued()
        expectTrue(eventually { player.snapshot.queued == nil })
        playOut(output) { player.snapshot.finished }
        expectEqual(player.snapshot.point, 1)
        expectEqual(output.played, CountingDecoder.samples(recording: 1, 0..<8_000))
    }

    /// An output that wants silence after the last sample (pipewire-pulse answers a drain a quantum early) gets
    /// it before the end is marked, and the recording is still heard to its last sample.
    @Test func theLastSampleIsFollowedByTheOutputsPadding() {
        let output = HandPlayedOutput()
        output.endPadding = 1_600
        let player = AudioPlayer(output: output)
        defer { player.shutdown() }
        player.play(CountingDecoder(recording: 1, frames: 4_000), point: 1)
        // Heard to its last sample: the snapshot says so before the padding has played.
        playOut(output) { player.snapshot.finished }
        output.play(seconds: 0.5)
        expectEqual(output.played, CountingDecoder.samples(recording: 1, 0..<4_000) + [Float](repeating: 0, count: 1_600))
    }

    /// With the stream kept open, a pause plays silence instead of corking (pipewire-pulse drops the quantum in
    /// flight on a cork) and a resume writes the recording again from the frame heard: nothing lost, nothing
    /// twice; between narrations the stream plays silence, and the next one is written behind it.
    @Test func aPauseWithTheStreamKeptOpenPlaysSilenceAndLosesNothing() {
        let output = HandPlayedOutput()
        let player = AudioPlayer(output: output, keepsOutputOpen: true)
        defer { player.shutdown() }
        player.play(CountingDecoder(recording: 1, frames: 16_000), point: 1)
        for _ in 0..<8 {
            _ = eventually(0.05) { output.buffered == Int64(output.capacityFrames) }
            output.play(seconds: 0.1)
        }
        player.pause()
        expectTrue(eventually { player.snapshot.paused })
        let heldAt = player.snapshot.frame
        let playedBefore = output.played.count
        // Paused: the card plays silence (the stream is not corked), the position stands.
        for _ in 0..<5 {
            _ = eventually(0.05) { output.buffered == Int64(output.capacityFrames) }
            output.play(seconds: 0.1)
        }
        expectEqual(player.snapshot.frame, heldAt)
        expectTrue(output.played.count - playedBefore >= 800, "\(output.played.count - playedBefore) frames played while paused")
        expectTrue(output.played[playedBefore...].allSatisfy { $0 == 0 })
        player.resume()
        playOut(output) { player.snapshot.finished }
        let played = output.played.filter { $0 != 0 }
        expectEqual(played, CountingDecoder.samples(recording: 1, 0..<16_000), "\(played.count) samples of the recording heard, \(heldAt) before the pause")
    }

    /// The sink hands the queued point to the player when the engine queues it, and adopts it when the engine
    /// starts it: no second load, no wait for its first sample (the clock runs on), its position negative until
    /// the speaker reaches it (no subtitle before).
    @Test func theSinkAdoptsTheNarrationItWroteAhead() {
        let output = HandPlayedOutput()
        let player = AudioPlayer(output: output)
        defer { player.shutdown() }
        let paths = AudioSinkLeadTests.recordings
        let sink = AudioSink(player: player, clock: ManualClock()) { paths[$0] }
        sink.execute([.play(point: 1, offset: 0)], speed: 1, paused: false)
        sink.queueBehind(playing: 1, queued: 2)
        sink.drain()
        expectTrue(eventually { player.snapshot.queued?.point == 2 })
        let queued = player.snapshot.queued!.item
        sink.execute([.play(point: 2, offset: 0)], speed: 1, paused: false)
        sink.drain()
        // Adopted: the player still holds recording 2 behind recording 1; nothing was played anew.
        expectEqual(player.snapshot.queued?.item, queued)
        expectEqual(player.snapshot.point, 1)
        let playing = EngineState.Playing(point: 2, startedAt: 45, endsAt: 75)
        expectEqual(sink.lead(for: playing), .heard(seconds: 0))
        expectTrue((sink.heardPosition(point: 2) ?? 0) < -19, "\(String(describing: sink.heardPosition(point: 2)))")
        // A later command for another point replaces it as before.
        sink.execute([.stop], speed: 1, paused: false)
        sink.drain()
        expectTrue(eventually { player.snapshot.point == nil && player.snapshot.queued == nil })
    }

    /// Point 1's recording (1 s of silence) and point 2's (`queued`) in a fresh directory, with a sink on a
    /// hand-played output playing point 1 with point 2 written behind it, the card having played 0.7 s.
    func sinkWithTheNextWrittenAhead(queued: PlaceholderRecording.Sound, name: String) throws -> (AudioSink, AudioPlayer, HandPlayedOutput, [Int: String]) {
        let directory = NSTemporaryDirectory() + "walkscape-handover-\(name)-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = [1: directory + "/p1.wav", 2: directory + "/p2.wav"]
        try PlaceholderRecording.write(to: paths[1]!, seconds: 1, sound: .silence)
        try PlaceholderRecording.write(to: paths[2]!, seconds: 1, sound: queued)
        let output = HandPlayedOutput()
        let player = AudioPlayer(output: output)
        let sink = AudioSink(player: player, clock: ManualClock()) { paths[$0] }
        sink.execute([.play(point: 1, offset: 0)], speed: 1, paused: false)
        sink.queueBehind(playing: 1, queued: 2)
        sink.drain()
        for _ in 0..<7 {
            _ = eventually(0.05) { output.buffered == Int64(output.capacityFrames) }
            output.play(seconds: 0.1)
        }
        expectTrue(eventually { player.snapshot.queued?.point == 2 && player.snapshot.queued?.written == true })
        return (sink, player, output, paths)
    }

    /// What a speed change or a reload sends at 0.7 s of point 1 (point 1 again from there at `speed`, point 2
    /// queued behind it again), then the card played to the end. The card plays on only once the player holds
    /// the new pair (a real walk's clock would stand where the command was given).
    func restartWithTheNextQueued(_ sink: AudioSink, _ player: AudioPlayer, _ output: HandPlayedOutput, speed: Double) {
        let before = player.snapshot.queued?.item
        sink.execute([.play(point: 1, offset: 0.7)], speed: speed, paused: false)
        sink.queueBehind(playing: 1, queued: 2)
        sink.drain()
        expectTrue(eventually { player.snapshot.queued.map { $0.point == 2 && $0.item != before } ?? false })
        playOut(output) { player.snapshot.finished && player.snapshot.queued == nil }
    }

    /// Where the beep a `.tone` placeholder starts every second with was heard: the first loud frame and how
    /// many frames from there to the last loud frame before a 0.1 s silence.
    func firstBeep(in played: [Float]) -> (start: Int, frames: Int)? {
        guard let start = played.firstIndex(where: { abs($0) > 0.01 }) else { return nil }
        var last = start
        for index in start..<played.count where abs(played[index]) > 0.01 {
            if index - last > 1_600 { break }
            last = index
        }
        return (start, last - start + 1)
    }

    /// `]` while the next narration is written ahead at ×1: the one playing goes on at ×2 from the frame heard,
    /// the queued one is written again stretched for ×2, and it is heard once, at ×2, straight after.
    @Test func aSpeedChangeWhileTheNextIsWrittenAheadRewritesItAtTheNewSpeed() throws {
        let (sink, player, output, _) = try sinkWithTheNextWrittenAhead(queued: .tone, name: "speed")
        defer { player.shutdown() }
        // What the player session sends for a speed change: the playing point again from the walk's position.
        restartWithTheNextQueued(sink, player, output, speed: 2)
        // 0.7 s at ×1, the last 0.3 s of point 1 at ×2 (0.15 s), then point 2's 1 s at ×2 (0.5 s): 1.35 s,
        // its beep (0.2 s long at ×1) from 0.85 s for 0.1 s. At ×1 it would start at 1.0 s for 0.2 s; heard
        // twice, there would be 0.5 s more.
        let played = output.played
        let beep = try #require(firstBeep(in: played))
        expectTrue(abs(played.count - 21_600) <= 480, "\(played.count) frames heard, 21,600 expected (1.35 s at 16 kHz)")
        expectTrue(abs(beep.start - 13_600) <= 480, "point 2's beep heard from frame \(beep.start), 13,600 expected (0.85 s)")
        expectTrue(abs(beep.frames - 1_600) <= 320, "point 2's beep heard for \(beep.frames) frames, 1,600 expected (0.1 s: ×2)")
    }

    /// A `--watch` reload that edits the queued narration's recording while the old one is written ahead: the
    /// player drops what it wrote of the old file and writes the new one behind the playing narration, once.
    @Test func aReloadWhileTheNextIsWrittenAheadPlaysTheEditedRecordingOnce() throws {
        let (sink, player, output, paths) = try sinkWithTheNextWrittenAhead(queued: .silence, name: "reload")
        defer { player.shutdown() }
        // The producer saves a new recording for point 2 (a beep at its start); the reload restarts what plays
        // at its position (`PlayerReloader.apply`) and the walk's next update queues point 2 again.
        try PlaceholderRecording.write(to: paths[2]!, seconds: 1, sound: .tone)
        restartWithTheNextQueued(sink, player, output, speed: 1)
        // Point 1 whole (1 s), then the edited point 2 once (1 s): its beep from 1.0 s for 0.2 s. The old
        // recording heard first would put the beep at 2.0 s and make the walk 3 s long.
        let played = output.played
        let beep = try #require(firstBeep(in: played), "the edited recording was not heard")
        expectTrue(abs(played.count - 32_000) <= 160, "\(played.count) frames heard, 32,000 expected (2 s at 16 kHz)")
        expectTrue(abs(beep.start - 16_000) <= 160, "point 2's beep heard from frame \(beep.start), 16,000 expected (1.0 s)")
        expectTrue(abs(beep.frames - 3_200) <= 160, "point 2's beep heard for \(beep.frames) frames, 3,200 expected")
    }
}
