import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
@testable import WalkscapeAudio

/// The hand-over from a narration to the next on a real PulseAudio server, when the stream's clock says the
/// first has been heard to its end while the sink still holds its tail (a busy machine: the interpolated clock
/// runs on while the server is late). Made to happen here by stopping the server's process (SIGSTOP) near the
/// end of the first tone: the client's clock runs on to the end, the server plays nothing until it continues.
/// Judged on the null sink's monitor: each tone heard for its whole length.
@Suite(.serialized, .enabled(if: PrivatePulseServer.available, "pulseaudio is not installed; `make test` installs it"))
struct PulseHandOverTests {
    static let rate = 48000

    /// Writes `seconds` of a sine at `frequency` (`ToneDecoder`'s, mono) to `output` as it takes them.
    func writeTone(_ output: PulseOutput, frequency: Double, seconds: Double) throws {
        let tone = ToneDecoder(segments: [(frequency, seconds)], sampleRate: PulseHandOverTests.rate, channels: 1)
        let frames = Int(tone.info.frames)
        var samples = [Float](repeating: 0, count: frames)
        _ = try samples.withUnsafeMutableBufferPointer { try tone.read(into: $0.baseAddress!, frames: frames) }
        var offset = 0
        let deadline = monotonicNow() + 10
        try samples.withUnsafeBufferPointer { buffer in
            while offset < frames {
                try #require(monotonicNow() < deadline, "the server took no more data for 10 s")
                let room = min(output.writableFrames(), frames - offset)
                if room == 0 {
                    output.waitForProgress(seconds: 0.01)
                    continue
                }
                try output.write(buffer.baseAddress! + offset, frames: room)
                offset += room
            }
        }
        output.endOfData()
    }

    /// Waits until `condition` holds; false after `seconds`.
    func wait(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = monotonicNow() + seconds
        while !condition() {
            if monotonicNow() > deadline { return false }
            usleep(2_000)
        }
        return true
    }

    @Test func aNarrationWhoseEndTheClockReachedEarlyPlaysOutBesideTheNext() throws {
        try PrivatePulseServer.with { server in
            let pidText = try String(contentsOfFile: server.directory + "/pulse/pid", encoding: .utf8)
            let pid = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), "no pid in \(pidText)")
            let recorder = try MonitorRecorder(server: server.address)
            usleep(400_000)  // let the recorder settle on silence
            let output = try PulseOutput(server: server.address)
            let format = AudioFormat(sampleRate: PulseHandOverTests.rate, channels: 1)

            try output.start(format: format, paused: false)
            try writeTone(output, frequency: 440, seconds: 1.0)
            expectTrue(wait(seconds: 5) { output.heardFrames >= Int64(0.7 * Double(PulseHandOverTests.rate)) }, "the first tone did not play")
            // The server stops; the stream's clock runs on by itself until it says the whole tone was heard.
            kill(pid, SIGSTOP)
            let ranAhead = wait(seconds: 3) { output.isDrained }
            // The server goes on 200 ms later, while `start` waits on it for the next stream.
            let resume = Thread { usleep(200_000); kill(pid, SIGCONT) }
            resume.start()
            defer { kill(pid, SIGCONT) }
            try #require(ranAhead, "the stream's clock did not run to the end without the server")
            try output.start(format: format, paused: false)
            try writeTone(output, frequency: 880, seconds: 0.5)
            expectTrue(wait(seconds: 5) { output.isDrained }, "the second tone did not play")
            usleep(500_000)
            try output.stop()
            let samples = recorder.stop()

            let finder = ToneFinder(rate: MonitorRecorder.rate)
            let first = finder.find(440, in: samples)
            let second = finder.find(880, in: samples)
            let rate = Double(MonitorRecorder.rate)
            print("pulse hand-over: 440 Hz heard \(Int(first.heard / rate * 1000)) ms of 1000 (\(first.pieces)); 880 Hz heard \(Int(second.heard / rate * 1000)) ms of 500 (\(second.pieces))")
            expectTrue(abs(first.heard / rate - 1.0) < 0.03, "the first tone's tail was cut: \(first.pieces)")
            expectTrue(abs(second.heard / rate - 0.5) < 0.03, "\(second.pieces)")
            if let end = first.end, let onset = second.onset {
                expectTrue(onset > end - 0.25 * rate, "the second tone began \((end - onset) / rate) s before the first ended")
            }
        }
    }

    /// A stream paused after its clock reached its end is closed when the next narration starts, not left to
    /// play out: corked, its drain would never answer, and it would stay open until `stop` gave up on it after
    /// 2 s. Unpaused, the same stream is left to play out (the control: the count can be 1).
    @Test(arguments: [true, false])
    func aStreamPausedAtItsEndIsClosedNotLeftToPlayOut(paused: Bool) throws {
        try PrivatePulseServer.with { server in
            let pidText = try String(contentsOfFile: server.directory + "/pulse/pid", encoding: .utf8)
            let pid = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), "no pid in \(pidText)")
            let output = try PulseOutput(server: server.address)
            defer { try? output.stop() }
            let format = AudioFormat(sampleRate: PulseHandOverTests.rate, channels: 1)
            try output.start(format: format, paused: false)
            try writeTone(output, frequency: 440, seconds: 1.0)
            expectTrue(wait(seconds: 5) { output.heardFrames >= Int64(0.7 * Double(PulseHandOverTests.rate)) }, "the tone did not play")
            // The server stops: the stream's clock runs on to the tone's end while the drain waits on the server.
            kill(pid, SIGSTOP)
            defer { kill(pid, SIGCONT) }
            try #require(wait(seconds: 3) { output.isDrained }, "the stream's clock did not run to the end without the server")
            // The server goes on 200 ms later: pausing waits for its answer (the cork), and so does the next
            // stream. The ended stream is retired or closed when that stream starts, before it waits.
            let resume = Thread { usleep(200_000); kill(pid, SIGCONT) }
            resume.start()
            if paused { output.pause() }
            try output.start(format: format, paused: paused)
            let retired = output.retiredStreamCount
            expectEqual(retired, (paused ? 0 : 1), "paused: \(paused): \(retired) streams left to play out")
        }
    }
}
