import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// `walkscape collect` answering real HTTP requests (curl) as the backend does, and its JSON Lines file.
@Suite(.serialized) struct CollectCLITests {
    /// A collector on a free port writing into a new file; `body` gets the base URL and the file.
    static func withCollector(_ body: (String, String) throws -> Void) throws -> CLIResult {
        try withCollector(options: []) { base, out, _ in try body(base, out) }
    }

    /// A collector started with `options` (through `launcher`, if any); `body` also gets its process.
    static func withCollector(options: [String], launcher: [String] = [], _ body: (String, String, Process) throws -> Void) throws -> CLIResult {
        let out = NSTemporaryDirectory() + "walkscape-collect-\(UUID().uuidString).jsonl"
        defer { unlink(out) }
        let started = try CLI.start(["collect", "--port", "0", "--out", out] + options, launcher: launcher)
        FeedGpsdTests.watchdog(started.0)
        // A failing body must not leave the collector running.
        var finished = false
        defer { if !finished { kill(started.0.processIdentifier, SIGKILL) } }
        let line = try FeedGpsdTests.readLine(started.2)
        let url = try #require(line.split(separator: " ").dropFirst(2).first.map(String.init), "\(line)")
        try body(url.replacingOccurrences(of: "/analytics/events", with: ""), out, started.0)
        kill(started.0.processIdentifier, SIGINT)
        finished = true
        return CLI.finish(started)
    }

