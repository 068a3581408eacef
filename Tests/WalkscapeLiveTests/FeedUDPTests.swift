import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport
import WalkscapeTraces

/// `walkscape feed --to nmea:udp:HOST:PORT`: one datagram per fix, each the fix's two sentences.
@Suite struct FeedUDPTests {
    @Test func oneDatagramPerFix() throws {
        let (path, trace) = try FeedGpsdTests.walk(count: 8)
        defer { unlink(path) }
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try CLI.run(["feed", path, "--to", "nmea:udp:127.0.0.1:\(port)", "--speed", "20"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectTrue(result.stderr.hasPrefix("sent 8 fixes at ×20; at most "), "\(result.stderr)")
        for fix in OutgoingFix.fixes(from: trace) {
            var buffer = [UInt8](repeating: 0, count: 2048)
            let n = recv(fd, &buffer, buffer.count, 0)
            try #require(n > 0)
            expectEqual(String(decoding: buffer[..<n], as: UTF8.self), NMEASentenceWriter.sentences(fix))
        }
    }
}

/// `--loop`: laps follow each other with times shifted forward (span + median interval), until Ctrl-C.
@Suite struct FeedLoopTests {
    @Test func lapsKeepTheClockGoingForward() throws {
        let (path, trace) = try FeedGpsdTests.walk(count: 3)
        defer { unlink(path) }
        let started = try CLI.start(["feed", path, "--to", "stdout", "--speed", "50", "--loop"])
        FeedGpsdTests.watchdog(started.0)  // a loop that ignores Ctrl-C fails the test instead of running on
        let pid = started.0.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { kill(pid, SIGINT) }
        let result = CLI.finish(started)
        expectEqual(result.status, 130, "\(result.stderr)")
        var parser = NMEAParser()
        let back = try parser.parse(Array(result.stdout.utf8)).0
        try #require(back.count >= 9, "\(back.count) fixes in 1.5 s at ×50")
        for i in 0..<back.count {
            // Lap k: the trace's times + k × (2 s span + 1 s interval).
            expectTrue(abs(back.times[i] - (trace.times[i % 3] + Double(i / 3) * 3)) < 0.006)
            expectEqual(back.latitudes[i], back.latitudes[i % 3])
        }
        expectContains(result.stderr, " laps of 3) at ×50;", "\(result.stderr)")
    }
}
