import Foundation
import Synchronization
import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeSystem
@testable import WalkscapeAudio

/// The player over clocked outputs, with a manual clock: no sound server, no waiting.
@Suite struct AudioPlayerTests {
    /// Waits (real time, bounded) until `condition` holds.
    func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    @Test func playsToTheEndAndSaysSo() {
        let finished = Mutex<[Int?]>([])
        let output = NullOutput(clock: ManualClock())
        let player = AudioPlayer(output: output, onFinished: { point in finished.withLock { $0.append(point) } })
        defer { player.shutdown() }
        player.play(ToneDecoder(segments: [(440, 1.5)]), point: 3)
        // `onFinished` runs on the playback thread just after the snapshot says finished: wait for both.
        expectTrue(eventually { player.snapshot.finished && !finished.withLock { $0.isEmpty } })
        let snapshot = player.snapshot
        expectEqual(snapshot.point, 3)
        expectEqual(snapshot.position, 1.5)
        expectEqual(snapshot.duration, 1.5)
        expectEqual(finished.withLock { $0 }, [3])
    }

    @Test func heardPositionFollowsTheClockNotTheDecoder() throws {
        let clock = ManualClock()
        let output = NullOutput(clock: clock)
        try output.start(format: AudioFormat(sampleRate: 1000, channels: 1), paused: false)
        let samples = [Float](repeating: 0, count: 100)
        try samples.withUnsafeBufferPointer { try output.write($0.baseAddress!, frames: 100) }
        expectEqual(output.heardFrames, 0)
        expectEqual(output.writableFrames(), 0)
        clock.advance(by: 0.04)
        expectEqual(output.heardFrames, 40)
        output.pause()
        clock.advance(by: 1)
        expectEqual(output.heardFrames, 40)
        output.resume()
        clock.advance(by: 1)
        expectEqual(output.heardFrames, 100)  // never more than written
        output.flush()
        expectTrue(output.heardFrames == 0 && output.writtenFrames == 0)
    }

    @Test func wavOutputHoldsExactlyWhatWasHeard() throws {
        let path = NSTemporaryDirectory() + "walkscape-wav-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).wav"
        defer { unlink(path) }
        let output = WAVFileOutput(path: path, clock: ManualClock())
        let player = AudioPlayer(output: output)
        let decoder = ToneDecoder(segments: [(440, 1), (880, 1)], sampleRate: 8000, channels: 1)
        player.play(decoder, point: 1)
        expectTrue(eventually { player.snapshot.finished })
        player.shutdown()
        expectTrue(!FileManager.default.fileExists(atPath: path + ".partial"))
        let reader = try WAVDecoder(path: path)
        expectEqual(reader.info.frames, 16000)
        expectEqual(reader.info.sampleRate, 8000)
        var samples = [Float](repeating: 0, count: 16000)
        let count = try samples.withUnsafeMutableBufferPointer { buffer throws(AudioFileError) in try reader.read(into: buffer.baseAddress!, frames: 16000) }
        expectEqual(count, 16000)
        expectTrue(abs(zeroCrossingFrequency(samples[0..<8000], sampleRate: 8000) - 440) < 5)
        expectTrue(abs(zeroCrossingFrequency(samples[8000...], sampleRate: 8000) - 880) < 5)
    }

    @Test func seekMovesTheHeardPositionAndDropsTheBuffer() {
        let clock = ManualClock()
        let player = AudioPlayer(output: NullOutput(clock: clock))
        defer { player.shutdown() }
        player.play(ToneDecoder(segments: [(440, 60)]), point: 1, paused: true)
        expectTrue(eventually { player.snapshot.point == 1 })
        expectEqual(player.snapshot.position, 0)
        player.seek(to: 30)
        expectTrue(eventually { player.snapshot.position == 30 })
        player.seek(by: -10)
        expectTrue(eventually { player.snapshot.position == 20 })
        player.seek(by: 100)
        expectTrue(eventually { player.snapshot.position == 60 })
        player.resume()
        expectTrue(eventually { player.snapshot.finished })
        player.replay()
        expectTrue(eventually { !player.snapshot.finished })
        expectTrue(eventually { player.snapshot.finished })
    }

    @Test func outputChoices() {
        expectEqual(AudioOutputChoice(argument: "auto"), .auto)
        expectEqual(AudioOutputChoice(argument: "pulse"), .pulse)
        expectEqual(AudioOutputChoice(argument: "none"), AudioOutputChoice.none)
        expectEqual(AudioOutputChoice(argument: "wav:out/walk.wav"), .wav(path: "out/walk.wav"))
        expectTrue(AudioOutputChoice(argument: "wav:") == nil)
        expectTrue(AudioOutputChoice(argument: "alsa") == nil)
    }
}
