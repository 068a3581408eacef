import Foundation
import Synchronization
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeAudio

/// Losing the PulseAudio server mid-play: the clock runs on silently, the user is told once, and the sound comes
/// back on the same position when the server returns.
@Suite(.serialized, .enabled(if: PrivatePulseServer.available, "pulseaudio is not installed; `make test` installs it"))
struct PulseServerLossTests {
    @Test func clockRunsOnWhileTheServerIsGoneAndSoundReturnsWithIt() throws {
        let server = PrivatePulseServer()
        try server.start()
        defer { try? server.stop() }
        let notices = Mutex<[(time: Double, text: String)]>([])
        let output = try PulseOutput(server: server.address) { text in notices.withLock { $0.append((monotonicNow(), text)) } }
        let player = AudioPlayer(output: output)
        defer { player.shutdown() }
        player.play(ToneDecoder(segments: [(440, 12)]), point: 1)
        let start = monotonicNow()

        try waitFor("1.5 s of play", seconds: 5) { player.snapshot.position >= 1.5 }
        let beforeLoss = player.snapshot.position
        let lost = monotonicNow()
        try server.stop()
        try waitFor("the lost-server notice", seconds: 3) { notices.withLock { $0.contains { $0.text.contains("lost") } } }
        let noticeDelay = notices.withLock { $0.first { $0.text.contains("lost") }!.time } - lost

        // Two seconds without a server: the heard position keeps pace with the wall clock.
        let silentFrom = (time: monotonicNow(), position: player.snapshot.position)
        usleep(2_000_000)
        let silentTo = (time: monotonicNow(), position: player.snapshot.position)
        let silentRate = (silentTo.position - silentFrom.position) / (silentTo.time - silentFrom.time)
        expectTrue(silentFrom.position >= beforeLoss, "the position never goes back when the server is lost")
        expectTrue(abs(silentRate - 1) < 0.05, "the clock runs at real time while silent (rate \(silentRate))")
        expectTrue(!player.snapshot.finished)

        // The server returns on the same socket: reconnect within about a second, sound on the monitor again.
        try server.start()
        let restarted = monotonicNow()
        try waitFor("the server-back notice", seconds: 5) { notices.withLock { $0.contains { $0.text.contains("back") } } }
        let reconnectDelay = notices.withLock { $0.first { $0.text.contains("back") }!.time } - restarted
        let recorder = try MonitorRecorder(server: server.address)
        usleep(1_000_000)
        let samples = recorder.stop()
        let loud = samples.filter { abs($0) > 0.05 }.count
        let afterReturn = player.snapshot.position
        try waitFor("the end of the 12 s tone", seconds: 15) { player.snapshot.finished }
        let total = monotonicNow() - start
        print("pulse loss: lost notice \(Int(noticeDelay * 1000)) ms after the server stopped; silent clock rate \(formatFixed(silentRate, 3)); back notice \(Int(reconnectDelay * 1000)) ms after it restarted; \(loud) loud samples in 1 s recorded after; 12 s tone finished after \(formatFixed(total, 2)) s")
        expectTrue(noticeDelay < 1.5)
        expectTrue(reconnectDelay < 2.5)
        expectTrue(loud > MonitorRecorder.rate / 2, "the tone is heard again after the reconnection")
        expectTrue(afterReturn > silentTo.position)
        expectTrue(abs(total - 12) < 0.5, "pauses in sound are not pauses in time: the tone ends on schedule")
        let said = notices.withLock { $0.map(\.text) }
        expectEqual(said.filter { $0.contains("lost") }.count, 1, "the loss is told once: \(said)")
    }

    /// A server that stops answering without going away (stopped with SIGSTOP: hung, or too busy to answer; its
    /// socket stays open): a seek's flush goes unanswered, and within `answerSeconds` the output says so, plays on
    /// silently with the clock running, and when the server answers again the sound comes back. Before, the
    /// flush waited forever, and every thread that read the clock with it: the player froze.
    @Test func aServerThatStopsAnsweringIsToldAndTheClockRunsOn() throws {
        try PrivatePulseServer.with { server in
            let pidText = try String(contentsOfFile: server.directory + "/pulse/pid", encoding: .utf8)
            let pid = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), "no pid in \(pidText)")
            let notices = Mutex<[(time: Double, text: String)]>([])
            let output = try PulseOutput(server: server.address) { text in notices.withLock { $0.append((monotonicNow(), text)) } }
            let player = AudioPlayer(output: output, keepsOutputOpen: true)
            defer { player.shutdown() }
            player.play(ToneDecoder(segments: [(440, 10)]), point: 1)
            try waitFor("1.5 s of play", seconds: 5) { player.snapshot.position >= 1.5 }
            kill(pid, SIGSTOP)
            var resumed = false
            defer { if !resumed { kill(pid, SIGCONT) } }
            let stopped = monotonicNow()
            player.seek(to: 3)
            try waitFor("the not-answering notice", seconds: PulseOutput.answerSeconds + 3) { notices.withLock { $0.contains { $0.text.contains("not answering") } } }
            let noticeDelay = notices.withLock { $0.first { $0.text.contains("not answering") }!.time } - stopped
            // The clock runs on while the server is stopped: a second of wall time is a second of narration.
            let from = (time: monotonicNow(), position: player.snapshot.position)
            usleep(1_000_000)
            let to = (time: monotonicNow(), position: player.snapshot.position)
            let rate = (to.position - from.position) / (to.time - from.time)
            kill(pid, SIGCONT)
            resumed = true
            try waitFor("the server-back notice", seconds: 5) { notices.withLock { $0.contains { $0.text.contains("back") } } }
            try waitFor("the end of the tone", seconds: 12) { player.snapshot.finished }
            let said = notices.withLock { $0.map(\.text) }
            print("pulse stall: not-answering notice \(Int(noticeDelay * 1000)) ms after the server stopped; clock rate while silent \(formatFixed(rate, 3)); notices \(said)")
            expectTrue(noticeDelay < PulseOutput.answerSeconds + 1.5, "the notice came \(Int(noticeDelay * 1000)) ms after the server stopped")
            expectTrue(abs(rate - 1) < 0.05, "the clock ran at \(formatFixed(rate, 3)) of real time while the server did not answer")
            expectEqual(said.first { $0.contains("not answering") }, "PulseAudio server not answering (2 s); playing on silently, will reconnect when it answers")
            expectEqual(said.filter { $0.contains("not answering") }.count, 1, "told once: \(said)")
        }
    }
}