    static func post(_ url: String, _ body: String, contentType: String? = "application/json") throws -> (status: Int, body: String) {
        let header = contentType.map { ["-H", "Content-Type: \($0)"] } ?? ["-H", "Content-Type:"]
        let result = try ChildProcess.run(
            ["/usr/bin/curl", "-s", "--max-time", "60", "-o", "-", "-w", "\n%{http_code}", "-X", "POST"] + header + ["--data-binary", body, url])
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    static let event = #"{"name":"tour_started","anonymousId":"a-1","tourId":"t","language":"it","timestamp":"2026-05-09T09:00:00Z","properties":{"k":1}}"#

    @Test func acceptsAValidBatchAndAppendsOneLinePerEvent() throws {
        var written = ""
        let result = try Self.withCollector { base, out in
            let first = try Self.post(base + "/v1/analytics/events", #"{"events":[\#(Self.event),{"name":"point_triggered","pointId":"p1","offline":true}]}"#)
            expectTrue(first.status == 204 && first.body.isEmpty)
            let second = try Self.post(base + "/analytics/events", #"{"events":[{"name":"tour_completed","userId":null}]}"#)
            expectEqual(second.status, 204)
            written = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        }
        expectEqual(result.status, 130)
        let lines = written.split(separator: "\n")
        expectEqual(lines.count, 3)
        expectEqual(lines.first, Substring(Self.event))
        expectEqual(lines.map { (try? JSONParser().parse(Array($0.utf8)))?["name"]?.stringValue }, ["tour_started", "point_triggered", "tour_completed"])
        expectContains(result.stderr, "POST /v1/analytics/events → 204: 2 events (tour_started, point_triggered)", "\(result.stderr)")
        expectTrue(result.stderr.hasSuffix("3 events written to \(result.stderr.split(separator: " ").last!)"))
    }

    @Test func refusesWhatTheBackendRefusesInItsShape() throws {
        var written = "x"
        let result = try Self.withCollector { base, out in
            let unknown = try Self.post(base + "/analytics/events", #"{"events":[{"name":"tour_started","pointIndex":3}]}"#)
            expectEqual(unknown.status, 400)
            #expect(unknown.body == #"{"statusCode":400,"message":["events.0.property pointIndex should not exist"],"error":"Bad Request"}"#)
            let empty = try Self.post(base + "/analytics/events", #"{"events":[]}"#)
            #expect(empty.body == #"{"statusCode":400,"message":["events must contain at least 1 elements"],"error":"Bad Request"}"#)
            let broken = try Self.post(base + "/analytics/events", #"{"events":["#)
            #expect(broken.status == 400 && broken.body.contains(#""message":"Unexpected token in JSON body""#))
            let huge = try Self.post(base + "/analytics/events", #"{"events":[\#(Array(repeating: Self.event, count: 800).joined(separator: ","))]}"#)
            expectEqual(huge.status, 413)
            let elsewhere = try Self.post(base + "/tours", "{}")
            #expect(elsewhere.status == 404 && elsewhere.body.contains(#""message":"Cannot POST /tours""#))
            written = (try? String(contentsOfFile: out, encoding: .utf8)) ?? "missing"
        }
        expectTrue(written.isEmpty)  // created, nothing appended
        expectContains(result.stderr, "→ 400: events.0.property pointIndex should not exist")
    }

    /// The NestJS backend reads a body only when it is sent as JSON: text, a form or no Content-Type gets
    /// `events must be an array`, and nothing is appended.
    /// An endless chunked body (curl uploading /dev/zero, which has no length): 413 as soon as the body passes the
    /// limit, as a sized one gets, and the upload stops there. Before, the collector read it for 15 s (some
    /// 15 GB) before a 408.
    @Test func anEndlessChunkedBodyIsRefusedAsSoonAsItPassesTheLimit() throws {
        _ = try Self.withCollector { base, _ in
            let result = try ChildProcess.run([
                "/usr/bin/curl", "-s", "--max-time", "30", "-o", "/dev/null", "-w", "%{http_code} %{size_upload}", "-X", "POST",
                "-H", "Content-Type: application/json", "-T", "/dev/zero", base + "/analytics/events",
            ])
            let words = result.output.split(separator: " ")
            let status = words.first.flatMap { Int($0) } ?? 0
            let uploaded = words.dropFirst().first.flatMap { Double($0) } ?? .infinity
            print("collect: endless chunked body answered \(status) after \(Int(uploaded)) bytes sent")
            expectEqual(status, 413, "curl: \(result.output)")
            // The limit is 100 KiB; what the sockets' buffers take on the way is not read: a few MB at most.
            expectTrue(uploaded < 16 * 1024 * 1024, "curl sent \(Int(uploaded)) bytes before the answer")
        }
    }

    @Test func refusesABatchNotSentAsJSON() throws {
        var written = "x"
        let batch = #"{"events":[\#(Self.event)]}"#
        let result = try Self.withCollector { base, out in
            for contentType: String? in ["text/plain", "application/x-www-form-urlencoded", nil] {
                let answer = try Self.post(base + "/analytics/events", batch, contentType: contentType)
                expectEqual(answer.status, 400, "\(contentType ?? "none")")
                expectContains(answer.body, "events must be an array", "\(contentType ?? "none"): \(answer.body)")
            }
            written = (try? String(contentsOfFile: out, encoding: .utf8)) ?? "missing"
        }
        expectTrue(written.isEmpty)
        expectContains(result.stderr, "→ 400: nested property events must be either object or array; events must contain at least 1 elements; events must be an array", "\(result.stderr)")
        expectContains(result.stderr, "(the body was sent as text/plain, which the backend does not read: Express reads only JSON, so send the header Content-Type: application/json)", "\(result.stderr)")
    }

    /// Out of descriptors (a limit of 48, 60 clients holding connections open), the collector does not spin
    /// on `accept` = EMFILE: it backs off, so it uses almost no processor time while it waits (measured as the
    /// processor time the kernel counted for it, not by a clock of this process); once idle connections are
    /// closed it serves a new client.
    @Test func outOfDescriptorsItBacksOffAndServesAgainOnceIdleOnesClose() throws {
        var cpuSeconds = -1.0
        var status = 0
        let result = try Self.withCollector(options: ["--idle-timeout", "4", "--max-connections", "1000"], launcher: ["/usr/bin/prlimit", "--nofile=48:48"]) {
            base, _, process in
            let port = try #require(UInt16(base.split(separator: ":").last ?? ""))
            let holders = try (0..<60).map { _ in try RawHTTPConnection(port: port) }
            defer { holders.forEach { $0.close() } }
            // Let the listener reach EMFILE, then count the processor time it spends over a while.
            usleep(300_000)
            let before = try Self.processorSeconds(process.processIdentifier)
            usleep(1_500_000)
            cpuSeconds = try Self.processorSeconds(process.processIdentifier) - before
            status = try Self.post(base + "/analytics/events", #"{"events":[\#(Self.event)]}"#).status
        }
        expectTrue(cpuSeconds >= 0 && cpuSeconds < 0.3, "the collector used \(cpuSeconds) s of processor time in 1.5 s while out of descriptors")
        expectEqual(status, 204, "\(result.stderr)")
        expectEqual(result.status, 130)
    }

    /// Over `--max-connections`, a new connection is answered 503 and closed; the count is reported at the end.
    @Test func overTheConnectionCapANewClientIsAnswered503() throws {
        var statuses: [Int] = []
        let result = try Self.withCollector(options: ["--max-connections", "2"]) { base, _, _ in
            let port = try #require(UInt16(base.split(separator: ":").last ?? ""))
            let first = try RawHTTPConnection(port: port)
            let second = try RawHTTPConnection(port: port)
            // Both are served (each answered), so both hold their places.
            for connection in [first, second] {
                statuses.append(try connection.request(Self.request(#"{"events":[\#(Self.event)]}"#)).status)
            }
            statuses.append(try Self.post(base + "/analytics/events", #"{"events":[\#(Self.event)]}"#).status)
            first.close()
            // The place comes back once the server has seen the close.
            var after = 0
            for _ in 0..<200 where after != 204 {
                after = try Self.post(base + "/analytics/events", #"{"events":[\#(Self.event)]}"#).status
                if after != 204 { usleep(50_000) }
            }
            statuses.append(after)
            second.close()
        }
        expectEqual(statuses, [204, 204, 503, 204], "\(result.stderr)")
        expectContains(result.stderr, "connection(s) answered 503 (over --max-connections)", "\(result.stderr)")
    }

    /// A connection that sends nothing, or trickles a request head, is closed after `--idle-timeout`; a body
    /// that does not end in time is answered 408.
    @Test func idleAndSlowConnectionsAreClosed() throws {
        var silent = "", trickled = "", slowBody = ""
        _ = try Self.withCollector(options: ["--idle-timeout", "0.5"]) { base, _, _ in
            let port = try #require(UInt16(base.split(separator: ":").last ?? ""))
            let a = try RawHTTPConnection(port: port)
            silent = try a.readToEnd()
            let b = try RawHTTPConnection(port: port)
            try b.send("POST /analytics/events HTTP/1.1\r\nHost: x\r\n")
            trickled = try b.readToEnd()
            let c = try RawHTTPConnection(port: port)
            try c.send("POST /analytics/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ev")
            slowBody = try c.readToEnd()
            [a, b, c].forEach { $0.close() }
        }
        expectTrue(silent.isEmpty)
        expectTrue(trickled.isEmpty)
        expectTrue(slowBody.hasPrefix("HTTP/1.1 408 Request Timeout"), "\(slowBody)")
    }

    /// With stderr not read at all (`collect 2>&1 | sleep 30`), every request is still answered: the log lines
    /// are written by their own thread and dropped when the pipe is full, and the count is given at the end.
    @Test func aStderrNobodyReadsDoesNotStopTheAnswers() throws {
        var answered = 0
        var written = 0
        let requests = 6_000
        let result = try Self.withCollector(options: []) { base, out, _ in
            let port = try #require(UInt16(base.split(separator: ":").last ?? ""))
            let connection = try RawHTTPConnection(port: port)
            defer { connection.close() }
            let request = Self.request(#"{"events":[\#(Self.event)]}"#)
            for _ in 0..<requests {
                guard try connection.request(request).status == 204 else { break }
                answered += 1
            }
            written = ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        expectEqual(answered, requests)
        expectEqual(written, requests)
        expectContains(result.stderr, "log line(s) dropped because stderr was not read", "\(result.stderr.suffix(300))")
        expectEqual(result.status, 130)
    }

    /// Numbers from the command line are checked before anything listens: at their type's edges, each is
    /// refused with a usage error naming the range.
    @Test(arguments: [
        (["--idle-timeout", "nan"], "--idle-timeout must be seconds from 0.5 to 86400, got nan."),
        (["--idle-timeout", "0"], "--idle-timeout must be seconds from 0.5 to 86400, got 0."),
        (["--idle-timeout=-1"], "--idle-timeout must be seconds from 0.5 to 86400"),
        (["--idle-timeout", "1e300"], "--idle-timeout must be seconds from 0.5 to 86400"),
        (["--idle-timeout", "inf"], "--idle-timeout must be seconds from 0.5 to 86400"),
        (["--max-connections", "0"], "--max-connections must be 1 to 65536, got 0."),
        (["--max-connections=-1"], "--max-connections must be 1 to 65536, got -1."),
        (["--max-connections", "9223372036854775807"], "--max-connections must be 1 to 65536"),
    ])
    func refusesLimitsOutsideTheirRanges(extra: [String], words: String) throws {
        let out = NSTemporaryDirectory() + "walkscape-collect-\(UUID().uuidString).jsonl"
        let result = try CLI.run(["collect", "--port", "0", "--out", out] + extra, interruptAfter: 60, signal: SIGKILL)
        expectEqual(result.status, 2, "\(extra): \(result.status) \(result.stderr)")
        expectTrue(result.stderr.contains(words), "\(result.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: out))
    }

    static func request(_ body: String) -> String {
        "POST /v1/analytics/events HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// User plus system processor seconds the kernel counted for `pid` (/proc/PID/stat, fields 14 and 15).
    static func processorSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (try #require(Double(fields[11])) + (try #require(Double(fields[12])))) / ticks
    }
}

/// A plain TCP connection to the collector on loopback, for requests curl cannot make (a connection held
/// open, a head trickled, thousands of requests on one connection); every read gives up after 30 s.
final class RawHTTPConnection {
    let descriptor: Int32
    private var buffered: [UInt8] = []

    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessFailure(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw HarnessFailure(description: "connect: \(String(cString: strerror(errno)))")
        }
    }

    func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw HarnessFailure(description: "send: \(String(cString: strerror(errno)))") }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Sends `text` and reads one answer: its status (its body is read by Content-Length and dropped).
    func request(_ text: String) throws -> (status: Int, head: String) {
        try send(text)
        while true {
            if let end = buffered.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: buffered[..<end.lowerBound], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffered.count >= end.upperBound + length {
                    buffered.removeFirst(end.upperBound + length)
                    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
                    return (status, head)
                }
            }
            guard try fill() else { throw HarnessFailure(description: "the connection closed before an answer") }
        }
    }

    /// Everything until the server closes the connection (or 30 s pass, which throws).
    func readToEnd() throws -> String {
        while try fill() {}
        defer { buffered = [] }
        return String(decoding: buffered, as: UTF8.self)
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if n < 0 {
            if errno == ECONNRESET { return false }
            throw HarnessFailure(description: "recv: \(String(cString: strerror(errno))) (no answer in 30 s)")
        }
        buffered += chunk[..<n]
        return n > 0
    }

    func close() {
        Glibc.close(descriptor)
    }
}
