import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
@testable import WalkscapeLive

/// `LiveFixReader` against a scripted gpsd: what it keeps while reading.
@Suite struct LiveFixReaderTests {
    /// Fixes and the end reason, from the reader's thread.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var fixes: [Fix] = []
        private var ending: String?
        private var warnings: [String] = []
        func fix(_ fix: Fix) { lock.withLock { fixes.append(fix) } }
        func end(_ reason: String) { lock.withLock { ending = reason } }
        func warn(_ line: String) { lock.withLock { warnings.append(line) } }
        var snapshot: (fixes: [Fix], ending: String?, warnings: [String]) { lock.withLock { (fixes, ending, warnings) } }

        /// Waits up to `seconds` for the end.
        func waitForEnd(seconds: Double) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            while snapshot.ending == nil, Date() < deadline { usleep(20_000) }
            return snapshot.ending
        }
    }

    @Test func aGpsdNamingANewLongDeviceWithEveryFixDoesNotGrowTheDevicesRemembered() throws {
        let start = 1_778_317_200.0
        // 2,000 fixes, each from a new 200-byte device, then one from an 8 KB name.
        var lines = (0..<2000).map { i in
            ScriptedGpsd.tpv(time: start + Double(i), lat: 48.86, lon: 2.34, device: "/dev/" + String(format: "%05d", i) + String(repeating: "x", count: 190))
        }
        lines.append(ScriptedGpsd.tpv(time: start + 2000, lat: 48.86, lon: 2.34, device: String(repeating: "y", count: 8192)))
        let gpsd = try ScriptedGpsd(lines: lines, keepOpen: true)
        defer { gpsd.stop() }
        let heard = Heard()
        let reader = LiveFixReader(address: .gpsd(host: "127.0.0.1", port: gpsd.port), onFix: { heard.fix($0) }, onEnd: { heard.end($0) })
        try reader.start()
        let deadline = Date().addingTimeInterval(60)
        while heard.snapshot.fixes.count < 2001, Date() < deadline { usleep(20_000) }
        expectEqual(heard.snapshot.fixes.count, 2001)
        expectEqual(reader.devicesRemembered, LiveFixReader.maxDevices)
        reader.stop()
        expectEqual(heard.waitForEnd(seconds: 30), "stopped")
    }
}
