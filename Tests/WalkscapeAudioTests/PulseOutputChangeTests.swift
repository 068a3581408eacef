import Foundation
import Synchronization
import Testing
import WalkscapeCore
import WalkscapeTestSupport
@testable import WalkscapeAudio

/// The sound server a user has changes under a walk: its default output changes (headphones plugged in) or its
/// sink is suspended. The narration follows the new default output and goes on there, on time, and the notice
/// says what happened; on both PulseAudio and pipewire-pulse.
@Suite(.serialized, .enabled(if: PrivatePulseServer.available && PrivatePipeWireServer.available, "PulseAudio or PipeWire is not installed; `make test-deps` installs both"))
struct PulseOutputChangeTests {
    /// A 6 s tone; at 2 s a second sink becomes the default: the rest of the tone is heard on it, the notice
    /// names it, and the tone still ends on schedule.
    @Test(arguments: PrivateSoundServerKind.allCases)
    func aNewDefaultOutputTakesTheNarrationAndTheNoticeSaysSo(server kind: PrivateSoundServerKind) throws {
        try kind.with { server in
            let notices = Mutex<[String]>([])
            let output = try PulseOutput(server: server.address) { text in notices.withLock { $0.append(text) } }
            let player = AudioPlayer(output: output, keepsOutputOpen: true)
            defer { player.shutdown() }
            let start = monotonicNow()
            player.play(ToneDecoder(segments: [(440, 6)]), point: 1)
            try waitFor("2 s of play", seconds: 6) { player.snapshot.position >= 2 }
            // Headphones plugged in: a new sink, made the default.
            let environment = server.clientEnvironment
            func pactl(_ arguments: String...) throws {
                let result = try ChildProcess.run(["/usr/bin/pactl"] + arguments, environment: environment)
                try #require(result.status == 0, "pactl \(arguments.joined(separator: " ")): \(result.output)")
            }
            if kind == .pipeWire {
                let made = try ChildProcess.run(
                    ["/usr/bin/pw-cli", "create-node", "adapter", "{ factory.name=support.null-audio-sink node.name=walkscape_headphones media.class=Audio/Sink object.linger=true audio.position=[FL FR] }"],
                    environment: environment)
                try #require(made.status == 0, "pw-cli: \(made.output)")
                try waitFor("the new sink", seconds: 5) {
                    (try? ChildProcess.run(["/usr/bin/pactl", "list", "short", "sinks"], environment: environment).output.contains("walkscape_headphones")) ?? false
                }
            } else {
                try pactl("load-module", "module-null-sink", "sink_name=walkscape_headphones")
            }
            let recorder = try MonitorRecorder(command: ["parec", "--device=walkscape_headphones.monitor", "--format=float32le", "--rate=48000", "--channels=1", "--latency-msec=20", "--raw"], environment: environment)
            var samples: [Float]?
            defer { if samples == nil { _ = recorder.stop() } }
            #expect(recorder.waitUntilRecording())
            try pactl("set-default-sink", "walkscape_headphones")
            try waitFor("the moved notice", seconds: 5) { notices.withLock { $0.contains { $0.contains("moved") } } }
            try waitFor("the end of the 6 s tone", seconds: 10) { player.snapshot.finished }
            let total = monotonicNow() - start
            usleep(300_000)
            samples = recorder.stop()
            let heard = Double((samples ?? []).filter { abs($0) > 0.05 }.count) / Double(MonitorRecorder.rate)
            let said = notices.withLock { $0 }
            print("heard: \(kind) default output changed at 2 s of a 6 s tone: \(formatFixed(heard, 2)) s of tone heard on the new one; ended after \(formatFixed(total, 2)) s; notices \(said)")
            #expect(said.contains { $0.contains("sound moved to walkscape_headphones") }, "\(kind): the notice does not name the new output: \(said)")
            // The rest of the tone is 4 s; the new sink's monitor loses the start of what a stream wakes it with on
            // PulseAudio (its first 2 s block, the recording's fault: 1.8 s heard there, 3.7 s on pipewire-pulse).
            // Nothing at all would be heard had the narration stayed on the old output.
            #expect(heard > 1, "\(kind): only \(formatFixed(heard, 2)) s of tone heard on the new default output")
            #expect(abs(total - 6) < 1, "\(kind): the tone ended after \(formatFixed(total, 2)) s, not on schedule")
        }
    }

    /// The sink suspended mid-tone for a second (`pactl suspend-sink`): the notice says so and says when it
    /// resumes, and the player finishes.
    @Test func aSuspendedSinkIsToldAndTheNarrationGoesOn() throws {
        try PrivatePulseServer.with { server in
            let notices = Mutex<[String]>([])
            let output = try PulseOutput(server: server.address) { text in notices.withLock { $0.append(text) } }
            let player = AudioPlayer(output: output, keepsOutputOpen: true)
            defer { player.shutdown() }
            player.play(ToneDecoder(segments: [(440, 4)]), point: 1)
            try waitFor("1 s of play", seconds: 5) { player.snapshot.position >= 1 }
            try server.pactl("suspend-sink", "walkscape_null", "1")
            try waitFor("the suspended notice", seconds: 5) { notices.withLock { $0.contains { $0.contains("suspended") } } }
            usleep(1_000_000)
            try server.pactl("suspend-sink", "walkscape_null", "0")
            try waitFor("the resumed notice", seconds: 5) { notices.withLock { $0.contains { $0.contains("resumed") } } }
            try waitFor("the end of the tone", seconds: 10) { player.snapshot.finished }
            let said = notices.withLock { $0 }
            print("heard: PulseAudio sink suspended for 1 s mid-tone: notices \(said)")
            #expect(said.first { $0.contains("suspended") } == "walkscape_null suspended by the sound server: no sound until it resumes; the walk goes on")
        }
    }
}
