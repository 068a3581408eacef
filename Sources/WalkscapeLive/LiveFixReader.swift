import Foundation
import WalkscapeCore

/// Reads live positions from a gpsd or an NMEA stream on its own thread and hands each fix on as it arrives.
///
/// gpsd: after connecting it sends `?WATCH={"enable":true,"json":true}` and reads the JSON reports; each TPV
/// with a 2D/3D fix becomes a fix (`GPSDReport`), and a TPV repeating the time of the last fix (gpsd may report
/// an epoch more than once as its sentences arrive) replaces nothing: it is skipped. NMEA: the bytes go
/// through the same `NMEAParser` that reads `.nmea` files, which hands a fix over once the next epoch's first
/// sentence shows that no GGA of the same second can still complete it (so a fix arrives one epoch late, and
/// the last one when the stream ends). The stream ends when the peer closes, the connection fails, or `stop`
/// is called, or (gpsd) when gpsd reports that every device the fixes came from went away (a `DEVICE` report
/// with `"activated": 0`, as when a receiver is unplugged); `onEnd` says which, once.
public final class LiveFixReader: @unchecked Sendable {
    public let address: GPSSourceAddress
    private let onFix: @Sendable (Fix) -> Void
    private let onEnd: @Sendable (String) -> Void
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

    /// A reader of `address` that calls `onFix` with each fix and `onEnd` with why the stream ended.
    public init(address: GPSSourceAddress, onFix: @escaping @Sendable (Fix) -> Void, onEnd: @escaping @Sendable (String) -> Void) {
        self.address = address
        self.onFix = onFix
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
        lock.withLock { fd = socket }
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

    /// Lines or sentences that could not be used so far, and the first one's reason.
    public var problems: (count: Int, first: String?) { lock.withLock { (unreadable, firstProblem) } }

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
        var lastTime = -Double.infinity
        // The devices whose fixes were taken (at most `maxDevices`): the walk ends when gpsd says the last
        // of them went away.
        var devices: Set<String> = []
        var reason = "\(address.description) closed the connection"
        readLoop: while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(socket, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if n < 0 && !lock.withLock({ stopping }) { reason = "\(address.description): \(String(cString: strerror(errno)))" }
                break
            }
            switch address {
            case .gpsd:
                for line in gpsdLines.feed(buffer[0..<n]) {
                    guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) else { continue }
                    do {
                        switch try GPSDReport.parse(line) {
                        case let .fix(fix, device):
                            guard fix.time > lastTime else { break }
                            lastTime = fix.time
                            if let device, devices.count < Self.maxDevices, devices.insert(device).inserted {
                                lock.withLock { deviceCount = devices.count }
                            }
                            onFix(fix)
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
                hand(nmea.takeFixes(), lastTime: &lastTime)
            }
        }
        if case .nmeaTCP = address, let rest = try? nmea.finishTaking() {
            hand(rest.raw.fixes, lastTime: &lastTime)
        }
        lock.withLock {
            if stopping { reason = "stopped" }
            if fd >= 0 { close(fd) }
            fd = -1
        }
        onEnd(reason)
    }

    private func feed(_ parser: inout NMEAParser, _ bytes: ArraySlice<UInt8>) throws(TraceParseError) {
        var failure: TraceParseError?
        bytes.withUnsafeBytes { raw in
            do throws(TraceParseError) { try parser.feed(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private func hand(_ trace: Trace, lastTime: inout Double) {
        for i in 0..<trace.count where trace.times[i] > lastTime && ValueRanges.isSaneTraceTime(trace.times[i]) {
            lastTime = trace.times[i]
            onFix(trace.fix(i))
        }
    }
}

/// Splits bytes into lines (LF, with an optional CR), skipping lines longer than a limit.
struct LineSplitter {
    let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var skipping = false
    /// Lines skipped for their length so far.
    private(set) var overlong = 0

    init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    /// The complete lines in `bytes` (with what came before), without their line ends.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for byte in bytes {
            if byte == 0x0A {
                if !skipping {
                    if pending.last == 0x0D { pending.removeLast() }
                    lines.append(pending)
                }
                pending.removeAll(keepingCapacity: true)
                skipping = false
            } else if !skipping {
                pending.append(byte)
                if pending.count > maxLineBytes {
                    skipping = true
                    overlong += 1
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }
}
