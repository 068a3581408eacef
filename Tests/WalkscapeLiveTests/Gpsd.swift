import Foundation
import WalkscapeCore
import WalkscapeTestSupport

/// A private gpsd on loopback for one test (no system socket, no hotplug), a `gpspipe -w -uu` watching it,
/// and the TPV reports it saw with the moments gpspipe received them.
final class Gpsd {
    let port: Int
    let controlSocket: String
    let daemon = Process()
    let pipe = Process()
    private let lines = LockedLines()

    /// Whether gpsd and gpspipe are installed (Debian gpsd, gpsd-clients).
    static var isInstalled: Bool {
        ["/usr/sbin/gpsd", "/usr/bin/gpspipe"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts gpsd with `devices` (none: add them later with `add`), read-only (`-b`: no probes written),
    /// then gpspipe, and waits until gpspipe is watching.
    init(devices: [String] = []) throws {
        port = try Self.freePort()
        controlSocket = NSTemporaryDirectory() + "walkscape-gpsd-\(getpid())-\(port).sock"
        daemon.executableURL = URL(fileURLWithPath: "/usr/sbin/gpsd")
        daemon.arguments = ["-N", "-n", "-b", "-S", String(port), "-F", controlSocket] + devices
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // gpsd is ready when its port answers.
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port) {
            guard Date() < deadline else { throw HarnessFailure(description: "gpsd did not listen on \(port) within 10 s") }
            usleep(20_000)
        }
        pipe.executableURL = URL(fileURLWithPath: "/usr/bin/gpspipe")
        pipe.arguments = ["-w", "-uu", "127.0.0.1:\(port)"]
        let out = Pipe()
        pipe.standardOutput = out
        pipe.standardError = FileHandle.nullDevice
        try pipe.run()
        let lines = self.lines
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending += chunk
                while let newline = pending.firstIndex(of: 0x0A) {
                    lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[(newline + 1)...])
                }
            }
        }
        // Watching once gpsd has answered the WATCH that gpspipe sends.
        while !lines.snapshot.contains(where: { $0.contains("\"class\":\"WATCH\"") }) {
            guard Date() < deadline else { throw HarnessFailure(description: "gpspipe saw no WATCH answer within 10 s") }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// Adds a device through gpsd's control socket (`+PATH`), as gpsdctl does.
    func add(_ device: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in controlSocket.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw HarnessFailure(description: "cannot connect to gpsd's control socket") }
        let command = Array("+\(device)\r\n".utf8)
        _ = command.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var answer = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &answer, answer.count)
        guard n > 0, String(decoding: answer[..<n], as: UTF8.self).hasPrefix("OK") else {
            throw HarnessFailure(description: "gpsd refused the device \(device)")
        }
    }

    /// One TPV report: what gpsd made of a fix, and when gpspipe received it.
    struct Report {
        var received: Double
        var time: Double
        var lat: Double
        var lon: Double
        var speed: Double?
        var track: Double?
        var altitude: Double?
        var mode: Int
    }

    /// The TPV reports with a position seen so far.
    var reports: [Report] {
        lines.snapshot.compactMap { line in
            // `-uu` lines: "2026-11-25 03:45:21 1795578321.648441: {json}".
            guard let separator = line.range(of: ": {"),
                  let received = Double(line[..<separator.lowerBound].split(separator: " ").last ?? "") else { return nil }
            let json = line[line.index(before: separator.upperBound)...]
            guard let value = try? JSONParser().parse(Array(json.utf8)), value["class"]?.stringValue == "TPV",
                  let time = value["time"]?.stringValue.flatMap({ ISO8601Time.parse($0) }),
                  let lat = value["lat"]?.doubleValue, let lon = value["lon"]?.doubleValue else { return nil }
            return Report(
                received: received, time: time, lat: lat, lon: lon, speed: value["speed"]?.doubleValue, track: value["track"]?.doubleValue,
                altitude: (value["altMSL"] ?? value["alt"])?.doubleValue, mode: value["mode"]?.intValue ?? 0)
        }
    }

    /// Waits until `count` reports arrived or `timeout` seconds passed.
    func waitForReports(_ count: Int, timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        while reports.count < count, Date() < deadline { usleep(50_000) }
    }

    func stop() {
        // SIGKILL: a test runner may hand its children a mask that blocks SIGTERM.
        for process in [pipe, daemon] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        unlink(controlSocket)
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw HarnessFailure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// Lines shared between the reading thread and the test.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var snapshot: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
