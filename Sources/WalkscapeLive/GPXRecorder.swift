import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeTraces

/// Writes every fix of a live walk to a GPX file as it arrives (`--record FILE`), so that the file is a
/// complete, valid GPX after every fix: if the process is killed (even with SIGKILL) the walk up to the last
/// fix can be read back (`walkscape inspect`, `simulate`).
///
/// The file always ends with the closing `</trkseg></trk></gpx>`; each fix is written with one `pwrite` over
/// that ending, as the fix's `<trkpt>` followed by the ending again. Positions keep nine decimals (gpsd's own
/// precision), times the millisecond, so that replaying the file gives the live walk's timeline.
public final class GPXRecorder: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    private var fd: Int32
    /// Where the closing tags start.
    private var offset: off_t
    private var error: String?
    public private(set) var fixes = 0

    private static let ending = Array("    </trkseg>\n  </trk>\n</gpx>\n".utf8)

    /// Creates (or truncates) `path` with an empty track named `name`; throws one line when it cannot.
    public init(path: String, name: String) throws(LiveError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            if let problem = ScratchFiles.folderProblem(for: path) { throw LiveError("--record " + TerminalText.sanitize(problem)) }
            throw LiveError("--record \(TerminalText.sanitize(path)): cannot create the file: \(reason)")
        }
        let escaped = TraceWriter.xmlEscaped(TerminalText.sanitize(name))
        let head = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="walkscape" \(TraceWriter.gpxNamespaces)>
              <trk>
                <name>\(escaped)</name>
                <trkseg>

            """.utf8)
        offset = off_t(head.count)
        guard write(head + Self.ending, at: 0) else {
            let reason = error ?? "write failed"
            close(fd)
            throw LiveError("--record \(TerminalText.sanitize(path)): \(reason)")
        }
    }

    deinit { finish() }

    /// Appends `fix`; after a write error (disk full) nothing more is written and `failure` says why.
    public func record(_ fix: Fix) {
        lock.withLock {
            guard fd >= 0, error == nil else { return }
            let point = Array(TraceWriter.gpxPoint(lat: fix.location.lat, lng: fix.location.lng, time: fix.time, accuracy: Float(fix.accuracy), decimals: 9).utf8)
            if write(point + Self.ending, at: offset) {
                offset += off_t(point.count)
                fixes += 1
            }
        }
    }

    /// Why recording stopped early, nil while it works.
    public var failure: String? { lock.withLock { error } }

    /// Closes the file (it is complete already).
    public func finish() {
        lock.withLock {
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
        }
    }

    private func write(_ bytes: [UInt8], at position: off_t) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, position + off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                error = "cannot write the file: \(String(cString: strerror(n < 0 ? errno : EIO)))"
                return false
            }
            done += n
        }
        return true
    }
}
