import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
import WalkscapeTraces

/// `walkscape feed` into a real gpsd (Debian gpsd 3.22 here) on loopback: through a pseudo-terminal, as a
/// serial receiver, and over TCP; gpspipe reads the TPV reports back, compared with the trace fix by fix.
@Suite(.serialized, .enabled(if: Gpsd.isInstalled, "gpsd and gpspipe are not installed (Debian gpsd, gpsd-clients)"))
struct FeedGpsdTests {
    /// `count` fixes a second apart walking north-east then east, with elevations, accuracies, one standing
    /// still; written as GPX without speeds or courses (feed derives them).
    static func walk(count: Int) throws -> (path: String, trace: Trace) {
        var trace = Trace()
        var here = LatLng(lat: 45.0703, lng: 7.6869)
        for k in 0..<count {
            trace.append(time: 1_778_317_200 + Double(k), lat: here.lat, lng: here.lng, elevation: 239 + Float(k % 3), accuracy: 6)
            let still = k == count / 2
            here = Geodesy.destination(from: here, bearing: k < count / 2 ? 45 : 90, distance: still ? 0 : 1.2 + Double(k % 4) * 0.3)
        }
        let path = NSTemporaryDirectory() + "walkscape-feed-\(getpid())-\(count)-\(UUID().uuidString).gpx"
        let text = TraceWriter.gpx(trace, name: "feed test")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // The trace as feed reads it (positions to the file's 1e-7°).
        var parser = GPXStreamParser()
        return (path, try parser.parse(Array(text.utf8)).0)
    }

    /// Every fix has a TPV with the same time, and the position, speed, course and altitude feed sent.
    static func compare(_ reports: [Gpsd.Report], with trace: Trace, skippingFirst allowed: Int = 0) {
        let expected = OutgoingFix.fixes(from: trace)
        var byTime: [Double: Gpsd.Report] = [:]
        for report in reports where report.mode >= 2 { byTime[(report.time * 100).rounded() / 100] = report }
        var missing: [Int] = []
        for (i, fix) in expected.enumerated() {
            guard let report = byTime[(fix.time * 100).rounded() / 100] else {
                missing.append(i)
                continue
            }
            expectTrue(abs(report.lat - fix.lat) < 1e-6, "fix \(i) latitude")
            expectTrue(abs(report.lon - fix.lng) < 1e-6, "fix \(i) longitude")
            expectTrue(abs((report.speed ?? .nan) - fix.speed) < 0.006, "fix \(i) speed \(String(describing: report.speed)) against \(fix.speed)")
            if fix.speed > 0 { expectTrue(abs((report.track ?? .nan) - fix.course) < 0.051, "fix \(i) course") }
            expectTrue(abs((report.altitude ?? .nan) - fix.altitude) < 0.051, "fix \(i) altitude")
            expectEqual(report.mode, 3, "fix \(i) is a 3D fix")
        }
        // gpsd may drop what it read before it finished opening the device, never a later fix.
        expectTrue(missing.allSatisfy { $0 < allowed }, "fixes without a TPV report: \(missing)")
    }

    @Test func ptyFeedsGpsdLikeASerialReceiver() throws {
        let (path, trace) = try Self.walk(count: 12)
        defer { unlink(path) }
        let gpsd = try Gpsd()
        defer { gpsd.stop() }
        let feed = try CLI.start(["feed", path, "--to", "nmea:pty", "--speed", "4"])
        Self.watchdog(feed.0)
        // The first status line names the device; gpsd then opens it and the replay starts.
        let device = try Self.readLine(feed.2).replacingOccurrences(of: "nmea:pty: ", with: "")
        expectTrue(device.hasPrefix("/dev/pts/"))
        try gpsd.add(device)
        let result = CLI.finish(feed)
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stderr, "sent 12 fixes at ×4", "\(result.stderr)")
        gpsd.waitForReports(12, timeout: 5)
        Self.compare(gpsd.reports, with: trace)
    }

    @Test func tcpFeedsGpsdAndSpeedTenKeepsTheSpacing() throws {
        let (path, trace) = try Self.walk(count: 40)
        defer { unlink(path) }
        let feed = try CLI.start(["feed", path, "--to", "nmea:tcp:0", "--speed", "10"])
        Self.watchdog(feed.0)
        let line = try Self.readLine(feed.2)
        let port = try #require(Int(line.split(separator: ":").last ?? ""), "\(line)")
        // gpsd connects to the TCP source as a client (its -n opens it at once); feed's clock starts then.
        let gpsd = try Gpsd(devices: ["tcp://127.0.0.1:\(port)"])
        defer { gpsd.stop() }
        let result = CLI.finish(feed)
        expectEqual(result.status, 0, "\(result.stderr)")
        gpsd.waitForReports(40, timeout: 5)
        let reports = gpsd.reports
        Self.compare(reports, with: trace, skippingFirst: 2)
        // The spacing on the receiving side: gpspipe's receipt times of consecutive fixes, over the whole
        // replay (3.9 s at ×10), and the median gap; both within 10 % of 0.1 s.
        let received = reports.filter { $0.mode >= 2 }.map(\.received)
        try #require(received.count >= 38)
        let span = received.last! - received.first!
        let expected = Double(received.count - 1) * 0.1
        expectTrue(abs(span - expected) / expected < 0.10, "\(received.count) reports over \(span) s, expected \(expected) s")
        let gaps = zip(received.dropFirst(), received).map { $0 - $1 }.sorted()
        expectTrue(abs(gaps[gaps.count / 2] - 0.1) < 0.01, "median gap \(gaps[gaps.count / 2]) s")
    }

    /// Kills `process` if it still runs after 60 s (gpsd never opened the device: the test fails, not hangs).
    static func watchdog(_ process: Process) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { kill(pid, SIGKILL) } }
    }

    static func readLine(_ pipe: Pipe) throws -> String {
        var line = Data()
        while true {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { throw HarnessFailure(description: "feed ended before its status line: \(String(decoding: line, as: UTF8.self))") }
            if byte == Data("\n".utf8) { return String(decoding: line, as: UTF8.self) }
            line += byte
        }
    }
}
