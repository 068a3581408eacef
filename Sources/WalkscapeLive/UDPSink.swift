import Foundation
import WalkscapeCore
import WalkscapeTraces

/// NMEA sentences sent as UDP datagrams to `host`:`port`, one datagram per fix (gpsd `udp://`, OpenCPN,
/// a phone app listening for NMEA): nothing waits for a reader.
public final class UDPSink: FixSink {
    let fd: Int32
    let address: [UInt8]
    let destination: String
    public private(set) var dropped = 0

    public init(host: String, port: Int) throws(LiveError) {
        guard let (family, address) = try SocketAddress.resolve(host, port, type: Int32(SOCK_DGRAM.rawValue)).first else {
            throw LiveError("nmea:udp: no address for \(host):\(port)")
        }
        let fd = socket(family, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw LiveError("nmea:udp: cannot open a socket: \(String(cString: strerror(errno)))") }
        self.fd = fd
        self.address = address
        self.destination = "\(host):\(port)"
    }

    deinit { close() }

    public func send(_ fix: OutgoingFix) throws(LiveError) {
        let bytes = Array(NMEASentenceWriter.sentences(fix).utf8)
        let sent = bytes.withUnsafeBytes { buffer in
            address.withUnsafeBytes {
                sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT), $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(address.count))
            }
        }
        // ECONNREFUSED: no one listens yet (an ICMP answer to an earlier datagram); the next may be heard.
        if sent != bytes.count { dropped += 1 }
    }

    private var closed = false

    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }
}
