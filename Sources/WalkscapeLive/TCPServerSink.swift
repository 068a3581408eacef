import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeTraces

/// NMEA sentences served over TCP to every client that connects (gpsd `tcp://HOST:PORT`, a phone app's map,
/// `nc`): each fix goes to every client connected at that moment.
///
/// Clients are accepted between fixes; one that is gone or too slow to take a fix within 100 ms is dropped.
/// Port 0 takes a free port, which `port` tells.
public final class TCPServerSink: FixSink {
    /// The port listened on.
    public let port: Int
    /// The address listened on.
    public let host: String
    let listener: Int32
    var clients: [Int32] = []
    /// Clients accepted so far.
    public private(set) var accepted = 0
    public private(set) var dropped = 0

    /// Listens on `host` (127.0.0.1 unless told: a tester's laptop should not serve its position to the
    /// café's network by default) and `port`.
    public init(host: String = "127.0.0.1", port: Int) throws(LiveError) {
        let addresses = try SocketAddress.resolve(host, port, type: Int32(SOCK_STREAM.rawValue), passive: true)
        var lastError = "no address"
        for (family, address) in addresses {
            let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { continue }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            let bound = address.withUnsafeBytes { bind(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(address.count)) }
            if bound == 0, listen(fd, 16) == 0 {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                self.listener = fd
                self.host = host
                self.port = SocketAddress.localPort(fd)
                return
            }
            lastError = String(cString: strerror(errno))
            Glibc.close(fd)
        }
        throw LiveError("nmea:tcp: cannot listen on \(host):\(port): \(lastError) (another program on that port? pick another)")
    }

    deinit { close() }

    public func waitForReader(stop: StopToken) {
        while clients.isEmpty, !stop.isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 50) > 0 { acceptPending() }
        }
    }

    func acceptPending() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            clients.append(fd)
            accepted += 1
        }
    }

    public func send(_ fix: OutgoingFix) throws(LiveError) {
        acceptPending()
        guard !clients.isEmpty else {
            dropped += 1
            return
        }
        let bytes = Array(NMEASentenceWriter.sentences(fix).utf8)
        clients.removeAll { fd in
            // Whatever a client sends (gpsd's probes) is read and ignored; an end of stream means it left.
            var buffer = [UInt8](repeating: 0, count: 1024)
            var gone = false
            while true {
                let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n == 0 { gone = true }
                if n <= 0 { break }
            }
            if gone || !FileDescriptorWriting.writeAll(bytes, to: fd, within: 0.1, socket: true) {
                Glibc.close(fd)
                return true
            }
            return false
        }
    }

    private var closed = false

    public func close() {
        guard !closed else { return }
        closed = true
        for fd in clients { Glibc.close(fd) }
        clients = []
        Glibc.close(listener)
    }
}
