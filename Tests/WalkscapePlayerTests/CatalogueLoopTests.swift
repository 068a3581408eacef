import Foundation
import Testing
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeTUI
import WalkscapeTestSupport
import WalkscapeTours
@testable import WalkscapePlayer

/// The catalogue's loop on the test backend: a walk chosen on the detail screen plays in the player's loop
/// and comes back to the catalogue; a download goes through the injected closure and the tour is listed again.
extension TerminalLoopTests {
@Suite struct CatalogueLoopTests {
    func listings(_ directory: String) throws -> [TourListing] {
        TourListings.make(try Catalogue(directory: directory), language: "en", searchDirectories: [], token: nil)
    }

    func player(_ backend: TestBackend, clock: ManualClock) -> (PlayerLoop, AudioPlayer) {
        let audio = AudioPlayer(output: NullOutput(clock: ManualClock()))
        return (PlayerLoop(backend: backend, player: audio, notices: NoticeBox(), strings: UIStrings(language: "en"), clock: clock), audio)
    }

    @Test func aChosenWalkPlaysInThePlayerThenTheCatalogueComesBack() throws {
        var state = BrowserState(tours: try listings(repositoryRoot + "/tours"))
        let turin = try #require(state.tours.firstIndex { $0.id == "torino-portici" })
        state.selection = try #require(state.visible.firstIndex(of: turin))
        // Open the detail, play its first walk (the simulated one).
        let backend = TestBackend(width: 100, height: 30, keys: [.character("\n"), .character("\n")])
        let clock = ManualClock()
        var playerFrames = 0
        var downloads = 0
        backend.onIdle = {
            clock.advance(by: 1)
            if backend.text.contains("Stop 1/") {
                playerFrames += 1
                if playerFrames == 3 { backend.keys = [.character("q"), .character("y")] }
            } else if playerFrames > 0 {
                backend.keys = [.character("q")]  // back on the detail: leave
            }
        }
        let (player, audio) = player(backend, clock: clock)
        defer { audio.shutdown() }
        let loop = CatalogueLoop(backend: backend, player: player, strings: UIStrings(language: "en"), language: "en", token: nil, walkSpeed: 1.2) { _, _ in
            downloads += 1
            return 0
        }
        expectEqual(loop.run(state), .quit)
        expectTrue(playerFrames >= 3)
        expectEqual(downloads, 0)
        expectContains(backend.text, "Downloaded: every file present.")  // the detail again
    }

    @Test func aDownloadRunsThroughTheClosureAndTheTourIsListedAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-catalogue-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = repositoryRoot + "/tours/torino-portici"
        let directory = root + "/torino-portici"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Only its tour.json, which says where it came from: every recording missing.
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source + "/tour.json"))) as? [String: Any])
        document["x-walkscape-source"] = ["api": "http://127.0.0.1:9/api/v1", "tourId": "torino-portici"]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: directory + "/tour.json"))
        let state = BrowserState(tours: try listings(root))
        expectTrue(state.tours.first?.isReady == false)

        // Open the detail, d (stopped with status 130), d again (completes).
        let backend = TestBackend(width: 100, height: 30, keys: [.character("\n"), .character("d")])
        let clock = ManualClock()
        var calls: [(arguments: [String], token: String?)] = []
        var idle = 0
        backend.onIdle = {
            idle += 1
            if idle == 1 { backend.keys = [.character("d")] }
            if idle == 2 { backend.keys = [.character("q")] }
        }
        let (player, audio) = player(backend, clock: clock)
        defer { audio.shutdown() }
        var stoppedShown = false
        let loop = CatalogueLoop(backend: backend, player: player, strings: UIStrings(language: "en"), language: "en", token: "secret", walkSpeed: 1.2) {
            arguments, token in
            calls.append((arguments, token))
            if calls.count == 1 { return 130 }
            // The "download": the missing files arrive.
            for folder in ["audio", "subtitles"] where FileManager.default.fileExists(atPath: source + "/" + folder) {
                try? FileManager.default.copyItem(atPath: source + "/" + folder, toPath: directory + "/" + folder)
            }
            return 0
        }
        let original = backend.onIdle
        backend.onIdle = {
            if backend.text.contains("the download stopped (status 130); press d to resume it") { stoppedShown = true }
            original?()
        }
        expectEqual(loop.run(state), .quit)
        expectEqual(calls.count, 2)
        expectTrue(calls.first?.arguments.prefix(4) == ["download", "--api", "http://127.0.0.1:9/api/v1", "torino-portici"])
        expectTrue(calls.first?.arguments.suffix(2) == ["--dest", root])
        expectTrue(calls.first?.token == nil)  // a free tour's download gets no token
        expectTrue(stoppedShown)
        expectContains(backend.text, "Downloaded: every file present.")
    }

    @Test func terminalKeysMapToCatalogueInputs() {
        expectEqual(CatalogueLoop.input(.character("\r")), .enter)
        expectEqual(CatalogueLoop.input(.other(343)), .enter)
        expectEqual(CatalogueLoop.input(.character("\u{1B}")), .back)
        expectEqual(CatalogueLoop.input(.other(263)), .back)
        expectEqual(CatalogueLoop.input(.character("\t")), .tab)
        expectEqual(CatalogueLoop.input(.character("d")), .character("d"))
        expectEqual(CatalogueLoop.input(.up), .up)
        expectTrue(CatalogueLoop.input(.resize) == nil)
    }
}
}
