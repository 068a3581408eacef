import Foundation
import WalkscapeSystem

/// Writing to non-blocking descriptors without ever waiting long.
enum FileDescriptorWriting {
    /// Writes `bytes` to `fd`, waiting at most `within` seconds in all for room; false when it did not all go.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, within: Double, flags: Int32 = 0, socket: Bool = false) -> Bool {
        let deadline = SystemClock.shared.now() + within
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { buffer in
                socket ? send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT) | flags)
                    : write(fd, buffer.baseAddress, buffer.count)
            }
            if n > 0 {
                offset += n
                continue
            }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            let left = deadline - SystemClock.shared.now()
            if left <= 0 { return false }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&poller, 1, Int32(max(1, left * 1000)))
        }
        return true
    }
}
