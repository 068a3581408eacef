import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeTraces

/// Reads live positions from a gpsd or an NMEA stream on its own thread and hands each fix on as it arrives.
///
/// gpsd: after connecting it sends `?WATCH={"enable":true,"json":true}` and reads the JSON reports; each TPV
/// with a 2D/3D fix becomes a fix (`GPSDReport`). Every fix then passes a `FixTimeGate`: a fix repeating the
/// time of the last one (gpsd may report an epoch more than once as its sentences arrive) is skipped, an older
/// one is dropped and counted, and one far from the others' time is dropped with a warning (`onWarning`). NMEA: the bytes go
/// through the same `NMEAParser` that reads `.nmea` files, which hands a fix over as soon as its second is
/// complete (an RMC and a GGA of it arrived, or the sentence that ends the receiver's cycle, learnt from the
/// stream), else when the next second begins or the stream ends. The stream ends when the peer closes, the connection fails, or `stop`
/// is called, or (gpsd) when gpsd reports that every device the fixes came from went away (a `DEVICE` report
/// with `"activated": 0`, as when a receiver is unplugged), or when nothing at all came for `idleTimeout`
/// seconds (gpsd keeps a network or pty device whose writer left, and says nothing); `onEnd` says which, once.
public final class LiveFixReader: @unchecked Sendable {
    public let address: GPSSourceAddress
    /// Seconds without a byte from the source after which the stream ends (nil: never).
    public let idleTimeout: Double?
    private let onFix: @Sendable (Fix) -> Void
    private let onEnd: @Sendable (String) -> Void
    private let onWarning: @Sendable (String) -> Void
    /// Signalled once the reader thread has ended (its counts are final then).
    private let ended = DispatchSemaphore(value: 0)
    private var started = false
    /// Fixes dropped by the time gate: older than the one before, far from the others' time.
    private var olderFixes = 0
    private var farFixes = 0
    /// The NMEA parser's warnings when the stream ended (bad checksums, void fixes, lines that are not sentences).
    private var streamWarnings: [String] = []
    private let lock = NSLock()
    private var fd: Int32 = -1
    private var stopping = false
    private var thread: Thread?
    /// The most gpsd device names remembered (to end the walk when the last of them goes away): a receiver or
    /// two in practice; a gpsd naming a new device with every fix cannot grow the reader's memory.
    static let maxDevices = 16
    /// The device names remembered so far (at most `maxDevices`).
    private var deviceCount = 0
    /// Lines (gpsd) or sentences the reader could not use, for the closing report.
    private var unreadable = 0
    private var firstProblem: String?

    /// A reader of `address` that calls `onFix` with each fix, `onWarning` with each line worth saying while
    /// the walk goes on (fixes dropped for their time), and `onEnd` with why the stream ended.
    public init(
        address: GPSSourceAddress, idleTimeout: Double? = nil, onFix: @escaping @Sendable (Fix) -> Void,
        onWarning: @escaping @Sendable (String) -> Void = { _ in }, onEnd: @escaping @Sendable (String) -> Void
    ) {
        self.address = address
        self.idleTimeout = idleTimeout
        self.onFix = onFix
        self.onWarning = onWarning
        self.onEnd = onEnd
    }

    /// Connects (so that a refused or unresolvable address fails here, at once, with one line) and starts reading.
    public func start() throws(LiveError) {
        let socket: Int32
        switch address {
        case let .gpsd(host, port):
            socket = try SocketAddress.connect(host, port, what: "--gps \(address.description)")
            let request = GPSDReport.watchRequest
            guard FileDescriptorWriting.writeAll(request, to: socket, within: 5, socket: true) else {
                close(socket)
                throw LiveError("--gps \(address.description): the connection closed before the WATCH request; is gpsd listening there?")
            }
        case let .nmeaTCP(host, port):
            socket = try SocketAddress.connect(host, port, what: "--gps \(address.description)")
        }
        lock.withLock {
            fd = socket
            started = true
        }
        let thread = Thread { [self] in self.read(socket) }
        thread.name = "walkscape gps reader"
        self.thread = thread
        thread.start()
    }

