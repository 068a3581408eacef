import Foundation
import Synchronization
import Testing
import WalkscapeCore
import WalkscapeTestSupport
@testable import WalkscapeAudio

/// The gapless hand-over heard on a real PulseAudio server: a tone queued behind another (`enqueue`) follows its
/// last sample on the null sink's monitor, and a seek or a skip while the queued tone is already written ahead
/// takes effect within 100 ms of the call (on the recording's own timeline) with the queued tone heard once or
/// not at all. Each test on a private daemon of its own.
@Suite(.serialized, .enabled(if: PrivatePulseServer.available, "pulseaudio is not installed; `make test` installs it"))
struct PulseGaplessTests {
    /// What the monitor heard, 10 ms at a time: which of the test's tones (440, 660, 880 Hz) is strongest in the
    /// window (Goertzel), 0 for silence.
    struct Heard {
        static let window = 480
        static let candidates = [440, 660, 880]
        let tones: [Int]
        let recorder: MonitorRecorder
        /// The monotonic moment of the control the test sent, if any.
        let control: Double?

        init(_ samples: [Float], recorder: MonitorRecorder, control: Double?) {
            func power(_ frequency: Int, _ slice: ArraySlice<Float>) -> Double {
                let w = 2 * cos(2 * Double.pi * Double(frequency) / Double(MonitorRecorder.rate))
                var (a, b) = (0.0, 0.0)
                for x in slice { (a, b) = (Double(x) + w * a - b, a) }
                return a * a + b * b - w * a * b
            }
            var tones: [Int] = []
            var start = 0
            while start + Heard.window <= samples.count {
                let slice = samples[start..<(start + Heard.window)]
                let loud = slice.contains { abs($0) > 0.05 }
                let strongest = Heard.candidates.max { power($0, slice) < power($1, slice) } ?? 0
                tones.append(loud ? strongest : 0)
                start += Heard.window
            }
            self.tones = tones
            self.recorder = recorder
            self.control = control
        }

        /// Seconds of windows of `frequency`.
        func seconds(of frequency: Int) -> Double {
            Double(tones.filter { $0 == frequency }.count) * Double(Heard.window) / Double(MonitorRecorder.rate)
        }

        /// The first window of `frequency`.
        func first(_ frequency: Int) -> Int? { tones.firstIndex(of: frequency) }

        /// Windows of silence between the first and the last sound.
        var silentWindowsInside: Int {
            guard let first = tones.firstIndex(where: { $0 != 0 }), let last = tones.lastIndex(where: { $0 != 0 }) else { return 0 }
            return tones[first...last].filter { $0 == 0 }.count
        }

        /// The window heard when the control was sent.
        var controlWindow: Int? { control.flatMap { recorder.sampleIndex(at: $0) }.map { $0 / Heard.window } }
    }

    /// Plays `first` with `queued` behind it through a private daemon, calling `script` with the player and the
    /// heard position every 5 ms until the player has finished; the script returns true when it sent its control.
    func play(_ first: any AudioDecoder, queued: any AudioDecoder, script: (AudioPlayer, Double) -> Bool = { _, _ in false }) throws -> Heard {
        try PrivatePulseServer.with { server in
            let recorder = try MonitorRecorder(server: server.address)
            usleep(400_000)
            let player = AudioPlayer(output: try PulseOutput(server: server.address))
            player.play(first, point: 1)
            player.enqueue(queued, point: 2)
            var control: Double?
            let started = monotonicNow()
            while monotonicNow() - started < 15 {
                let snapshot = player.snapshot
                if snapshot.finished { break }
                if control == nil, script(player, snapshot.point == 1 ? snapshot.position : -1) { control = monotonicNow() }
                usleep(5_000)
            }
            usleep(300_000)
            player.shutdown()
            return Heard(recorder.stop(), recorder: recorder, control: control)
        }
    }

    @Test func aQueuedToneFollowsTheLastSampleWithoutAGap() throws {
        let heard = try play(ToneDecoder(segments: [(440, 1)]), queued: ToneDecoder(segments: [(880, 1)]))
        let a = heard.seconds(of: 440), b = heard.seconds(of: 880)
        print("pulse gapless: 440 Hz \(a) s, 880 Hz \(b) s, \(heard.silentWindowsInside) silent 10 ms windows between")
        expectTrue(abs(a - 1) < 0.03 && abs(b - 1) < 0.03, "440 Hz for \(a) s, 880 Hz for \(b) s")
        expectEqual(heard.silentWindowsInside, 0)
    }

