import Foundation
import WalkscapeSystem
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WalkscapeTestSupport
import Testing
import WalkscapeCore
import WalkscapeRemote
import WalkscapeTours

/// Downloads against the test API server: each case ends with a complete valid tour or a clear error and
/// no half-installed tour.
@Suite struct TourDownloaderTests {
    func downloader(_ base: String, token: String? = nil, interruption: StopToken = StopToken(), timeout: Double = 10) throws -> TourDownloader {
        let api = try RemoteAPI(base: base, token: token, client: HTTPClient(interruption: interruption, timeout: timeout),
            retry: RetryPolicy(attempts: 3, initialDelay: 0.05), interruption: interruption)
        return TourDownloader(api: api)
    }

    /// A download of the Turin tour that fails against a server with `faults`, with `jobs` workers: the server,
    /// the destination (to remove) and the error.
    func failedDownload(faults: [String], jobs: Int, languages: [String], timeout: Double = 10) throws -> (server: APIServer, dest: TemporaryDirectory, error: RemoteError) {
        let server = try APIServer(faults: faults)
        let dest = try TemporaryDirectory()
        let loader = try downloader(server.draft, timeout: timeout)
        loader.jobs = jobs
        let error = try #require(throws: RemoteError.self) { try loader.download("torino-portici", languages: languages, destination: dest.path) }
        return (server, dest, error)
    }

    /// The installed tour passes the validator, and every downloaded file is byte-identical to the sample's.
    func expectFaithfulCopy(_ directory: String, of slug: String) throws {
        let report = try TourValidator().validate(directory)
        expectTrue(!report.diagnostics.hasErrors, "\(report.diagnostics)")
        let copy = try #require(report.tour)
        let original = try #require(try TourLoader.load(repositoryRoot + "/tours/" + slug).tour)
        expectEqual(copy.points.map(\.id), original.points.map(\.id))
        expectEqual(copy.points.map(\.location), original.points.map(\.location))
        expectEqual(copy.points.map(\.triggerRadiusMeters), original.points.map(\.triggerRadiusMeters))
        for (point, originalPoint) in zip(copy.points, original.points) {
            for track in point.tracks {
                expectTrue(track.audio.sha256 == originalPoint.track(track.language)?.audio.sha256)
                for (language, asset) in track.subtitles {
                    expectTrue(asset.sha256 == originalPoint.track(track.language)?.subtitles(in: language)?.sha256)
                }
            }
        }
    }

