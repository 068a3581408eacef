import Foundation
import Synchronization
import Testing
import WalkscapeTestSupport
import WalkscapeSystem
import WalkscapeTraces
@testable import WalkscapeLive

/// `nmea:pty`'s end: closing the terminal discards what its reader has not read yet, so the sink waits for the
/// reader first (a busy gpsd once lost the walk's last fix so), and does not wait for a reader that is not there.
@Suite struct PseudoTerminalSinkTests {
    static let fix = OutgoingFix(time: 1_778_317_200, lat: 45.0703, lng: 7.6869, altitude: 239, speed: 1.4, course: 45, hdop: 0.8)

    /// Reads `descriptor` until the terminal is closed (end of file or EIO), after `delay` seconds.
    static func readAll(_ descriptor: Int32, after delay: Double) -> [UInt8] {
        usleep(UInt32(delay * 1_000_000))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(descriptor, &buffer, buffer.count)
            if n <= 0 { return bytes }
            bytes += buffer[0..<n]
        }
    }

    @Test func closingWaitsUntilTheReaderHasReadTheLastSentences() throws {
        let sink = try PseudoTerminalSink()
        let reader = open(sink.path, O_RDONLY | O_NOCTTY)
        try #require(reader >= 0, "cannot open \(sink.path)")
        defer { Glibc.close(reader) }
        try sink.send(Self.fix)
        // The reader comes to the line 300 ms later, while `close` is under way.
        let received = Mutex<[UInt8]?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let bytes = Self.readAll(reader, after: 0.3)
            received.withLock { $0 = bytes }
            done.signal()
        }.start()
        sink.close()
        expectEqual(done.wait(timeout: .now() + 10), .success, "the reader never saw the terminal close")
        let text = String(decoding: received.withLock { $0 } ?? [], as: UTF8.self)
        expectEqual(text, NMEASentenceWriter.sentences(Self.fix), "what the reader got: \(text.debugDescription)")
    }

    @Test func closingWithNoReaderDoesNotHang() throws {
        let sink = try PseudoTerminalSink()
        try sink.send(Self.fix)
        let clock = SystemClock.shared
        let before = clock.now()
        sink.close()
        // No byte is ever read: the wait ends 0.5 s after the last progress (2 s at most).
        expectTrue(clock.now() - before < 2.5)
    }
}
