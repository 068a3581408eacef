import Foundation
import WalkscapeCore
import WalkscapeTestSupport

/// A stand-in for gpsd on loopback that sends a script of report lines to its one client: for reports a real
/// gpsd cannot be made to send (a fix dated 2096, a new 8 KB device name with every fix). It accepts one
/// connection, reads the client's `?WATCH`, sends `VERSION` and the lines, then closes (or, with
/// `keepOpen`, stays silent until `stop`).
final class ScriptedGpsd: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var client: Int32 = -1
    private var stopped = false

    init(lines: [String], keepOpen: Bool = false) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 1) == 0 else {
            close(listener)
            throw HarnessFailure(description: "the scripted gpsd cannot listen")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            lock.withLock { client = fd }
            // The client's ?WATCH line first, as gpsd waits for it.
            var byte: UInt8 = 0
            while read(fd, &byte, 1) == 1, byte != 0x0A {}
            var out = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n"
            for line in lines { out += line + "\n" }
            let bytes = Array(out.utf8)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { break }
                sent += n
            }
            if !keepOpen { stop() }
        }
    }

    deinit { stop() }

    /// Closes the connection and the listener.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            if client >= 0 {
                shutdown(client, Int32(SHUT_RDWR))
                close(client)
            }
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    /// A TPV report with a 2D fix at `time` (seconds since 1970), without an accuracy (as a GPX fix without one).
    static func tpv(time: Double, lat: Double, lon: Double, device: String = "/dev/pts/3") -> String {
        #"{"class":"TPV","device":"\#(device)","mode":2,"time":"\#(ISO8601Time.format(time))","lat":\#(lat),"lon":\#(lon)}"#
    }
}
