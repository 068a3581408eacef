import Foundation
import Testing
import WalkscapeTestSupport

/// `walkscape play TOUR --gps nmea:tcp://…` in a real terminal (tmux), fed live by `walkscape feed`.
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PlayLiveTmuxTests {
    @Test func thePlayerFollowsALiveStreamAndSaysWhenTheSourceCloses() throws {
        let dir = NSTemporaryDirectory() + "walkscape-play-live-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let walk = dir + "/walk.gpx"
        let synth = try CLI.run(["synth", "tours/paris-ile-de-la-cite", "--interval", "2"])
        try synth.stdout.write(toFile: walk, atomically: true, encoding: .utf8)
        // feed waits for its first client before its clock starts.
        let feed = try CLI.start(["feed", walk, "--to", "nmea:tcp:0", "--speed", "20"])
        defer { if feed.0.isRunning { kill(feed.0.processIdentifier, SIGKILL) } }
        var line = Data()
        while true {
            let byte = feed.2.fileHandleForReading.readData(ofLength: 1)
            try #require(!byte.isEmpty, "feed ended before its status line")
            if byte == Data("\n".utf8) { break }
            line += byte
        }
        let port = try #require(Int(String(decoding: line, as: UTF8.self).split(separator: ":").last ?? ""))
        let tmux = Tmux()
        defer { tmux.kill() }
        let record = dir + "/live.gpx"
        try tmux.start(
            "cd \(repositoryRoot) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play tours/paris-ile-de-la-cite --gps nmea:tcp://127.0.0.1:\(port) "
                + "--record \(record) --audio none --lang en; status=$?; modes=$(stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon | tr '\\n' ' '); "
                + "echo \"EXIT $status MODES $modes END\"; sleep 60", width: 120, height: 34)
        // The header names the source; the first point plays; the GPS line is live.
        var screen = try tmux.waitFor(timeout: 30) { $0.contains("nmea:tcp://127.0.0.1:\(port)") && $0.contains("GPS ok") && $0.contains("Stop 1/7") }
        expectContains(screen, "nmea:tcp://127.0.0.1:\(port)", "\(screen)")
        expectContains(screen, "GPS ok", "\(screen)")
        // The speed keys do nothing on a live walk, and the hints do not offer them.
        expectTrue(!screen.contains("speed") && screen.contains("pause"), "\(screen)")
        try tmux.keys("]")
        Thread.sleep(forTimeInterval: 0.3)
        try expectTrue(tmux.screen().split(separator: "\n").first?.hasSuffix("×2") == false)
        // The feed stops: the source closes, and the GPS line says so.
        kill(feed.0.processIdentifier, SIGTERM)
        screen = try tmux.waitFor(timeout: 20) { $0.contains("source closed") }
        expectTrue(screen.contains("GPS lost") && screen.contains("source closed"), "\(screen)")
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains("Quit the tour in progress?") || $0.contains("EXIT ") }
        if screen.contains("Quit the tour in progress?") { try tmux.keys("y") }
        screen = try tmux.waitFor { $0.contains("EXIT ") }
        expectContains(screen, "EXIT 0 MODES icanon", "\(screen)")
        // Everything received was recorded, and the recording reads.
        let inspected = try CLI.run(["inspect", record])
        expectEqual(inspected.status, 0, "\(inspected.stderr)")
    }
}