    /// Stops reading (the reader thread sees the end and calls `onEnd` with "stopped").
    public func stop() {
        lock.withLock {
            stopping = true
            if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Waits up to `seconds` for the reader thread to end after `stop` or the source's end (at once when it
    /// never started), so that the counts are final.
    public func waitUntilEnded(seconds: Double) {
        guard lock.withLock({ started }) else { return }
        if ended.wait(timeout: .now() + seconds) == .success { ended.signal() }
    }

    /// Lines or sentences that could not be used so far, and the first one's reason.
    public var problems: (count: Int, first: String?) { lock.withLock { (unreadable, firstProblem) } }

    /// Fixes dropped so far for their time: older than the one before, and far from the others' time.
    public var droppedFixes: (older: Int, far: Int) { lock.withLock { (olderFixes, farFixes) } }

    /// What the NMEA parser counted over the whole stream (bad checksums, void fixes, lines that are not
    /// sentences), one line a kind; empty until the stream ended, and for gpsd.
    public var nmeaWarnings: [String] { lock.withLock { streamWarnings } }

    /// The gpsd device names remembered now (at most `maxDevices`).
    var devicesRemembered: Int { lock.withLock { deviceCount } }

    private func note(_ problem: String) {
        lock.withLock {
            unreadable += 1
            if firstProblem == nil { firstProblem = problem }
        }
    }

    private func read(_ socket: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var gpsdLines = LineSplitter(maxLineBytes: GPSDReport.maxLineBytes)
        var noted = 0
        var nmea = NMEAParser(fixLimit: Int.max)
        var gate = FixTimeGate()
        // The devices whose fixes were taken (at most `maxDevices`): the walk ends when gpsd says the last
        // of them went away.
        var devices: Set<String> = []
        var reason = "\(address.description) closed the connection"
        var heardAt = SystemClock.shared.now()
        readLoop: while true {
            if let idleTimeout {
                let left = idleTimeout - (SystemClock.shared.now() - heardAt)
                var ready: Int32 = 0
                if left > 0 {
                    var pollfd = Glibc.pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                    ready = poll(&pollfd, 1, Int32(min(left * 1000, 3_600_000).rounded(.up)))
                    if ready < 0 && errno == EINTR { continue }
                }
                if ready == 0 {
                    if SystemClock.shared.now() - heardAt < idleTimeout { continue }
                    reason = "nothing came from \(address.description) for \(formatShortNumber(idleTimeout)) s (--idle-timeout): the receiver went silent"
                    break
                }
            }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(socket, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if n < 0 && !lock.withLock({ stopping }) { reason = "\(address.description): \(String(cString: strerror(errno)))" }
                break
            }
            heardAt = SystemClock.shared.now()
            switch address {
            case .gpsd:
                for line in gpsdLines.feed(buffer[0..<n]) {
                    guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) else { continue }
                    do {
                        switch try GPSDReport.parse(line) {
                        case let .fix(fix, device):
                            guard pass(fix, through: &gate) else { break }
                            if let device, devices.count < Self.maxDevices, devices.insert(device).inserted {
                                lock.withLock { deviceCount = devices.count }
                            }
                        case let .deviceGone(path) where devices.contains(path):
                            devices.remove(path)
                            lock.withLock { deviceCount = devices.count }
                            if devices.isEmpty {
                                reason = "gpsd: the device \(TerminalText.sanitize(path)) went away"
                                break readLoop
                            }
                        case .deviceGone, .noFix, .version, .other: break
                        }
                    } catch {
                        note(error.message)
                    }
                }
                while noted < gpsdLines.overlong {
                    noted += 1
                    note("a line over \(GPSDReport.maxLineBytes) bytes")
                }
            case .nmeaTCP:
                do throws(TraceParseError) {
                    try feed(&nmea, buffer[0..<n])
                } catch {
                    note(error.description)
                    reason = "\(address.description): \(error.description)"
                    break readLoop
                }
                hand(nmea.takeFixes(), through: &gate)
            }
        }
        if case .nmeaTCP = address, let rest = try? nmea.finishTaking() {
            hand(rest.raw.fixes, through: &gate)
            let warnings = rest.raw.problems.map { $0.problem.warning(count: $0.count, firstAt: $0.firstAt) }
            lock.withLock { streamWarnings = warnings }
        }
        let last = gate.finish()
        for fix in last.fixes { onFix(fix) }
        for warning in last.warnings { onWarning(warning) }
        lock.withLock {
            olderFixes = gate.older
            farFixes = gate.far
            if stopping { reason = "stopped" }
            if fd >= 0 { close(fd) }
            fd = -1
        }
        onEnd(reason)
        ended.signal()
    }

    /// Passes `fix` through the time gate, handing on what it lets through; whether `fix` itself was taken.
    private func pass(_ fix: Fix, through gate: inout FixTimeGate) -> Bool {
        let outcome = gate.pass(fix)
        lock.withLock {
            olderFixes = gate.older
            farFixes = gate.far
        }
        for warning in outcome.warnings { onWarning(warning) }
        for taken in outcome.fixes { onFix(taken) }
        return outcome.fixes.last?.time == fix.time  // by time: a fix without an accuracy (NaN) is not == itself
    }

    private func feed(_ parser: inout NMEAParser, _ bytes: ArraySlice<UInt8>) throws(TraceParseError) {
        var failure: TraceParseError?
        bytes.withUnsafeBytes { raw in
            do throws(TraceParseError) { try parser.feed(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private func hand(_ trace: Trace, through gate: inout FixTimeGate) {
        for i in 0..<trace.count where ValueRanges.isSaneTraceTime(trace.times[i]) {
            _ = pass(trace.fix(i), through: &gate)
        }
    }
}
