import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
import WalkscapeTraces

/// `walkscape track`: live positions in from a real gpsd fed by gpsd's own regression harness (gpsfake), and
/// from an NMEA stream over TCP (`feed`); on the GPS clock the live timeline is `simulate`'s for the same fixes.
@Suite(.serialized) struct TrackLiveTests {
    static let tour = "tours/paris-ile-de-la-cite"

    /// A synthetic walk of the Paris tour (a fix every 3 s, 3 m of GPS noise) as NMEA, after `preamble` fixes
    /// standing at its start (gpsd drops what gpsfake writes before it opened the device: the preamble takes
    /// that loss, so that the walk itself arrives whole). Returns the log and the walk's first time.
    static func walkLog(preamble: Int) throws -> (path: String, walkStart: Double, walkFixes: Int) {
        let synth = try CLI.run(["synth", tour, "--interval", "3", "--noise", "3", "--seed", "5"])
        try #require(synth.status == 0, "\(synth.stderr)")
        var parser = GPXStreamParser()
        let walk = try parser.parse(Array(synth.stdout.utf8)).0
        var trace = Trace()
        for k in 0..<preamble {
            trace.append(time: walk.times[0] - 3 * Double(preamble - k), lat: walk.latitudes[0], lng: walk.longitudes[0])
        }
        for i in 0..<walk.count { trace.append(time: walk.times[i], lat: walk.latitudes[i], lng: walk.longitudes[i]) }
        let path = NSTemporaryDirectory() + "walkscape-track-\(getpid())-\(UUID().uuidString).nmea"
        try TraceWriter.nmea(trace).write(toFile: path, atomically: true, encoding: .utf8)
        return (path, walk.times[0], walk.count)
    }

