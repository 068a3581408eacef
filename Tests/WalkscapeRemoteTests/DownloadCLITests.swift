import Foundation
import WalkscapeTestSupport
import Testing
import WalkscapeCore

/// The `download`, `remove`, `tours` and Option B behaviour of the built binary against the test API server.
@Suite struct DownloadCLITests {
    @Test(arguments: [("torino-portici", "it,en"), ("paris-ile-de-la-cite", "fr,en")])
    func downloadThenValidateThenSimulateGivesTheOriginalTimeline(slug: String, languages: String) throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let id = try server.deployedID(slug)
        let download = try Walkscape.run(["download", "--api", server.deployed, id, "--lang", languages, "--dest", dest.path, "--token", "t-owner"])
        expectEqual(download.status, 0, "\(download.stderr)")
        expectTrue(download.stdout.contains("Installed \(dest.path)/\(slug): version 1, \(languages.replacingOccurrences(of: ",", with: ", "))"))
        let validate = try Walkscape.run(["validate", dest.path + "/" + slug])
        expectEqual(validate.status, 0, "\(validate.stdout)")
        for trace in ["clean", "brisk", "missed", "noisy"] {
            let path = "fixtures/traces/\(slug)-\(trace).gpx"
            for language in languages.split(separator: ",").map(String.init) {
                let original = try Walkscape.run(["simulate", "tours/" + slug, "--trace", path, "--lang", language])
                let copy = try Walkscape.run(["simulate", dest.path + "/" + slug, "--trace", path, "--lang", language])
                expectTrue(original.status == 0 && copy.status == 0)
                expectTrue(!copy.stdout.isEmpty)
                expectEqual(copy.stdout, original.stdout, "\(slug) \(trace) \(language)")
            }
        }
    }

    @Test func theMapTilesAreOneLineOfTheDownloadAndTheTourValidates() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let download = try Walkscape.run(["download", "--api", server.draft, "helsinki-keskusta", "--lang", "fi", "--dest", dest.path])
        expectEqual(download.status, 0, "\(download.stderr)")
        expectContains(download.stdout, "Tour helsinki-keskusta (id helsinki-keskusta, version 1) in fi: 16 files (one of them 61 map tiles, z14–16), ")
        let lines = download.stdout.split(separator: "\n")
        expectTrue(lines.contains { $0.hasPrefix("[16/16]") && $0.hasSuffix("kB  map/tiles.mbtiles  (37 tiles, z14–16; 24 not on the server)") }, "\(download.stdout)")
        let validate = try Walkscape.run(["validate", dest.path + "/helsinki-keskusta"])
        expectEqual(validate.status, 0, "\(validate.stdout)")
    }

    @Test func aSlugIsResolvedThroughTheTourList() throws {
        // The deployed backend's ids are UUIDs; `walkscape tours` and `remove` show slugs. A slug given to
        // download is looked up in GET /tours rather than answered with a 404.
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let download = try Walkscape.run(["download", "--api", server.deployed, "torino-portici", "--lang", "it", "--dest", dest.path, "--token", "t-owner"])
        expectEqual(download.status, 0, "\(download.stderr)")
        expectTrue(download.stdout.contains("Tour torino-portici (id \(try server.deployedID("torino-portici")), version 1)"))
        let unknown = try Walkscape.run(["download", "--api", server.deployed, "no-such-tour", "--lang", "it", "--dest", dest.path])
        expectEqual(unknown.status, 2)
        expectContains(unknown.stderr, "404 Not Found")
    }

    @Test func aLanguageTheTourLacksIsRefusedWithTheLanguagesItHas() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let id = try server.deployedID("torino-portici")
        for tour in [id, "torino-portici"] {
            let download = try Walkscape.run(["download", "--api", server.deployed, tour, "--lang", "de", "--dest", dest.path, "--token", "t-owner"])
            expectEqual(download.status, 2, "\(download.stderr)")
            expectContains(download.stderr, "no tour \"\(tour)\" in de on this server: it is in it, en; pass --lang with those (e.g. --lang it,en)", "\(download.stderr)")
            // The second language asked for is checked too.
            let second = try Walkscape.run(["download", "--api", server.deployed, tour, "--lang", "it,de", "--dest", dest.path, "--token", "t-owner"])
            expectTrue(second.status == 2 && second.stderr.contains("in de on this server: it is in it, en;"), "\(second.stderr)")
        }
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: dest.path).filter { !$0.hasPrefix(".") }, [])
    }

    /// The warnings `download` counts are those `walkscape validate`, which it sends the user to, finds.
    @Test func downloadCountsTheWarningsValidateCounts() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let download = try Walkscape.run(["download", "--api", server.draft, "torino-portici", "--lang", "it", "--dest", dest.path])
        expectEqual(download.status, 0, "\(download.stderr)")
        let validate = try Walkscape.run(["validate", dest.path + "/torino-portici"])
        expectEqual(validate.status, 0, "\(validate.stdout)")
        guard let range = validate.stdout.range(of: "errors, [0-9]+ warning", options: .regularExpression) else {
            Issue.record("no count in \(validate.stdout)")
            return
        }
        let count = Int(validate.stdout[range].filter(\.isNumber))!
        expectTrue(count > 1)
        expectContains(download.stdout, "\n\(count) warnings from validation; `walkscape validate", "\(download.stdout)\n\(validate.stdout)")
    }

    @Test func ctrlCStopsCleanlyAndTheRerunResumes() throws {
        let server = try APIServer(faults: ["slow:torino-portici/audio/it/p2.mp3"], slowRate: 100_000)
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let arguments = ["download", "--api", server.draft, "torino-portici", "--lang", "it", "--dest", dest.path]
        let started = try Walkscape.start(arguments)
        let partial = dest.path + "/.walkscape-staging/torino-portici/audio/it/p2.mp3"
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let size = try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int, size > 50_000 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(started.0.processIdentifier, SIGINT)
        let interrupted = Walkscape.finish(started)
        expectEqual(interrupted.status, 130)
        expectContains(interrupted.stderr, "interrupted: ")
        expectContains(interrupted.stderr, "run the same command again to resume")
        expectTrue(!dest.exists("torino-portici"))
        expectTrue(dest.exists(".walkscape-staging/torino-portici/.walkscape-download.json"))

        let tours = try Walkscape.run(["tours", dest.path])
        expectContains(tours.stdout, "torino-portici  (not installed yet)")
        expectContains(tours.stdout, "partial")

        try server.setFaults([])
        let resumed = try Walkscape.run(arguments)
        expectEqual(resumed.status, 0, "\(resumed.stderr)")
        // Four files download at once, so by the Ctrl-C the files around the slow one are complete too: at
        // least the four before it (the cover and point 1), whatever the others had reached.
        let complete = resumed.stdout.firstMatch(of: /Resuming: (\d+) of 22 files complete/).flatMap { Int($0.1) }
        expectTrue((4...21).contains(complete ?? 0), "\(resumed.stdout)")
        expectContains(resumed.stdout, "audio/it/p2.mp3  (resumed at ")
        let counters = try server.fileCounters()
        expectTrue(counters["torino-portici/audio/it/p1.mp3"]?.requests == 1)
        expectTrue(counters["torino-portici/audio/it/p2.mp3"]?.requests == 2)
        // Files complete at the interruption were not asked for again; at most the ones in flight were.
        expectTrue(counters.values.filter { $0.requests > 1 }.count <= 4)
        try expectEqual(Walkscape.run(["validate", dest.path + "/torino-portici"]).status, 0)
    }

    @Test func optionBRefusesAnIncompleteTourAndNamesTheDownloadCommand() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        try expectEqual(Walkscape.run(["download", "--api", server.draft, "torino-portici", "--lang", "it,en", "--dest", dest.path]).status, 0)
        let tour = dest.path + "/torino-portici"
        // A damaged file (same size, one byte changed) and a missing one, in the language not played.
        let damaged = tour + "/audio/en/p5.mp3"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: damaged))
        try FileManager.default.removeItem(atPath: tour + "/subtitles/en/p2.en.srt")
        let command = "walkscape download --api \(server.draft) torino-portici --lang it,en --dest \(dest.path)"
        for arguments in [["simulate", tour, "--trace", "fixtures/traces/torino-portici-clean.gpx"], ["listen", tour, "--point", "1", "--audio", "none"]] {
            let refused = try Walkscape.run(arguments)
            expectEqual(refused.status, 1)
            expectTrue(refused.stdout.isEmpty)
            expectContains(refused.stderr, "points[1].tracks.en.subtitles.en: error: file \"subtitles/en/p2.en.srt\" does not exist")
            // The damaged file is present: an edit, named in one warning; only the missing one refuses.
            expectContains(refused.stderr, "warning: 1 file differs from tour.json's size or SHA-256 (audio/en/p5.mp3)")
            expectContains(refused.stderr, "not fully downloaded (1 of 36 files missing), so it cannot start")
            expectTrue(refused.stderr.contains("\n  " + command + "\n"), "\(refused.stderr)")
        }
        let tours = try Walkscape.run(["tours", dest.path])
        expectContains(tours.stdout, "free    partial")  // sizes only: the missing file shows, the damaged one needs digests

        let fixed = try Walkscape.run(command.split(separator: " ").dropFirst().map(String.init))
        expectEqual(fixed.status, 0, "\(fixed.stderr)")
        try expectEqual(Walkscape.run(["simulate", tour, "--trace", "fixtures/traces/torino-portici-clean.gpx"]).status, 0)
    }

    @Test func removeTakesEverythingAwayOrRestoresThePreviousVersion() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let download = ["download", "--api", server.draft, "torino-portici", "--lang", "it", "--dest", dest.path]
        try expectEqual(Walkscape.run(download).status, 0)
        try server.bumpVersion()
        let update = try Walkscape.run(download)
        expectContains(update.stdout, "The version it replaced is kept in \(dest.path)/.walkscape-previous/torino-portici")
        let restore = try Walkscape.run(["remove", "torino-portici", "--dest", dest.path, "--restore-previous"])
        expectEqual(restore.status, 0)
        expectEqual(restore.stdout, "\(dest.path)/torino-portici: restored version 1\n")
        let remove = try Walkscape.run(["remove", dest.path + "/torino-portici"])
        expectEqual(remove.stdout, "removed \(dest.path)/torino-portici\n")
        expectTrue(!dest.exists("torino-portici"))
        let missing = try Walkscape.run(["remove", "torino-portici", "--dest", dest.path])
        expectEqual(missing.status, 2)
    }

    @Test func toursChecksForUpdatesOnlyWhenAsked() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        try expectEqual(Walkscape.run(["download", "--api", server.draft, "torino-portici", "--lang", "it,en", "--dest", dest.path]).status, 0)
        let current = try Walkscape.run(["tours", dest.path, "--check-updates"])
        expectEqual(current.status, 0)
        expectContains(current.stdout, "free    complete")
        expectTrue(!current.stdout.contains("could not check"))
        try server.bumpVersion()
        let offline = try Walkscape.run(["tours", dest.path])
        expectContains(offline.stdout, "free    complete")  // without the flag, nothing is asked
        let checked = try Walkscape.run(["tours", dest.path, "--check-updates"])
        expectEqual(checked.status, 0)
        expectContains(checked.stdout, "free    outdated")
        expectContains(checked.stdout, "\(dest.path)/torino-portici: outdated: version 2 is published, 1 is installed; `walkscape download --api \(server.draft) torino-portici --lang it,en --dest \(dest.path)` updates it", "\(checked.stdout)")
        let json = try JSONParser().parse(try Walkscape.run(["tours", dest.path, "--check-updates", "--json"]).stdout)
        expectTrue(json["tours"]?.arrayElements?.first?["state"]?.stringValue == "outdated")
        expectTrue(json["tours"]?.arrayElements?.first?["publishedVersion"]?.intValue == 2)
        expectTrue(json["tours"]?.arrayElements?.first?["version"]?.intValue == 1)
        // The update the note names brings it up to date.
        try expectEqual(Walkscape.run(["download", "--api", server.draft, "torino-portici", "--lang", "it,en", "--dest", dest.path]).status, 0)
        try expectTrue(Walkscape.run(["tours", dest.path, "--check-updates"]).stdout.contains("free    complete"))
    }

    @Test func anUpdateCheckThatCannotBeMadeIsANoteNotAFailure() throws {
        let local = try Walkscape.run(["tours", "tours", "--check-updates"])
        expectEqual(local.status, 0)
        expectContains(local.stdout, "tours/torino-portici: complete: could not check for updates: tour.json does not say which API it came from")
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let server = try APIServer()
        try expectEqual(Walkscape.run(["download", "--api", server.draft, "torino-portici", "--lang", "it", "--dest", dest.path]).status, 0)
        server.stop()
        // A second tour from the same API: the server that could not be reached is not asked again.
        try FileManager.default.copyItem(atPath: dest.path + "/torino-portici", toPath: dest.path + "/torino-copy")
        let gone = try Walkscape.run(["tours", dest.path, "--check-updates", "--timeout", "2"])
        expectEqual(gone.status, 0)
        let notes = gone.stdout.split(separator: "\n").filter { $0.contains(": complete: could not check for updates: GET http://127.0.0.1:") }
        expectEqual(notes.count, 2, "\(gone.stdout)")
        expectTrue(notes.allSatisfy { $0.contains("(connection refused)") })
        expectEqual(Set(notes.map { $0.split(separator: ":", maxSplits: 1)[1] }).count, 1, "the same answer for both")
        try expectEqual(Walkscape.run(["tours", dest.path, "--token", "T"]).status, 2)
    }

    @Test func remoteToursListsBothShapes() throws {
        let server = try APIServer()
        let deployed = try Walkscape.run(["remote", "tours", "--api", server.deployed, "--lang", "en", "--token", "t-tester"])
        expectEqual(deployed.status, 0)
        expectContains(deployed.stdout, "paris-ile-de-la-cite  From the Louvre to the Île de la Cité")
        expectContains(deployed.stdout, "protected, no access")
        let draft = try Walkscape.run(["remote", "tours", "--api", server.draft, "--json"])
        let json = try JSONParser().parse(draft.stdout)
        expectTrue(json["tours"]?.arrayElements?.compactMap { $0["id"]?.stringValue } == ["helsinki-keskusta", "paris-ile-de-la-cite", "torino-portici"])
        // A refused connection is not transient: with the default 5 attempts it fails at once (no retry
        // line, no 7.5 s of backoff).
        let started = Date()
        let unreachable = try Walkscape.run(["remote", "tours", "--api", "http://127.0.0.1:1/v1"])
        expectTrue(Date().timeIntervalSince(started) < 5, "retrying would wait 0.5 + 1 + 2 + 4 s")
        expectEqual(unreachable.status, 2)
        expectEqual(unreachable.stderr, "GET http://127.0.0.1:1/v1/tours: cannot connect to 127.0.0.1:1 (connection refused); nothing is listening there, so it was not retried: check --api and that the server runs\n")
    }

    @Test func simulateUploadsEventsOnlyWhenAsked() throws {
        let server = try APIServer()
        let trace = "fixtures/traces/torino-portici-clean.gpx"
        let quiet = try Walkscape.run(["simulate", "tours/torino-portici", "--trace", trace])
        expectEqual(quiet.status, 0)
        try expectTrue(server.events().isEmpty)
        let posted = try Walkscape.run(["simulate", "tours/torino-portici", "--trace", trace, "--upload-events", "--api", server.deployed])
        expectEqual(posted.status, 0)
        expectEqual(posted.stdout, quiet.stdout)
        expectContains(posted.stderr, "posted 9 analytics events to \(server.deployed)/analytics/events (204)")
        let events = try server.events()
        expectEqual(events.count, 9)
        expectTrue(events.first?["name"]?.stringValue == "tour_started")
        let usage = try Walkscape.run(["simulate", "tours/torino-portici", "--trace", trace, "--upload-events"])
        expectEqual(usage.status, 2)
    }

    /// The test server checks event bodies as the backend's ValidationPipe does (whitelist,
    /// forbidNonWhitelisted, the DTO's enum and types); every profile's batch passes, an unknown field fails.
    @Test func uploadedBatchesPassTheBackendsValidation() throws {
        let server = try APIServer()
        let trace = "fixtures/traces-profiles/torino-edge-jitter.gpx"
        var expected = 0
        for profile in ["prd", "ios-app@5c84126", "ios-app@efba3ee", "android-app@5c84126", "android-app@efba3ee", "ideal"] {
            let posted = try Walkscape.run(["simulate", "tours/torino-portici", "--trace", trace, "--profile", profile, "--upload-events", "--api", server.deployed])
            expectEqual(posted.status, 0, "\(profile): \(posted.stderr)")
            expectContains(posted.stderr, "(204)", "\(profile): \(posted.stderr)")
            expected += 1
        }
        let events = try server.events()
        expectEqual(Set(events.compactMap { $0["anonymousId"]?.stringValue }).count, expected, "one anonymousId per run")
        // The iOS re-fires of point 2 are sent as point_triggered again.
        let ios = events.filter { $0["osVersion"]?.stringValue?.hasPrefix("iOS") == true && $0["properties"]?["profile"] == .string("ios-app@5c84126") }
        expectEqual(ios.filter { $0["pointId"] != nil && $0["properties"]?["order"] == .integer(2) }.count, 7)
        // Android 1.1.12's events carry their properties through the validation.
        let android = events.filter { $0["properties"]?["profile"] == .string("android-app@efba3ee") }
        expectTrue(android.first { $0["name"] == .string("tour_started") }?["properties"]?["triggerType"] == .string("gps"))
    }
}
