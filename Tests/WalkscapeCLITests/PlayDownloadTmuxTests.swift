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
        expectContains(screen, "Not downloaded: audio/it/p3.mp3: missing")
        expectContains(screen, "to fix: walkscape download --api \(api) torino-portici --lang it,en")
        try tmux.keys("Enter")
        screen = try tmux.waitFor { $0.contains("not downloaded (1 problem): press d to download it") }
        expectContains(screen, "press d to download it now (127.0.0.1)")

        try tmux.keys("d")
        screen = try tmux.waitFor(timeout: 30) { $0.contains("press Enter to go back") }
        expectContains(screen, "[walkscape] download finished", "\(screen)")
        expectTrue(screen.contains("Installed \(dest)/torino-portici") || screen.contains("Installed"))
        try tmux.keys("Enter")
        screen = try tmux.waitFor { $0.contains("Downloaded: every file present.") && $0.contains("esc back") }
        expectContains(screen, "Walk:  simulated walk")
        expectTrue(FileManager.default.fileExists(atPath: dest + "/torino-portici/audio/it/p3.mp3"))
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0 END")
    }

    /// A protected tour: without a token the detail names the command (with `--token T`) and offers nothing to
    /// run; with WALKSCAPE_TOKEN, `d` runs the download, the token reaching it through the environment only.
    @Test func aProtectedTourIsDownloadedWithTheTokenFromTheEnvironment() throws {
        let server = try APIServer()
        let dest = NSTemporaryDirectory() + "walkscape-play-protected-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: dest) }
        let api = "http://127.0.0.1:\(server.port)/v1"
        let id = try server.deployedID("paris-ile-de-la-cite")
        let download = try CLI.run(["download", "--api", api, id, "--lang", "fr,en", "--dest", dest, "--token", "t-owner"])
        try #require(download.status == 0, "\(download.stderr)")
        try FileManager.default.removeItem(atPath: dest + "/paris-ile-de-la-cite/audio/fr/p3.mp3")
        let play = "cd \(repositoryRoot) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play \(dest)/paris-ile-de-la-cite --audio none; "
            + "echo \"EXIT $? END\"; sleep 60"

        do {
            let tmux = Tmux()
            defer { tmux.kill() }
            try tmux.start(play)
            var screen = try tmux.waitFor { $0.contains("Not downloaded: audio/fr/p3.mp3: missing") && $0.contains("esc back") }
            expectContains(screen, "protected: start play with --token T (or WALKSCAPE_TOKEN) to download it here", "\(screen)")
            expectTrue(!screen.contains("press d to download it now"))
            try tmux.keys("d")
            screen = try tmux.waitFor { $0.contains("this tour is protected: start `walkscape play` with --token T") }
            try tmux.keys("q")
            screen = try tmux.waitFor { $0.contains(" END") }
            expectContains(screen, "EXIT 0 END")
            expectTrue(!FileManager.default.fileExists(atPath: dest + "/paris-ile-de-la-cite/audio/fr/p3.mp3"))
        }

        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start("export WALKSCAPE_TOKEN=t-owner; " + play)
        var screen = try tmux.waitFor { $0.contains("press d to download it now") && $0.contains("esc back") }
        try tmux.keys("d")
        screen = try tmux.waitFor(timeout: 30) { $0.contains("press Enter to go back") }
        expectContains(screen, "[walkscape] download finished", "\(screen)")
        expectContains(screen, "walkscape download --api \(api) \(id) --lang fr,en", "\(screen)")
        expectTrue(!screen.contains("t-owner"))
        try tmux.keys("Enter")
        screen = try tmux.waitFor { $0.contains("Downloaded: every file present.") && $0.contains("esc back") }
        expectTrue(FileManager.default.fileExists(atPath: dest + "/paris-ile-de-la-cite/audio/fr/p3.mp3"))
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains(" END") }
        expectContains(screen, "EXIT 0 END")
    }
}