    @Test func aSeekWhileTheNextIsWrittenAheadFollowsTheCallAndTheNextIsHeardOnce() throws {
        // At 0.9 s of the first tone (the queued one written behind it), back to 0.2 s.
        let heard = try play(ToneDecoder(segments: [(440, 1)]), queued: ToneDecoder(segments: [(880, 1)])) { player, position in
            guard position >= 0.9 else { return false }
            player.seek(to: 0.2)
            return true
        }
        let a = heard.seconds(of: 440), b = heard.seconds(of: 880)
        print("pulse gapless seek: 440 Hz \(a) s, 880 Hz \(b) s")
        // 0.9 s before the seek and 0.8 s after it (a window or two either way where the seek cuts), then the
        // queued tone once, whole.
        expectTrue(abs(a - 1.7) < 0.05, "440 Hz heard for \(a) s, 1.7 expected")
        expectTrue(abs(b - 1) < 0.03, "880 Hz heard for \(b) s, 1.0 expected (once)")
        // The seek may leave a moment of silence where the stream is dropped and written again (10 ms once beside
        // two busy loops), within the 100 ms the key has; the hand-over to the queued tone stays gapless.
        expectTrue(heard.silentWindowsInside <= 10, "\(heard.silentWindowsInside) silent 10 ms windows inside the sound (at most 10)")
        if let last440 = heard.tones.lastIndex(of: 440), let first880 = heard.tones.firstIndex(of: 880), first880 > last440 {
            expectEqual(heard.tones[last440..<first880].filter { $0 == 0 }.count, 0, "silence between the seeked tone's end and the queued one")
        }
    }

    /// A replay (`r` in the player) at 0.9 s of the first tone, the queued one written behind it: the first is
    /// heard again from its start within 100 ms of the call, then the queued one once, whole.
    @Test func aReplayWhileTheNextIsWrittenAheadStartsOverWithinATenthOfASecondAndTheNextIsHeardOnce() throws {
        let heard = try play(ToneDecoder(segments: [(440, 1)]), queued: ToneDecoder(segments: [(880, 1)])) { player, position in
            guard position >= 0.9 else { return false }
            player.replay()
            return true
        }
        let a = heard.seconds(of: 440), b = heard.seconds(of: 880)
        let control = try #require(heard.controlWindow)
        // Where the 440 Hz tone was heard at the call, and how long it ran on after it before starting over:
        // the tone heard for 0.9 s before the call and 1 s after (a window or two where the replay cuts).
        print("pulse gapless replay: 440 Hz \(a) s, 880 Hz \(b) s; call at window \(control)")
        expectTrue(abs(a - 1.9) < 0.1, "440 Hz heard for \(a) s, 1.9 expected (0.9 before the replay, all of it after)")
        expectTrue(abs(b - 1) < 0.03, "880 Hz heard for \(b) s, 1.0 expected (once)")
        // The start over may leave a moment of silence where the stream is dropped and written again (70 ms once
        // beside two busy loops): within the 100 ms the key has.
        expectTrue(heard.silentWindowsInside <= 10, "\(heard.silentWindowsInside) silent 10 ms windows inside the sound (at most 10)")
        // The 880 Hz tone starts 1 s (100 windows) after the replay took effect: within 100 ms of the call.
        let next = try #require(heard.first(880))
        let after = Double(next - control) * Double(Heard.window) / Double(MonitorRecorder.rate)
        expectTrue(after >= 0.95 && after <= 1.1, "the queued tone was heard \(Int(after * 1000)) ms after the replay call (1,000 + at most 100 expected)")
    }

    @Test func aSkipWhileTheNextIsWrittenAheadDropsItWithinATenthOfASecond() throws {
        let heard = try play(ToneDecoder(segments: [(440, 1)]), queued: ToneDecoder(segments: [(880, 1)])) { player, position in
            guard position >= 0.9 else { return false }
            player.play(ToneDecoder(segments: [(660, 0.5)]), point: 3)
            return true
        }
        let control = try #require(heard.controlWindow)
        let next = try #require(heard.first(660))
        let delay = Double(next - control) * Double(Heard.window) / Double(MonitorRecorder.rate)
        print("pulse gapless skip: 660 Hz heard \(Int(delay * 1000)) ms after the call; 880 Hz \(heard.seconds(of: 880)) s")
        expectTrue(delay <= 0.1, "the new tone was heard \(Int(delay * 1000)) ms after the call (at most 100)")
        expectEqual(heard.seconds(of: 880), 0)
        expectTrue(abs(heard.seconds(of: 660) - 0.5) < 0.03)
    }
}
