import Foundation

/// IPv4/IPv6 socket addresses resolved with getaddrinfo, and the sockets made from them.
enum SocketAddress {
    /// The addresses of `host`:`port` for `type` (SOCK_STREAM, SOCK_DGRAM); `passive` for binding.
    static func resolve(_ host: String, _ port: Int, type: Int32, passive: Bool = false) throws(LiveError) -> [(family: Int32, address: [UInt8])] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = type
        hints.ai_flags = passive ? AI_PASSIVE : 0
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw LiveError("\(host):\(port): cannot resolve the address (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(first) }
        var out: [(Int32, [UInt8])] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let item = node {
            let bytes = Array(UnsafeRawBufferPointer(start: item.pointee.ai_addr, count: Int(item.pointee.ai_addrlen)))
            out.append((item.pointee.ai_family, bytes))
            node = item.pointee.ai_next
        }
        return out
    }

    /// A socket connected to `host`:`port` (TCP), blocking, or an error naming the destination.
    static func connect(_ host: String, _ port: Int, what: String) throws(LiveError) -> Int32 {
        var lastError = "no address"
        for (family, address) in try resolve(host, port, type: Int32(SOCK_STREAM.rawValue)) {
            let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { continue }
            let result = address.withUnsafeBytes { Glibc.connect(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(address.count)) }
            if result == 0 { return fd }
            lastError = String(cString: strerror(errno))
            Glibc.close(fd)
        }
        throw LiveError("\(what): cannot connect to \(host):\(port): \(lastError)")
    }

    /// The port a bound socket listens on.
    static func localPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        if storage.ss_family == sa_family_t(AF_INET6) {
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        }
        return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
    }
}
