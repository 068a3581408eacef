import CPseudoTerminal
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeTraces

/// NMEA sentences on a pseudo-terminal (posix_openpt, grantpt, unlockpt, ptsname) that gpsd (or any program reading a serial GPS) opens like a
/// receiver's device, as gpsfake does.
///
/// The device is readable and writable by every user (gpsd drops root for its own user before opening it).
/// walkscape keeps the device side open itself, in raw mode, so that the terminal never echoes the
/// sentences back and a reader may come, go and come back. Writes never block: when no one reads and the
/// terminal's buffer is full, the fix is dropped and counted. What the reader writes to the device (gpsd's
/// probes) is read and discarded.
public final class PseudoTerminalSink: FixSink {
    /// The device path to give the reader (`/dev/pts/N`).
    public let path: String
    let master: Int32
    let slave: Int32
    /// An inotify descriptor watching the device for opens, -1 when inotify is not available.
    let openWatch: Int32
    public private(set) var dropped = 0

    public init() throws(LiveError) {
        var name = [CChar](repeating: 0, count: 256)
        let master = walkscape_open_pty(O_RDWR | O_NOCTTY | O_NONBLOCK, &name, UInt(name.count))
        guard master >= 0 else { throw LiveError("nmea:pty: cannot open a pseudo-terminal: \(String(cString: strerror(errno)))") }
        let path = String(decoding: name.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        guard slave >= 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(master)
            throw LiveError("nmea:pty: cannot open \(path): \(reason)")
        }
        // gpsd started as root drops to its own user (Debian: gpsd, group dialout), which may not open a
        // terminal owned by us with mode 620 as gpsfake's readers can; the device carries nothing secret.
        fchmod(slave, 0o666)
        var attributes = termios()
        tcgetattr(slave, &attributes)
        cfmakeraw(&attributes)
        cfsetispeed(&attributes, speed_t(B4800))
        cfsetospeed(&attributes, speed_t(B4800))
        tcsetattr(slave, TCSANOW, &attributes)
        self.master = master
        self.slave = slave
        self.path = path
        var watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if watch >= 0, inotify_add_watch(watch, path, UInt32(IN_OPEN | IN_ACCESS)) < 0 {
            Glibc.close(watch)
            watch = -1
        }
        openWatch = watch
    }

    deinit { close() }

    /// Waits until another process opens the device and reads from it: inotify's IN_OPEN on the device
    /// (watched from the start, so an open right after the path was printed is not missed), then its first
    /// IN_ACCESS, a read that returned bytes. Until that read, a `$GPTXT` notice is put on the line every
    /// 100 ms when the line is empty (gpsd flushes what came before it set the line up): the clock starts
    /// when the reader is really reading, so no fix is lost to its start-up.
    public func waitForReader(stop: StopToken) {
        guard openWatch >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var opened = false
        let notice = Array(NMEASentenceWriter.sentence("GPTXT,01,01,02,walkscape feed waiting for the first read").utf8)
        while !stop.isStopped {
            var poller = pollfd(fd: openWatch, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 {
                let n = read(openWatch, &buffer, buffer.count)
                var offset = 0
                while n > 0, offset + MemoryLayout<inotify_event>.size <= n {
                    let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                    if event.mask & UInt32(IN_OPEN) != 0 { opened = true }
                    if event.mask & UInt32(IN_ACCESS) != 0, opened { return }
                    offset += MemoryLayout<inotify_event>.size + Int(event.len)
                }
            }
            drain()
            if opened, unread() == 0 {
                _ = FileDescriptorWriting.writeAll(notice, to: master, within: 0.1)
            }
        }
    }

    public func send(_ fix: OutgoingFix) throws(LiveError) {
        drain()
        let bytes = Array(NMEASentenceWriter.sentences(fix).utf8)
        if !FileDescriptorWriting.writeAll(bytes, to: master, within: 0.1) { dropped += 1 }
    }

    /// Waits until the device's input holds nothing unread, while the reader keeps reading (at most `seconds`,
    /// and `stall` seconds without a byte read). Bytes written reach the device's input a moment after the
    /// write (the kernel pushes them from the terminal's flip buffer), so an empty input counts only after 50 ms.
    func waitUntilRead(within seconds: Double, stall: Double) {
        let clock = SystemClock.shared
        let start = clock.now()
        var pending = unread()
        var progressed = start
        while clock.now() < start + seconds {
            if pending == 0 && clock.now() - start >= 0.05 { break }
            if pending > 0 && clock.now() - progressed >= stall { break }
            drain()
            clock.sleep(seconds: 0.005)
            let now = unread()
            if now < pending { progressed = clock.now() }
            pending = now
        }
    }

    /// Bytes written to the device and not read by its reader yet.
    private func unread() -> Int32 {
        var waiting: Int32 = 0
        return ioctl(slave, UInt(FIONREAD), &waiting) == 0 ? waiting : 0
    }

    /// Reads and discards what the reader wrote to the device.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while read(master, &buffer, buffer.count) > 0 {}
    }

    private var closed = false

    /// Closes the device once the reader has read what is still on the line: closing the terminal discards
    /// the bytes its reader has not read yet (a busy gpsd lost the last fix so). Waits while the reader makes
    /// progress, at most 2 s, and gives up after 0.5 s without progress (no reader, or a stalled one).
    public func close() {
        guard !closed else { return }
        closed = true
        waitUntilRead(within: 2, stall: 0.5)
        if openWatch >= 0 { Glibc.close(openWatch) }
        Glibc.close(slave)
        Glibc.close(master)
    }
}
