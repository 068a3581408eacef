import Foundation
import WalkscapeTestSupport
import Testing

/// `walkscape listen` with the silent clocked output: cues come out in order, at their times, as heard.
@Suite struct ListenCLITests {
    @Test func printsCuesInOrderAsTheyAreHeard() throws {
        let start = Date()
        let result = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--from", "27.5", "--audio", "none"])
        let elapsed = Date().timeIntervalSince(start)
        expectEqual(result.status, 0)
        #expect(result.stdout == """
            [00:27.237] Da qui parte Via Roma,
            [00:28.805] la strada elegante che porta / dritta a Piazza Castello.

            """)
        expectEqual(result.stderr, "")
        // The recording is 32.653 s long: playing from 27.5 s takes about 5.15 s of clock time.
        expectTrue(elapsed > 5.0 && elapsed < 8)
    }

    @Test func englishSubtitlesOnItalianAudioAndOff() throws {
        let result = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--from", "32.2", "--subs", "off", "--audio", "none"])
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "")
    }

    @Test func errorsOneLineEach() throws {
        let noPoint = try CLI.run(["listen", "tours/torino-portici", "--point", "99", "--audio", "none"])
        expectEqual(noPoint.status, 1)
        expectEqual(noPoint.stderr, "tours/torino-portici: no point 99; the tour has points 1–7\n")
        let noLanguage = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--lang", "de", "--audio", "none"])
        expectEqual(noLanguage.status, 2)
        expectEqual(noLanguage.stderr, "tours/torino-portici: the tour has no \"de\" narration; it has it, en: pass --lang it or --lang en\n")
        let noTour = try CLI.run(["listen", "tours/nowhere", "--point", "1", "--audio", "none"])
        expectEqual(noTour.status, 2)
        let badAudio = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--audio", "alsa"])
        expectEqual(badAudio.status, 2)
        let pastEnd = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--from", "99", "--audio", "none"])
        expectEqual(pastEnd.status, 2)
    }

    @Test func ctrlCStopsWithTheHeardPositionAndStatus130() throws {
        let result = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--audio", "none"], interruptAfter: 1.5)
        expectEqual(result.status, 130, "128 + SIGINT")
        expectTrue(result.stdout.hasPrefix("[00:00.250] Benvenuti a Torino"))
        let line = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        // The heard position when stopped: after 1.5 s less the start-up (slower on a loaded machine), never 0.
        let seconds = Double(line.dropFirst("stopped at 00:".count)) ?? -1
        expectTrue(line.hasPrefix("stopped at 00:") && seconds > 0.3 && seconds < 10, "\(line)")
    }

    /// SIGTERM and SIGHUP stop `listen` like Ctrl-C: status 128 + the signal, the WAV keeps what was heard
    /// and no `.NAME.partial-PID` is left beside it.
    @Test(arguments: [SIGTERM, SIGHUP])
    func stopSignalsFinishTheWAVAndLeaveNoPartialFile(signal: Int32) throws {
        let directory = NSTemporaryDirectory() + "walkscape-listen-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(
            ["listen", "tours/torino-portici", "--point", "1", "--subs", "off", "--audio", "wav:\(directory)/heard.wav"], interruptAfter: 1.5, signal: signal)
        expectEqual(result.status, 128 + signal, "\(result.stderr)")
        expectTrue(result.stderr.hasPrefix("stopped at 00:"), "\(result.stderr)")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: directory), ["heard.wav"])
    }

    /// A `.NAME.partial-PID` left by a `listen` that was killed (SIGKILL cannot be caught) is removed by the
    /// next run that writes NAME; one whose process still runs is left alone.
    @Test func aKilledRunsPartialFileIsRemovedByTheNextRun() throws {
        let directory = NSTemporaryDirectory() + "walkscape-listen-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A writer that dies by SIGKILL with its partial file on disk.
        let killed = try ChildProcess.run(["/bin/sh", "-c", "cd '\(directory)' && echo RIFF > .heard.wav.partial-$$ && kill -9 $$"])
        expectTrue(killed.status != 0)
        let live = ".heard.wav.partial-\(getpid())"
        _ = FileManager.default.createFile(atPath: directory + "/" + live, contents: Data("RIFF".utf8))
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: directory).count, 2)
        let result = try CLI.run(["listen", "tours/torino-portici", "--point", "1", "--from", "32.2", "--subs", "off", "--audio", "wav:\(directory)/heard.wav"])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: directory).sorted(), [live, "heard.wav"].sorted())
    }
}
