import Foundation
import WalkscapeTestSupport
import Testing

@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PlayDownloadTmuxTests {
    /// A downloaded tour with a file gone: the detail says so, `d` runs the download on the plain terminal,
    /// Enter comes back to a complete tour.
    @Test func theDetailOffersTheDownloadAndRunsIt() throws {
        let server = try APIServer()
        let dest = NSTemporaryDirectory() + "walkscape-play-download-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: dest) }
        let api = "http://127.0.0.1:\(server.port)/draft/v1"
        let download = try CLI.run(["download", "--api", api, "torino-portici", "--lang", "it,en", "--dest", dest])
        try #require(download.status == 0, "\(download.stderr)")
        try FileManager.default.removeItem(atPath: dest + "/torino-portici/audio/it/p3.mp3")

        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start(
            "cd \(repositoryRoot) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play \(dest)/torino-portici --audio none; "
                + "echo \"EXIT $? END\"; sleep 60")
        var screen = try tmux.waitFor { $0.contains("press d to download it now") && $0.contains("esc back") }
        #expect(screen.contains("Not downloaded: audio/it/p3.mp3: missing"))
        #expect(screen.contains("to fix: walkscape download --api \(api) torino-portici --lang it,en"))
        try tmux.keys("Enter")
        screen = try tmux.waitFor { $0.contains("press d to run") }
        #expect(screen.contains("not downloaded (1 problem)"))

        try tmux.keys("d")
        screen = try tmux.waitFor(timeout: 30) { $0.contains("press Enter to go back") }
        #expect(screen.contains("[walkscape] download finished"), "\(screen)")
        #expect(screen.contains("Installed \(dest)/torino-portici") || screen.contains("Installed"))
        try tmux.keys("Enter")
        screen = try tmux.waitFor { $0.contains("Downloaded: every file present.") && $0.contains("esc back") }
        #expect(screen.contains("Walk:  simulated walk"))
        #expect(FileManager.default.fileExists(atPath: dest + "/torino-portici/audio/it/p3.mp3"))
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains(" END") }
        #expect(screen.contains("EXIT 0 END"))
    }
}
