import Foundation
import WalkscapeCore
import WalkscapeTraces

/// NMEA sentences written to an open file descriptor (standard output, for pipes): every byte of every fix,
/// blocking as a pipe does.
public final class FileDescriptorSink: FixSink {
    let fd: Int32
    public private(set) var dropped = 0

    public init(fd: Int32) { self.fd = fd }

    public func send(_ fix: OutgoingFix) throws(LiveError) {
        let bytes = Array(NMEASentenceWriter.sentences(fix).utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw LiveError("stdout: \(String(cString: strerror(errno))) (the reader went away?)")
            }
            offset += n
        }
    }

    public func close() {}
}
