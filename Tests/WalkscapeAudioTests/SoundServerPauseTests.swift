import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
@testable import WalkscapeAudio

/// Pauses lose no sample and repeat none, on PulseAudio and on pipewire-pulse: a ramp whose every sample names its
/// frame (`RampDecoder`), another queued behind it and written ahead, played by `AudioPlayer` as `play` runs it
/// (the stream kept open), paused twice (once in each ramp) and recorded from the null sink at the recorder's own
/// buffer size (on PulseAudio, a null sink at the ramps' rate and format). The recording must hold every frame of both ramps once, in order, in as many stretches as there
/// were pauses plus one.
@Suite(.serialized, .enabled(if: PrivateSoundServerKind.pipeWire.available && PrivatePulseServer.available, "PulseAudio or PipeWire is not installed; `make test-deps` installs both"))
struct SoundServerPauseTests {
    @Test(arguments: PrivateSoundServerKind.allCases)
    func twoPausesLoseNoFrameAndRepeatNone(server kind: PrivateSoundServerKind) throws {
        let (samples, pauses) = try kind.with { server -> ([Float], Int) in
            if let pulse = server as? PrivatePulseServer {
                // A sink at the ramps' own rate and format, so that they reach the monitor untouched (the
                // daemon's null sink runs at 44.1 kHz, 16-bit: resampled, a ramp no longer names its frames).
                try pulse.pactl("load-module", "module-null-sink", "sink_name=walkscape_exact", "rate=48000", "format=float32le", "channels=2")
                try pulse.pactl("set-default-sink", "walkscape_exact")
            }
            let recorder = try server.recorder(latencyMilliseconds: nil)
            var samples: [Float]?
            defer { if samples == nil { _ = recorder.stop() } }
            #expect(recorder.waitUntilRecording())
            usleep(400_000)
            let player = AudioPlayer(output: try PulseOutput(server: server.address), keepsOutputOpen: true)
            let first = player.play(RampDecoder(seconds: 2), point: 1)
            player.enqueue(RampDecoder(seconds: 2, negative: true), point: 2)
            var pauses = 0
            let started = monotonicNow()
            while monotonicNow() - started < 20 {
                let snapshot = player.snapshot
                if snapshot.finished { break }
                // At 1 s into each ramp: half a second's pause.
                let due = pauses == 0 ? snapshot.item == first && snapshot.position >= 1 : pauses == 1 && snapshot.item != first && snapshot.position >= 1
                if due {
                    player.pause()
                    usleep(500_000)
                    player.resume()
                    pauses += 1
                }
                usleep(5_000)
            }
            usleep(500_000)
            player.shutdown()
            samples = recorder.stop()
            return (samples ?? [], pauses)
        }
        #expect(pauses == 2)
        let heard = RampDecoder.Heard(samples)
        let a = heard.stretches.filter { !$0.negative }, b = heard.stretches.filter(\.negative)
        print("heard: \(kind) pauses, what the sink played of two ramps: \(heard)")
        // Each ramp's stretches follow one another frame after frame: nothing lost, nothing repeated, within
        // `slack`. (On PulseAudio the null sink's monitor and the server's read index disagree by up to 2.3 ms
        // where a flush rewinds a sink that rendered ahead; pipewire-pulse is exact to the frame. A pause used
        // to lose 963 frames there, and repeat 4,369 after a resume.)
        let slack: Int64 = 240
        for (name, stretches) in [("the first", a), ("the queued", b)] {
            // The first stretch's first frames: a sink woken by the stream may lose a few (the recording's fault).
            #expect((stretches.first?.firstFrame ?? .max) <= (name == "the first" ? slack : 0), "\(kind): \(name) ramp did not begin at its first frame: \(heard)")
            for (before, after) in zip(stretches, stretches.dropFirst()) {
                let lost = after.firstFrame - (before.firstFrame + before.frames)
                #expect(abs(lost) <= slack, "\(kind): \(name) ramp \(lost > 0 ? "lost \(lost)" : "repeated \(-lost)") frames (\(formatFixed(Double(abs(lost)) / 48, 1)) ms; at most \(slack) either way) at a pause: \(heard)")
            }
            #expect(stretches.last.map { $0.firstFrame + $0.frames } == 96000, "\(kind): \(name) ramp did not end at its last frame: \(heard)")
        }
        #expect(heard.stretches.count == 4, "\(kind): \(heard.stretches.count) stretches, 4 expected (a pause in each ramp, the queued one straight after the first): \(heard)")
    }
}