    @Test func draftShapeGivesTheSampleTourBack() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let outcome = try downloader(server.draft).download("torino-portici", languages: ["en", "it"], destination: dest.path)
        guard case let .installed(directory, previous, plan, _, received, _) = outcome else { Issue.record("not installed"); return }
        expectEqual(directory, dest.path + "/torino-portici")
        expectTrue(previous == nil)
        expectEqual(plan.languages, ["it", "en"])  // the tour's default language first, whatever the order asked
        expectEqual(received, plan.totalBytes + 70)  // the cover, whose size the API does not give, counts on top
        try expectFaithfulCopy(directory, of: "torino-portici")
        let tour = try #require(try TourLoader.load(directory).tour)
        expectTrue(tour.cover?.file == "cover.png")
        expectTrue(tour.points[0].track("it")?.subtitles.map(\.language) == ["it", "en"])  // the draft lists every subtitle
        expectTrue(!dest.exists(".walkscape-staging"))
    }

    @Test func deployedShapeOfTheProtectedTourWithAToken() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let id = try server.deployedID("paris-ile-de-la-cite")
        let outcome = try downloader(server.deployed, token: "t-owner").download(id, languages: ["fr", "en"], destination: dest.path)
        guard case let .installed(directory, _, _, _, _, _) = outcome else { Issue.record("not installed"); return }
        try expectFaithfulCopy(directory, of: "paris-ile-de-la-cite")
        let loaded = try TourLoader.load(directory)
        let tour = try #require(loaded.tour)
        expectEqual(tour.id, id)
        expectTrue(tour.isProtected)
        expectTrue(tour.points[0].track("fr")?.subtitles.map(\.language) == ["fr"])  // deployed: the manifest's language only
        let original = try #require(try TourLoader.load(repositoryRoot + "/tours/paris-ile-de-la-cite").document)
        expectTrue(loaded.document?["routePolyline"] == original["routePolyline"])
        expectTrue(loaded.document?["x-walkscape-source"]?["api"]?.stringValue == server.deployed)
    }

    @Test func protectedTourWithoutAccessIsAClearErrorAndNothingIsInstalled() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let id = try server.deployedID("paris-ile-de-la-cite")
        let error = try #require(throws: RemoteError.self) { try downloader(server.deployed).download(id, languages: ["fr"], destination: dest.path) }
        expectEqual(error.kind, .unavailable)
        expectContains(error.message, "403 Forbidden \"Access denied. Redeem a voucher to access this tour.\"")
        expectContains(error.message, "--voucher CODE with --token T")
        let unknown = try #require(throws: RemoteError.self) {
            try downloader(server.deployed, token: "bogus").download(id, languages: ["fr"], destination: dest.path)
        }
        expectContains(unknown.message, "401 Unauthorized: pass --token T")
        expectTrue(!dest.exists("paris-ile-de-la-cite"))
    }

    @Test(arguments: ["deployed", "draft"]) func vouchers(shape: String) throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let base = shape == "deployed" ? server.deployed : server.draft
        let id = shape == "deployed" ? try server.deployedID("paris-ile-de-la-cite") : "paris-ile-de-la-cite"
        let expired = try #require(throws: RemoteError.self) {
            try downloader(base, token: "t-tester").download(id, languages: ["fr"], destination: dest.path, voucher: "PARIS-EXPIRED")
        }
        expectEqual(expired.kind, .invalid)
        expectContains(expired.message, "expired")
        let usedUp = try #require(throws: RemoteError.self) {
            try downloader(base, token: "t-tester").download(id, languages: ["fr"], destination: dest.path, voucher: "PARIS-USEDUP")
        }
        expectTrue(usedUp.message.contains(shape == "deployed" ? "maximum usage limit" : "used up (5 of 5 uses)"))
        let anonymous = try #require(throws: RemoteError.self) {
            try downloader(base).download(id, languages: ["fr"], destination: dest.path, voucher: "PARIS-OK")
        }
        expectContains(anonymous.message, "redeeming a voucher needs an account")
        expectTrue(!dest.exists("paris-ile-de-la-cite"))
        let outcome = try downloader(base, token: "t-tester").download(id, languages: ["fr"], destination: dest.path, voucher: "PARIS-OK")
        guard case .installed = outcome else { Issue.record("not installed"); return }
        try expectTrue(TourValidator().validate(dest.path + "/paris-ile-de-la-cite").isValid(strict: false))
    }

    @Test func droppedConnectionResumesWithRangeWithoutRefetchingBytes() throws {
        let server = try APIServer(faults: ["drop:torino-portici/audio/it/p3.mp3:1"])
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        _ = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        let counters = try server.fileCounters()
        let p3 = try #require(counters["torino-portici/audio/it/p3.mp3"])
        expectEqual(p3.requests, 2)
        expectTrue(p3.ranges[0] == nil)
        expectEqual(p3.ranges[1], "bytes=\(454164 / 2)-")
        expectEqual(p3.bytes, 454164)
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
    }

    @Test func serverErrorsAreRetriedThenSucceed() throws {
        let server = try APIServer(faults: ["error500:torino-portici/audio/it/p2.mp3:2", "error500:/points:1"])
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        var retries: [String] = []
        let loader = try downloader(server.draft)
        loader.onEvent = { if case let .retry(what, _, _) = $0 { retries.append(what) } }
        _ = try loader.download("torino-portici", languages: ["it"], destination: dest.path)
        expectEqual(retries.count, 3)
        try expectTrue(server.fileCounters()["torino-portici/audio/it/p2.mp3"]?.requests == 3)
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
    }

    @Test func slowResponsesStillComplete() throws {
        let server = try APIServer(faults: ["slow:torino-portici/audio/it/p1.mp3"], slowRate: 1_000_000)
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        _ = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
    }

    @Test func corruptBytesAreCaughtByTheETagAndRetried() throws {
        let server = try APIServer(faults: ["corrupt:torino-portici/audio/it/p4.mp3:1"])
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        _ = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        try expectTrue(server.fileCounters()["torino-portici/audio/it/p4.mp3"]?.requests == 2)
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
    }

    /// `never` really skips the check: the corrupted file is installed (its SHA-256 is what arrived), which is
    /// what `auto` over plain HTTP and `always` stop.
    @Test func theETagCheckFollowsItsSetting() throws {
        for (check, installsCorruption) in [(ETagCheck.never, true), (.always, false), (.auto, false)] {
            let server = try APIServer(faults: ["corrupt:torino-portici/audio/it/p4.mp3:1"])
            let dest = try TemporaryDirectory()
            defer { dest.remove() }
            let loader = try downloader(server.draft)
            loader.etagCheck = check
            _ = try loader.download("torino-portici", languages: ["it"], destination: dest.path)
            let requests = try server.fileCounters()["torino-portici/audio/it/p4.mp3"]?.requests
            expectEqual(requests, (installsCorruption ? 1 : 2), "\(check)")
            let installed = try #require(try TourLoader.load(dest.path + "/torino-portici").tour)
            let original = try #require(try TourLoader.load(repositoryRoot + "/tours/torino-portici").tour)
            let same = installed.points[3].track("it")?.audio.sha256 == original.points[3].track("it")?.audio.sha256
            expectTrue(same != installsCorruption, "\(check)")
        }
    }

    /// Media behind redirects (signed CDN links) are followed, and the ETag check judges the URL they led
    /// to: plain HTTP here, so a corrupted file is still caught and fetched again.
    @Test func redirectedMediaAreFollowedAndStillChecked() throws {
        let server = try APIServer(faults: ["redirect:torino-portici/", "corrupt:torino-portici/audio/it/p4.mp3:1"])
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        _ = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
        let counters = try server.fileCounters()
        expectTrue(counters["torino-portici/audio/it/p4.mp3"]?.requests == 2)
        expectTrue(counters["torino-portici/audio/it/p1.mp3"]?.requests == 1)
    }

    /// A media server trickling 3 bytes a second is given up on by the low-speed rule (under a quarter of the
    /// floor rate for `timeout` seconds) instead of holding the download forever; nothing is installed.
    @Test func aTricklingServerIsGivenUpOn() throws {
        let started = Date()
        let (server, dest, error) = try failedDownload(faults: ["trickle:torino-portici/audio/it/p1.mp3"], jobs: 1, languages: ["it"], timeout: 1)
        defer { dest.remove() }
        _ = server
        expectEqual(error.kind, .unavailable, "\(error.message)")
        expectContains(error.message, "Operation too slow", "\(error.message)")
        expectTrue(!dest.exists("torino-portici"))
        expectTrue(Date().timeIntervalSince(started) < 60)
    }

    /// A server faster than the low-speed rule but under the floor rate misses the deadline its answer's
    /// size gives: 262,323 bytes at 40,000 B/s would take 6.6 s; the floor of 80,000 B/s allows 1 + 3.3 s.
    @Test func anAnswerSlowerThanTheFloorRateMissesItsDeadline() throws {
        let server = try APIServer(faults: ["trickle:torino-portici/audio/it/p1.mp3"], trickleRate: 40_000)
        let client = HTTPClient(interruption: StopToken(), timeout: 1, minimumRate: 80_000)
        let request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/media/torino-portici/audio/it/p1.mp3")!)
        let started = Date()
        let error = try #require(throws: HTTPTransportError.self) { try client.send(request, limit: 1 << 20) }
        let elapsed = Date().timeIntervalSince(started)
        guard case let .connection(message) = error else {
            Issue.record("expected a connection error, got \(error)")
            return
        }
        expectContains(message, "127.0.0.1:\(server.port) is too slow:", "\(message)")
        expectContains(message, " of 262323 bytes in ", "\(message)")
        expectTrue(message.hasSuffix(" s, under the floor of 80000 bytes a second (a 262323-byte answer must arrive within 4.3 s)"), "\(message)")
        expectTrue(elapsed > 4 && elapsed < 6.5, "\(elapsed)")
    }

    /// A redirect to ftp:// is refused, and the error names where it led rather than blaming the API host's URL.
    @Test func aRedirectToFTPIsRefusedAndNamed() throws {
        let (server, dest, error) = try failedDownload(faults: ["redirect-ftp:torino-portici/audio/it/p1.mp3"], jobs: 1, languages: ["it"])
        defer { dest.remove() }
        expectContains(error.message, "127.0.0.1:\(server.port) redirected to ftp://127.0.0.1:\(server.port)/draft/v1/media/torino-portici/audio/it/p1.mp3, which is not an http or https URL; only those are followed", "\(error.message)")
        expectTrue(!dest.exists("torino-portici"))
        try expectTrue(server.fileCounters()["torino-portici/audio/it/p1.mp3"]?.requests ?? 0 == 0)
    }

    @Test func theETagCheckAppliesOverPlainHTTPUnlessSetOtherwise() {
        let http = URL(string: "http://127.0.0.1:8080/media/a.mp3")
        let https = URL(string: "https://cdn.example.org/a.mp3?X-Amz-Signature=abc")
        expectTrue(ETagCheck.auto.applies(to: http) && !ETagCheck.auto.applies(to: https))
        expectTrue(ETagCheck.always.applies(to: http) && ETagCheck.always.applies(to: https))
        expectTrue(!ETagCheck.never.applies(to: http) && !ETagCheck.never.applies(to: https))
    }

    /// However many files download at once, the installed tour is the same, byte for byte.
    @Test func parallelDownloadsInstallTheSameTour() throws {
        let server = try APIServer()
        var documents: [String] = []
        for jobs in [1, 3, 16] {
            let dest = try TemporaryDirectory()
            defer { dest.remove() }
            let loader = try downloader(server.draft)
            loader.jobs = jobs
            var done: [String] = []
            var inFlight: [Int] = []
            loader.onEvent = { event in if case let .fileDone(path, _, _) = event { done.append(path) } }
            loader.onTick = { progress in inFlight.append(progress.inFlight) }
            _ = try loader.download("torino-portici", languages: ["it", "en"], destination: dest.path)
            expectTrue(done.count == 36 && Set(done).count == 36, "jobs \(jobs)")
            // Every file's completion ticks; the count never exceeds the workers and ends at none.
            expectTrue(inFlight.count >= 36 && inFlight.allSatisfy { (0...jobs).contains($0) } && inFlight.last == 0, "jobs \(jobs): \(inFlight)")
            try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
            documents.append(try String(contentsOfFile: dest.path + "/torino-portici/tour.json", encoding: .utf8))
        }
        expectEqual(Set(documents).count, 1)
        try expectTrue(server.fileCounters().values.allSatisfy { $0.requests == 3 })
    }

    /// One worker's failure stops the others and is the error reported; nothing is installed.
    @Test func aFailureStopsEveryWorker() throws {
        let (server, dest, error) = try failedDownload(faults: ["wrong-size:torino-portici/audio/it/p2.mp3"], jobs: 8, languages: ["it", "en"])
        defer { dest.remove() }
        expectEqual(error.kind, .invalid)
        expectContains(error.message, "audio/it/p2.mp3: the server sent", "\(error.message)")
        expectTrue(!dest.exists("torino-portici"))
        expectTrue(dest.exists(".walkscape-staging/torino-portici/.walkscape-download.json"))
        // Once the server is right, the rerun finishes it without asking again for what was complete.
        let before = try server.fileCounters()
        try server.setFaults([])
        let rerun = try downloader(server.draft)
        var resumedFrom: [String: Int] = [:]
        rerun.onEvent = { event in if case let .fileDone(path, _, from) = event { resumedFrom[path] = from } }
        _ = try rerun.download("torino-portici", languages: ["it", "en"], destination: dest.path)
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
        for (key, counter) in try server.fileCounters() where !resumedFrom.keys.contains(where: { key.hasSuffix("/" + $0) }) {
            expectTrue(counter.requests == before[key]?.requests, "\(key) was complete and fetched again")
        }
    }

    /// Issue 27, item 18: a media answer without Content-Length that never ends was written far past the
    /// manifest's `fileSizeBytes` (2.6 GB for a 235 KB file in 10 s). The download stops at the declared size
    /// with one error; nothing past it is written, nothing is installed.
    @Test func aBodyThatNeverEndsStopsAtTheDeclaredSize() throws {
        let key = "torino-portici/audio/it/p2.mp3"
        let (server, dest, error) = try failedDownload(faults: ["endless:" + key], jobs: 2, languages: ["it"])
        defer { dest.remove() }
        expectEqual(error.kind, .invalid)
        expectTrue(error.message.hasPrefix("audio/it/p2.mp3: the server sent more than the "), "\(error.message)")
        expectContains(error.message, " bytes the manifest promises (manifest (it): audio[1]) and did not stop", "\(error.message)")
        expectTrue(!error.message.contains("\n"))
        expectTrue(!dest.exists("torino-portici"))
        expectTrue(!dest.exists(".walkscape-staging/torino-portici/audio/it/p2.mp3"))
        // The server got out what the sockets' buffers hold past the file, not the 256 MiB it would send.
        let sent = try #require(try server.fileCounters()[key]?.bytes)
        expectTrue(sent < 64 << 20, "\(sent) bytes sent")
    }

    /// A recording the server serves as it is, right size and ETag, but that does not decode (like the
    /// reference app's MP4 served as `.mp3`): decoded while the rest downloads, it stops the install.
    @Test func aRecordingThatDoesNotDecodeIsNotInstalled() throws {
        let tours = try TemporaryDirectory()
        defer { tours.remove() }
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tours/torino-portici", toPath: tours.path + "/torino-portici")
        let junk = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
        try junk.write(to: URL(fileURLWithPath: tours.path + "/torino-portici/audio/it/p2.mp3"))
        try expectEqual(CLI.run(["manifest", tours.path + "/torino-portici"]).status, 0)
        let server = try APIServer(tours: tours.path)
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let error = try #require(throws: RemoteError.self) { try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path) }
        expectEqual(error.kind, .invalid)
        expectTrue(error.message.hasPrefix("the downloaded tour does not validate, so it was not installed"))
        expectContains(error.message, "audio/it/p2.mp3", "\(error.message)")
        expectTrue(!dest.exists("torino-portici"))
    }

    @Test func aLinkedInterruptionFiresWithItsParent() {
        let parent = StopToken()
        let child = StopToken(linkedTo: parent)
        expectTrue(!child.isStopped)
        child.stop(signal: SIGTERM)
        expectTrue(child.isStopped && !parent.isStopped && child.signal == SIGTERM)
        let other = StopToken(linkedTo: parent)
        parent.stop(signal: SIGINT)
        expectTrue(other.isStopped && other.signal == SIGINT)
    }

    /// The disk-space refusal names the room it keeps spare, so that "needs 2.1 MB, 3.1 MB is free" never reads
    /// as a contradiction.
    @Test func theDiskSpaceRefusalSaysTheSpareRoom() {
        expectTrue(TourDownloader.spaceRefusal(needed: 2_100_000, free: 100_000_000, in: "tours") == nil)
        expectTrue(TourDownloader.spaceRefusal(needed: 2_100_000, free: 2_100_000 + TourDownloader.spareBytes, in: "tours") == nil)
        expectEqual(TourDownloader.spaceRefusal(needed: 2_100_000, free: 3_100_000, in: "tours"), "not enough disk space in tours: the download needs 2.1 MB more and keeps 1.0 MB spare (for tour.json and the download's state), 3148576 bytes in all; 3100000 bytes is free")
        expectEqual(TourDownloader.spaceRefusal(needed: 5_000_000, free: 3_100_000, in: "tours"), "not enough disk space in tours: the download needs 5.0 MB more and keeps 1.0 MB spare (for tour.json and the download's state), 6.0 MB in all; 3.1 MB is free")
    }

    @Test func persistentFaultsEndInAClearErrorAndNoInstalledTour() throws {
        let cases: [(fault: String, kind: RemoteError.Kind, words: String)] = [
            ("corrupt:torino-portici/audio/it/p4.mp3", .invalid, "do not match the server's checksum"),
            ("wrong-size:torino-portici/audio/it/p4.mp3", .invalid, "the server sent 298227 bytes, the manifest promises 298234 (manifest (it): audio[3])"),
            ("huge:torino-portici/audio/it/p4.mp3", .local, "not enough disk space"),
            ("bad-json", .invalid, "manifest (it): audio[1].fileSizeBytes: expected a whole number of bytes from 0 to 2^40 (1 TiB), got the string \"307638\""),
            ("not-json:/manifest", .invalid, "the answer is not JSON: line 1"),
            ("error500:torino-portici/audio/it/p4.mp3", .unavailable, "the server failed (500 \"Internal server error\") 3 times"),
            ("reset:/tours/torino-portici", .unavailable, "3 attempts"),
        ]
        for item in cases {
            let server = try APIServer(faults: [item.fault])
            let dest = try TemporaryDirectory()
            defer { dest.remove() }
            let error = try #require(throws: RemoteError.self) {
                try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
            }
            expectEqual(error.kind, item.kind, "\(item.fault)")
            expectTrue(error.message.contains(item.words), "\(item.fault): \(error.message)")
            expectTrue(!error.message.contains("\n") || error.kind == .invalid)
            expectTrue(!dest.exists("torino-portici"), "\(item.fault)")
        }
    }

    @Test func resumeAfterAnInterruptionNeverRefetchesCompleteFiles() throws {
        let server = try APIServer(faults: ["slow:torino-portici/audio/it/p3.mp3"], slowRate: 150_000)
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let interruption = StopToken()
        let first = try downloader(server.draft, interruption: interruption)
        first.onTick = { progress in
            if progress.currentFile == "audio/it/p3.mp3" && progress.receivedBytes > 262323 + 307638 + 100_000 { interruption.stop() }
        }
        let error = try #require(throws: RemoteError.self) { try first.download("torino-portici", languages: ["it"], destination: dest.path) }
        expectEqual(error.kind, .interrupted(SIGINT))
        expectContains(error.message, "run the same command again to resume")
        expectTrue(!dest.exists("torino-portici"))
        let staged = dest.path + "/.walkscape-staging/torino-portici/audio/it/p3.mp3"
        let partial = try #require(try FileManager.default.attributesOfItem(atPath: staged)[.size] as? Int)
        expectTrue(partial > 0 && partial < 454164)
        let before = try server.fileCounters()

        try server.setFaults([])
        _ = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        let after = try server.fileCounters()
        for (key, counter) in after {
            let earlier = before[key]
            if key.hasSuffix("audio/it/p3.mp3") {
                expectEqual(counter.requests, 2)
                expectEqual(counter.ranges[1], "bytes=\(partial)-")
                // The second request sent only the rest; the server's count may include up to two 16 KiB
                // chunks it wrote into the socket after the first run had hung up.
                let resent = counter.bytes - (earlier?.bytes ?? 0)
                expectTrue(resent >= 454164 - partial && resent <= 454164 - partial + 2 * 16384)
                expectTrue(counter.bytes <= 454164 + 2 * 16384)
            } else if let earlier, earlier.requests > 0 {
                expectEqual(counter.requests, earlier.requests, "\(key) was fetched again")
            }
        }
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
    }

    /// A rerun trusts nothing it staged before without hashing it again: a staged file changed in between
    /// (same size) is fetched again, and a temporary file a killed run left is not installed.
    @Test func aRerunHashesWhatWasStagedBefore() throws {
        let (server, dest, _) = try failedDownload(faults: ["error500:torino-portici/audio/it/p4.mp3"], jobs: 1, languages: ["it"])
        defer { dest.remove() }
        let staging = dest.path + "/.walkscape-staging/torino-portici"
        let changed = staging + "/subtitles/it/p2.it.srt"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: changed))
        bytes[0] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: changed))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: staging + "/..walkscape-download.json.tmp-Ab12Cd"))
        let before = try server.fileCounters()

        try server.setFaults([])
        _ = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
        let after = try server.fileCounters()
        expectTrue(after["torino-portici/subtitles/it/p2.it.srt"]?.requests == 2)
        expectTrue(after["torino-portici/audio/it/p1.mp3"]?.requests == before["torino-portici/audio/it/p1.mp3"]?.requests)
        expectTrue(!dest.exists("torino-portici/..walkscape-download.json.tmp-Ab12Cd"))
    }

    /// A file a killed run wrote in full without recording it is checked against the ETag that run saw;
    /// bytes that do not match are fetched again, whole.
    @Test func aFullButUnrecordedFileIsCheckedAgainstItsETag() throws {
        let server = try APIServer(faults: ["slow:torino-portici/audio/it/p3.mp3"], slowRate: 150_000)
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        let interruption = StopToken()
        let first = try downloader(server.draft, interruption: interruption)
        first.jobs = 1
        first.onTick = { progress in
            if progress.currentFile == "audio/it/p3.mp3" && progress.receivedBytes > 262323 + 307638 + 100_000 { interruption.stop() }
        }
        _ = try #require(throws: RemoteError.self) { try first.download("torino-portici", languages: ["it"], destination: dest.path) }
        let staged = dest.path + "/.walkscape-staging/torino-portici/audio/it/p3.mp3"
        try Data(repeating: 0x55, count: 454164).write(to: URL(fileURLWithPath: staged))

        try server.setFaults([])
        _ = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        try expectFaithfulCopy(dest.path + "/torino-portici", of: "torino-portici")
        let p3 = try #require(try server.fileCounters()["torino-portici/audio/it/p3.mp3"])
        expectEqual(p3.requests, 2)
        expectTrue(p3.ranges.count == 2 && p3.ranges[1] == nil, "fetched whole: \(p3.ranges)")
    }

    @Test func anUpdateKeepsThePreviousVersionForRollback() throws {
        let server = try APIServer()
        let dest = try TemporaryDirectory()
        defer { dest.remove() }
        _ = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        let again = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        guard case .upToDate = again else { Issue.record("expected up to date"); return }
        try expectTrue(server.fileCounters().values.allSatisfy { $0.requests == 1 })

        try server.bumpVersion()
        let update = try downloader(server.draft).download("torino-portici", languages: ["it"], destination: dest.path)
        guard case let .installed(directory, previous, _, _, _, _) = update else { Issue.record("not installed"); return }
        try expectTrue(TourLoader.load(directory).tour?.version == 2)
        try expectTrue(TourLoader.load(try #require(previous)).tour?.version == 1)

        let area = DownloadArea(destination: dest.path)
        try area.restorePrevious("torino-portici")
        try expectTrue(TourLoader.load(directory).tour?.version == 1)
        expectTrue(!dest.exists(".walkscape-previous/torino-portici"))
        try expectEqual(area.remove("torino-portici"), [directory])
        expectTrue(!dest.exists("torino-portici"))
    }

    @Test func analyticsEventsArePostedInBothShapes() throws {
        let server = try APIServer()
        let interruption = StopToken()
        let body: JSONValue = .object([("events", .array([.object([("name", .string("tour_started")), ("tourId", .string("t"))])]))])
        for base in [server.deployed, server.draft] {
            let api = try RemoteAPI(base: base, token: nil, client: HTTPClient(interruption: interruption), retry: RetryPolicy(), interruption: interruption)
            try expectEqual(api.postEvents(body), (base == server.deployed ? 204 : 200))
        }
        try expectEqual(server.events().count, 2)
    }

    /// The deployed shape checks bodies as the backend's ValidationPipe does (whitelist +
    /// forbidNonWhitelisted over TrackEventsDto/TrackEventDto at commit 5c84126): the old `createdAt` is
    /// refused with NestJS's message list, so are an unknown event name and a wrong type, and nothing is kept.
    @Test func theDeployedAPIRefusesFieldsTheDTODoesNotDeclare() throws {
        let server = try APIServer()
        let interruption = StopToken()
        let client = HTTPClient(interruption: interruption)
        defer { client.close() }
        let api = try RemoteAPI(base: server.deployed, token: nil, client: client, retry: RetryPolicy(), interruption: interruption)
        let old: JSONValue = .object([("events", .array([.object([
            ("name", .string("tour_started")), ("tourId", .string("t")), ("createdAt", .string("2024-05-01T10:00:00.000Z")),
        ])]))])
        do {
            _ = try api.postEvents(old)
            Issue.record("a body with createdAt was accepted")
        } catch {
            #expect(error.message.hasSuffix(#": 400 "events.0.property createdAt should not exist": unexpected answer"#), "\(error.message)")
        }
        var request = URLRequest(url: URL(string: server.deployed + "/analytics/events")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"events":[{"name":"tour_paused","offline":"yes","timestamp":"yesterday"}],"extra":1}"#.utf8)
        let response = try client.send(request)
        expectEqual(response.status, 400)
        let answer = try JSONParser().parse(Array(response.body))
        expectEqual(answer["statusCode"], .integer(400))
        expectEqual(answer["error"], .string("Bad Request"))
        let messages = answer["message"]?.arrayElements?.compactMap(\.stringValue) ?? []
        expectEqual(messages.first, "property extra should not exist")
        expectTrue(messages.contains("events.0.name must be one of the following values: " + AnalyticsBatch.eventNames.joined(separator: ", ")))
        expectTrue(messages.contains("events.0.offline must be a boolean value"))
        expectTrue(messages.contains("events.0.timestamp must be a valid ISO 8601 date string"))
        try expectTrue(server.events().isEmpty, "refused batches are not recorded")
    }
}