    /// The NMEA log from the first sentence at or after `time` (its `$GPGGA`/`$GPRMC` pair kept whole).
    static func trimmed(_ path: String, from time: Double) throws -> String {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\r\n", omittingEmptySubsequences: true)
        let day = ISO8601Time.format(time).prefix(10)
        let clock = ISO8601Time.format(time).dropFirst(11).prefix(8).replacingOccurrences(of: ":", with: "")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("$GPGGA,\(clock).") }) else {
            throw HarnessFailure(description: "no sentence at \(day) \(clock)")
        }
        let out = NSTemporaryDirectory() + "walkscape-track-trimmed-\(getpid())-\(UUID().uuidString).nmea"
        try (lines[start...].joined(separator: "\r\n") + "\r\n").write(toFile: out, atomically: true, encoding: .utf8)
        return out
    }

    /// The first `<time>` of a GPX file.
    static func firstTime(_ gpx: String) throws -> Double {
        let text = try String(contentsOfFile: gpx, encoding: .utf8)
        guard let open = text.range(of: "<trkpt"), let time = text[open.upperBound...].range(of: "<time>"),
              let close = text[time.upperBound...].range(of: "</time>"), let t = ISO8601Time.parse(String(text[time.upperBound..<close.lowerBound])) else {
            throw HarnessFailure(description: "no fix in \(gpx)")
        }
        return t
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsfake") && Gpsd.isInstalled, "gpsfake and gpsd are not installed (Debian gpsd, gpsd-clients)"))
    func gpsfakeIntoGpsdIntoTrackGivesSimulatesTimelineAndTheRecordGivesItAgain() throws {
        let log = try Self.walkLog(preamble: 400)
        defer { unlink(log.path) }
        let record = NSTemporaryDirectory() + "walkscape-track-record-\(getpid()).gpx"
        defer { unlink(record) }
        let port = try Gpsd.freePort()
        // gpsfake starts its own gpsd on the port and writes the log through a pty, 10 ms a sentence, once;
        // -W 3: it ends (and its gpsd with it) 3 s after the log ran out, not after its default 60 s.
        let fake = Process()
        // Through a python3 that clears the signal mask first: the test runner may hand its children one that
        // blocks SIGTERM, and gpsfake ends its gpsd with SIGTERM (a gpsd left running would never close).
        fake.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        fake.arguments = ["-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])", "/usr/bin/gpsfake", "-1", "-q", "-c", "0.01", "-W", "3", "-P", String(port), log.path]
        fake.standardOutput = FileHandle.nullDevice
        fake.standardError = FileHandle.nullDevice
        try fake.run()
        FeedGpsdTests.watchdog(fake)
        defer {
            if fake.isRunning { kill(fake.processIdentifier, SIGKILL) }
            // gpsfake's gpsd can outlive it (gpsfake's cleanup does not always end it): end the one on this port.
            _ = try? ChildProcess.run(["/usr/bin/pkill", "-KILL", "-f", "^/usr/sbin/gpsd -b -N -S \(port) "])
        }
        let deadline = Date().addingTimeInterval(20)
        while !Gpsd.accepts(port) {
            try #require(Date() < deadline, "gpsfake's gpsd did not listen within 20 s")
            usleep(20_000)
        }
        let track = try CLI.start(["track", Self.tour, "--gps", "gpsd://127.0.0.1:\(port)", "--record", record])
        FeedGpsdTests.watchdog(track.0)
        let result = CLI.finish(track)
        expectEqual(result.status, 0, "\(result.stderr)")
        // The walk ends with the source: gpsfake removes its device from gpsd at the end (gpsd's DEVICE report
        // with "activated": 0), or gpsd itself goes away first.
        expectTrue(result.stderr.contains("gpsd: the device /dev/pts/") && result.stderr.contains(" went away")
            || result.stderr.contains("gpsd://127.0.0.1:\(port) closed the connection"), "\(result.stderr)")
        // What gpsd dropped at its start fell in the preamble: the whole walk arrived.
        let first = try Self.firstTime(record)
        expectTrue(first < log.walkStart, "the first fix delivered is \(first - log.walkStart) s into the walk")
        // On the GPS clock the live timeline is simulate's on the same fixes (from the first one delivered).
        let trimmed = try Self.trimmed(log.path, from: first)
        defer { unlink(trimmed) }
        let simulated = try CLI.run(["simulate", Self.tour, "--trace", trimmed])
        expectEqual(simulated.status, 0, "\(simulated.stderr)")
        expectEqual(result.stdout, simulated.stdout)
        expectContains(result.stdout, "\"event\":\"tour_completed\"")
        // The recorded file replays to the same timeline.
        let replayed = try CLI.run(["simulate", Self.tour, "--trace", record])
        expectEqual(replayed.stdout, result.stdout, "\(replayed.stderr)")
    }

    /// `feed --to nmea:tcp:0` on `path` as fast as the reader takes it; returns the process and its port.
    static func feed(_ path: String, speed: String) throws -> ((Process, Pipe, Pipe), Int) {
        let feed = try CLI.start(["feed", path, "--to", "nmea:tcp:0", "--speed", speed])
        FeedGpsdTests.watchdog(feed.0)
        let line = try FeedGpsdTests.readLine(feed.2)
        let port = try #require(Int(line.split(separator: ":").last ?? ""), "\(line)")
        return (feed, port)
    }

    @Test func anNMEAStreamOverTCPGivesSimulatesTimelineInBothFormats() throws {
        let log = try Self.walkLog(preamble: 0)
        defer { unlink(log.path) }
        let expected = try CLI.run(["simulate", Self.tour, "--trace", log.path])
        for format in ["jsonl", "text"] {
            let (feed, port) = try Self.feed(log.path, speed: "0")
            let result = try CLI.run(["track", Self.tour, "--gps", "nmea:tcp://127.0.0.1:\(port)", "--format", format])
            _ = CLI.finish(feed)
            expectEqual(result.status, 0, "\(result.stderr)")
            expectContains(result.stderr, "\(log.walkFixes) fixes\n", "\(result.stderr)")
            expectContains(result.stderr, "played 1,2,3,4,5,6,7 of 7", "\(result.stderr)")
            if format == "jsonl" {
                expectEqual(result.stdout, expected.stdout)
            } else {
                // The same events, in simulate's text columns at fixed widths.
                let rows = result.stdout.split(separator: "\n")
                expectTrue(rows.first?.hasPrefix("     TIME  EVENT") == true, "\(rows.first ?? "")")
                expectEqual(rows.count, expected.stdout.split(separator: "\n").count + 1)
                expectTrue(rows.last?.contains("tour_completed") == true)
            }
        }
    }

    @Test func aRecordingKilledMidWalkIsAValidGPXThatInspectReads() throws {
        let log = try Self.walkLog(preamble: 0)
        defer { unlink(log.path) }
        let record = NSTemporaryDirectory() + "walkscape-track-killed-\(getpid()).gpx"
        defer { unlink(record) }
        let (feed, port) = try Self.feed(log.path, speed: "30")
        defer { if feed.0.isRunning { kill(feed.0.processIdentifier, SIGKILL) } }
        let track = try CLI.start(["track", Self.tour, "--gps", "nmea:tcp://127.0.0.1:\(port)", "--record", record])
        FeedGpsdTests.watchdog(track.0)
        // SIGKILL once some fixes are in the file, mid-walk.
        let deadline = Date().addingTimeInterval(30)
        while ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").components(separatedBy: "<trkpt").count < 25 {
            try #require(Date() < deadline, "no fixes recorded within 30 s")
            usleep(20_000)
        }
        kill(track.0.processIdentifier, SIGKILL)
        track.0.waitUntilExit()
        let inspected = try CLI.run(["inspect", record])
        expectEqual(inspected.status, 0, "\(inspected.stderr)")
        let recorded = try String(contentsOfFile: record, encoding: .utf8).components(separatedBy: "<trkpt").count - 1
        expectTrue(recorded >= 24 && recorded < log.walkFixes)
        expectTrue(inspected.stdout.contains("\(recorded) fixes") || inspected.stdout.contains("fixes: \(recorded)") || inspected.stdout.contains("\(recorded)"), "\(inspected.stdout)")
        try expectTrue(String(contentsOfFile: record, encoding: .utf8).hasSuffix("</gpx>\n"))
    }

    /// The synthetic Paris walk (a fix every 3 s, 3 m of noise) as GPX, and its fixes.
    static func walkGPX() throws -> (path: String, trace: Trace) {
        let synth = try CLI.run(["synth", tour, "--interval", "3", "--noise", "3", "--seed", "5"])
        try #require(synth.status == 0, "\(synth.stderr)")
        var parser = GPXStreamParser()
        let walk = try parser.parse(Array(synth.stdout.utf8)).0
        let path = NSTemporaryDirectory() + "walkscape-track-\(getpid())-\(UUID().uuidString).gpx"
        try synth.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, walk)
    }

    /// Issue 27 item 19: one fix dated 2096 before a normal walk no longer silences it: the fix is dropped with
    /// a warning, counted, and the walk plays as simulate's, on either clock.
    @Test func aFixDated2096IsDroppedWithAWarningAndTheWalkGoesOn() throws {
        let walk = try Self.walkGPX()
        defer { unlink(walk.path) }
        let expected = try CLI.run(["simulate", Self.tour, "--trace", walk.path])
        let lines = [ScriptedGpsd.tpv(time: 3_987_392_400, lat: walk.trace.latitudes[0], lon: walk.trace.longitudes[0])]
            + (0..<walk.trace.count).map { ScriptedGpsd.tpv(time: walk.trace.times[$0], lat: walk.trace.latitudes[$0], lon: walk.trace.longitudes[$0]) }
        for clock in ["gps", "wall"] {
            let gpsd = try ScriptedGpsd(lines: lines)
            defer { gpsd.stop() }
            let track = try CLI.start(["track", Self.tour, "--gps", "gpsd://127.0.0.1:\(gpsd.port)", "--clock", clock])
            FeedGpsdTests.watchdog(track.0)
            let result = CLI.finish(track)
            expectEqual(result.status, 0, "\(result.stderr)")
            expectTrue(result.stderr.contains(
                "walkscape track: warning: gpsd://127.0.0.1:\(gpsd.port): dropped a fix dated 2096-05-09T09:00:00Z: 70 years from the other fixes' time"),
                "\(result.stderr)")
            expectContains(result.stderr, "\n\(walk.trace.count) fixes (1 dropped: far from the others' time)\n", "\(result.stderr)")
            if clock == "gps" { expectEqual(result.stdout, expected.stdout) }
        }
    }

    /// Issue 46, item 3: three consecutive reports dated 2099 a third of the way into the walk no longer take
    /// the clock 73 years ahead and silence the rest: they are dropped and the walk plays as simulate's.
    @Test func threeReportsDated2099MidWalkAreDroppedAndTheWalkPlaysOn() throws {
        let walk = try Self.walkGPX()
        defer { unlink(walk.path) }
        let expected = try CLI.run(["simulate", Self.tour, "--trace", walk.path])
        let third = walk.trace.count / 3
        var lines = (0..<walk.trace.count).map { ScriptedGpsd.tpv(time: walk.trace.times[$0], lat: walk.trace.latitudes[$0], lon: walk.trace.longitudes[$0]) }
        lines.insert(contentsOf: (0..<3).map { ScriptedGpsd.tpv(time: 4_080_000_000 + Double($0), lat: walk.trace.latitudes[third], lon: walk.trace.longitudes[third]) }, at: third)
        let gpsd = try ScriptedGpsd(lines: lines)
        defer { gpsd.stop() }
        let result = try CLI.run(["track", Self.tour, "--gps", "gpsd://127.0.0.1:\(gpsd.port)"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(result.stdout, expected.stdout)
        expectContains(result.stderr, ": dropped 3 fixes dated from 2099-04-16T", "\(result.stderr)")
        expectContains(result.stderr, "\n\(walk.trace.count) fixes (3 dropped: far from the others' time)\n", "\(result.stderr)")
    }

    /// Issue 45, item 7: a walk dated 1024 GPS weeks ahead (a week rollover in the receiver or gpsd) plays, with
    /// one warning that names the rollover, and the record keeps the fixes' dates as they came.
    @Test func aWalkDatedAGPSWeekRolloverAheadIsWarnedAboutOnce() throws {
        let walk = try Self.walkGPX()
        defer { unlink(walk.path) }
        let ahead = Date().timeIntervalSince1970 + LiveDateCheck.rolloverSeconds - walk.trace.times[0]
        let lines = (0..<walk.trace.count).map { ScriptedGpsd.tpv(time: walk.trace.times[$0] + ahead, lat: walk.trace.latitudes[$0], lon: walk.trace.longitudes[$0]) }
        let gpsd = try ScriptedGpsd(lines: lines)
        defer { gpsd.stop() }
        let record = NSTemporaryDirectory() + "walkscape-rollover-\(getpid()).gpx"
        defer { unlink(record) }
        let result = try CLI.run(["track", Self.tour, "--gps", "gpsd://127.0.0.1:\(gpsd.port)", "--record", record])
        expectEqual(result.status, 0, "\(result.stderr)")
        let warning = "walkscape track: warning: gpsd://127.0.0.1:\(gpsd.port): the fixes are dated "
        expectEqual(result.stderr.components(separatedBy: warning).count - 1, 1, "\(result.stderr)")
        expectContains(result.stderr, ", 19.6 years after the system clock (1024 GPS weeks): a GPS week rollover in the receiver or in gpsd", "\(result.stderr)")
        expectContains(result.stdout, "tour_completed", "\(result.stdout)")
        let recorded = try JSONParser().parse(try CLI.run(["inspect", "--json", record]).stdout)
        expectEqual(recorded["firstTime"]?.stringValue.map { String($0.prefix(4)) }, String(ISO8601Time.format(walk.trace.times[0] + ahead).prefix(4)))
    }

    /// Issue 26: positions far from the tour get simulate's warning when the first fixes arrive, and again
    /// when the receiver jumps away after fixes near the tour.
    @Test func positionsFarFromTheTourAreWarnedAboutFirstAndAfterAJump() throws {
        let walk = try Self.walkGPX()
        defer { unlink(walk.path) }
        let t0 = walk.trace.times[0]
        let sydney = (0..<5).map { ScriptedGpsd.tpv(time: t0 + Double($0), lat: -33.8568, lon: 151.2153) }
        let near = (5..<15).map { ScriptedGpsd.tpv(time: t0 + Double($0), lat: walk.trace.latitudes[0], lon: walk.trace.longitudes[0]) }
        let away = Geodesy.destination(from: LatLng(lat: walk.trace.latitudes[0], lng: walk.trace.longitudes[0]), bearing: 0, distance: 50_000)
        let jumped = (15..<18).map { ScriptedGpsd.tpv(time: t0 + Double($0), lat: away.lat, lon: away.lng) }
        let gpsd = try ScriptedGpsd(lines: sydney + near + jumped)
        defer { gpsd.stop() }
        let result = try CLI.run(["track", Self.tour, "--gps", "gpsd://127.0.0.1:\(gpsd.port)"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let source = "walkscape track: warning: gpsd://127.0.0.1:\(gpsd.port): "
        expectTrue(result.stderr.contains(source + "the positions are not within 1 km of the tour's points or route: the first fix ("), "\(result.stderr)")
        expectContains(result.stderr, " km away; is the receiver somewhere else?\n", "\(result.stderr)")
        expectTrue(result.stderr.contains(source + "the positions left the tour: the fix at "), "\(result.stderr)")
        expectContains(result.stderr, " km from its points and route (more than 1 km); did the receiver jump?\n", "\(result.stderr)")
        expectContains(result.stderr, "\n18 fixes\n", "\(result.stderr)")
    }

    /// Issue 26: gpsd keeps a network device whose writer left and says nothing; the walk ends after
    /// `--idle-timeout` seconds of silence, with tour_incomplete and the reason, instead of waiting for Ctrl-C.
    @Test(.enabled(if: Gpsd.isInstalled, "gpsd and gpspipe are not installed (Debian gpsd, gpsd-clients)"))
    func aReceiverThatFallsSilentEndsTheWalkAfterTheIdleTimeout() throws {
        // The walk's first 30 fixes (90 s at the first point), fed at ×30 over TCP into a real gpsd.
        let walk = try Self.walkGPX()
        defer { unlink(walk.path) }
        var start = Trace()
        for i in 0..<30 { start.append(time: walk.trace.times[i], lat: walk.trace.latitudes[i], lng: walk.trace.longitudes[i]) }
        let path = NSTemporaryDirectory() + "walkscape-track-silent-\(getpid())-\(UUID().uuidString).gpx"
        try TraceWriter.gpx(start, name: "silent").write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let (feed, feedPort) = try Self.feed(path, speed: "30")
        defer { if feed.0.isRunning { kill(feed.0.processIdentifier, SIGKILL) } }
        let gpsd = try Gpsd()
        defer { gpsd.stop() }
        let track = try CLI.start(["track", Self.tour, "--gps", "gpsd://127.0.0.1:\(gpsd.port)", "--idle-timeout", "5"])
        FeedGpsdTests.watchdog(track.0)
        // track is watching once it says it reads gpsd (it connects and sends WATCH before that line; a fixed
        // 300 ms wait was too short for a track started at nice 10 in a busy pool); then gpsd opens feed's
        // port and feed's clock starts.
        let reading = try FeedGpsdTests.readLine(track.2)
        expectTrue(reading.hasPrefix("walkscape track: reading gpsd://"), "\(reading)")
        try gpsd.add("tcp://127.0.0.1:\(feedPort)")
        let fed = CLI.finish(feed)
        expectEqual(fed.status, 0, "\(fed.stderr)")
        let began = Date()
        let result = CLI.finish(track)
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stderr, "walkscape track: nothing came from gpsd://127.0.0.1:\(gpsd.port) for 5 s (--idle-timeout): the receiver went silent\n",
            "\(result.stderr)")
        expectContains(result.stdout, "\"event\":\"point_triggered\"", "\(result.stdout)")
        expectTrue(result.stdout.split(separator: "\n").last?.contains("\"event\":\"tour_incomplete\"") == true, "\(result.stdout)")
        expectContains(result.stderr, "; tour_incomplete (next 2", "\(result.stderr)")
        // It ended on its own, not by the watchdog's SIGKILL at 60 s.
        expectTrue(Date().timeIntervalSince(began) < 50)
    }

    @Test func aSourceThatCannotBeReachedOrNamedFailsAtOnceWithOneLine() throws {
        let port = try Gpsd.freePort()
        let refused = try CLI.run(["track", Self.tour, "--gps", "gpsd://127.0.0.1:\(port)"])
        expectEqual(refused.status, 1)
        expectEqual(refused.stderr, "--gps gpsd://127.0.0.1:\(port): cannot connect to 127.0.0.1:\(port): Connection refused\n")
        for (bad, message) in [
            ("gpsd://", "no host"), ("nmea:tcp://127.0.0.1", "no port"), ("gpsd://host:99999", "the port must be a number from 1 to 65535"),
            ("serial:/dev/ttyUSB0", "expected gpsd://HOST[:PORT]"),
        ] {
            let result = try CLI.run(["track", Self.tour, "--gps", bad])
            expectEqual(result.status, 2, "\(bad)")
            expectTrue(result.stderr.contains(message), "\(bad): \(result.stderr)")
        }
        let noGPS = try CLI.run(["track", Self.tour])
        expectTrue(noGPS.status == 2 && noGPS.stderr.contains("--gps"))
        let wrongClock = try CLI.run(["track", Self.tour, "--gps", "gpsd://127.0.0.1", "--clock", "utc"])
        expectTrue(wrongClock.status == 2 && wrongClock.stderr.contains("--clock must be gps or wall"))
        for idle in ["0", "nan", "1e9"] {
            let wrongIdle = try CLI.run(["track", Self.tour, "--gps", "gpsd://127.0.0.1", "--idle-timeout", idle])
            expectTrue(wrongIdle.status == 2 && wrongIdle.stderr.contains("--idle-timeout must be seconds from 0.5 to 86400"), "\(idle): \(wrongIdle.stderr)")
        }
    }
}
