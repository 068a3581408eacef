import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
import WalkscapeTraces

/// `walkscape feed --to android-emulator:PORT` against a console that follows the emulator's protocol.
@Suite struct FeedEmulatorTests {
    /// A home directory whose `.emulator_console_auth_token` holds `token` (none when nil).
    static func home(token: String?) throws -> String {
        let home = NSTemporaryDirectory() + "walkscape-emu-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        if let token { try (token + "\n").write(toFile: home + "/.emulator_console_auth_token", atomically: true, encoding: .utf8) }
        return home
    }

    @Test func acceptedTokenThenOneGeoFixPerFix() throws {
        let (path, trace) = try FeedGpsdTests.walk(count: 6)
        defer { unlink(path) }
        let console = try ScriptedEmulatorConsole(token: "s3cr3tT0ken")
        let home = try Self.home(token: "s3cr3tT0ken")
        let result = try CLI.run(["feed", path, "--to", "android-emulator:\(console.port)", "--speed", "20"], environment: ["HOME": home])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stderr, "android-emulator:\(console.port): connected, authenticated")
        let lines = console.lines()
        expectEqual(lines.first, "auth s3cr3tT0ken")
        expectEqual(lines.last, "quit")
        let fixes = lines.filter { $0.hasPrefix("geo fix ") }
        expectEqual(fixes.count, trace.count)
        for (line, fix) in zip(fixes, OutgoingFix.fixes(from: trace)) {
            // geo fix LONGITUDE LATITUDE ALTITUDE SATELLITES VELOCITY(knots)
            let v = line.split(separator: " ").dropFirst(2).compactMap { Double($0) }
            expectEqual(v.count, 5, "\(line)")
            guard v.count == 5 else { continue }
            expectTrue(abs(v[0] - fix.lng) < 1e-7 && abs(v[1] - fix.lat) < 1e-7, "\(line)")
            expectTrue(abs(v[2] - fix.altitude) < 0.051)
            expectEqual(v[3], 8)
            expectTrue(abs(v[4] - fix.speed * 3600 / 1852) < 0.006, "\(line)")
        }
    }

    @Test func refusedTokenIsOneClearError() throws {
        let (path, _) = try FeedGpsdTests.walk(count: 3)
        defer { unlink(path) }
        let console = try ScriptedEmulatorConsole(token: "right")
        let home = try Self.home(token: "wrong")
        let result = try CLI.run(["feed", path, "--to", "android-emulator:\(console.port)"], environment: ["HOME": home])
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "android-emulator:\(console.port): the console refused the token in \(home)/.emulator_console_auth_token (KO: authentication token does not match ~/.emulator_console_auth_token); is it this emulator's user?\n")
        expectTrue(!console.lines().contains { $0.hasPrefix("geo fix") })
    }

    @Test func missingTokenFileSaysWhatToDo() throws {
        let (path, _) = try FeedGpsdTests.walk(count: 3)
        defer { unlink(path) }
        let console = try ScriptedEmulatorConsole(token: "right")
        let home = try Self.home(token: nil)
        let result = try CLI.run(["feed", path, "--to", "android-emulator:\(console.port)"], environment: ["HOME": home])
        expectEqual(result.status, 1)
        expectContains(result.stderr, "\(home)/.emulator_console_auth_token cannot be read; start the emulator once as this user to create it")
    }

    @Test func noConsoleListening() throws {
        let (path, _) = try FeedGpsdTests.walk(count: 3)
        defer { unlink(path) }
        let port = try Gpsd.freePort()
        let result = try CLI.run(["feed", path, "--to", "android-emulator:\(port)"])
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "android-emulator: cannot connect to 127.0.0.1:\(port): Connection refused\n")
    }

    @Test(arguments: ["nmea", "nmea:serial", "nmea:tcp:99999", "nmea:udp:host", "android-emulator:0", "nmea:tcp::5"])
    func badDestinationsAreUsageErrors(_ destination: String) throws {
        let result = try CLI.run(["feed", "fixtures/traces/torino-portici-clean.gpx", "--to", destination])
        expectEqual(result.status, 2)
        expectContains(result.stderr, "--to \(destination):", "\(result.stderr)")
    }

    /// A speed so small that the second fix would never go out (1e-308 was taken) is refused with the range,
    /// and so is one above 10000; 0 (as fast as possible) and 0.01 are taken.
    @Test(arguments: ["1e-308", "0.009", "-1", "10001", "nan"])
    func aSpeedOutsideItsRangeIsRefused(speed: String) throws {
        let (path, _) = try FeedGpsdTests.walk(count: 2)
        defer { unlink(path) }
        let result = try CLI.run(["feed", path, "--to", "stdout", "--speed", speed])
        expectEqual(result.status, 2, "\(result.stderr)")
        expectContains(result.stderr, "--speed must be 0 (as fast as possible) or a factor from 0.01 to 10000, got ")
        expectEqual(result.stdout, "")
    }

    @Test func stdoutCarriesNMEAWithSpeedAndCourse() throws {
        let (path, trace) = try FeedGpsdTests.walk(count: 5)
        defer { unlink(path) }
        let result = try CLI.run(["feed", path, "--to", "stdout", "--speed", "0", "--from", "2"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(result.stdout, NMEASentenceWriter.log(Array(OutgoingFix.fixes(from: trace)[2...])))
        expectTrue(result.stderr.hasPrefix("sent 3 fixes as fast as possible; at most ") && result.stderr.hasSuffix(" ms late\n"), "\(result.stderr)")
    }
}
