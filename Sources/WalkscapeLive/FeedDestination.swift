import Foundation
import WalkscapeCore

/// Where `walkscape feed` sends positions, parsed from `--to`.
public enum FeedDestination: Equatable, Sendable {
    /// NMEA on a new pseudo-terminal (`nmea:pty`).
    case pty
    /// NMEA served over TCP (`nmea:tcp:PORT`, `nmea:tcp:HOST:PORT`).
    case tcp(host: String, port: Int)
    /// NMEA datagrams (`nmea:udp:HOST:PORT`).
    case udp(host: String, port: Int)
    /// The Android emulator's console (`android-emulator`, `android-emulator:PORT`).
    case androidEmulator(port: Int)
    /// NMEA on standard output (`stdout`).
    case stdout

    /// The forms `--to` accepts, for help and errors.
    public static let forms = "nmea:pty, nmea:tcp:PORT, nmea:tcp:HOST:PORT, nmea:udp:HOST:PORT, android-emulator[:PORT] or stdout"

    /// Parses `text`, or says what was expected.
    public init(parsing text: String) throws(LiveError) {
        func port(_ value: Substring, allowZero: Bool) throws(LiveError) -> Int {
            guard let number = Int(value), number >= (allowZero ? 0 : 1), number <= 65_535 else {
                throw LiveError("--to \(text): the port must be a number from \(allowZero ? 0 : 1) to 65535, got \(value.isEmpty ? "nothing" : String(value))")
            }
            return number
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        switch (parts.first ?? "", parts.count) {
        case ("stdout", 1): self = .stdout
        case ("android-emulator", 1): self = .androidEmulator(port: 5554)
        case ("android-emulator", 2): self = .androidEmulator(port: try port(parts[1], allowZero: false))
        case ("nmea", 2) where parts[1] == "pty": self = .pty
        case ("nmea", 3) where parts[1] == "tcp": self = .tcp(host: "127.0.0.1", port: try port(parts[2], allowZero: true))
        case ("nmea", 4) where parts[1] == "tcp" && !parts[2].isEmpty: self = .tcp(host: String(parts[2]), port: try port(parts[3], allowZero: true))
        case ("nmea", 4) where parts[1] == "udp" && !parts[2].isEmpty: self = .udp(host: String(parts[2]), port: try port(parts[3], allowZero: false))
        default: throw LiveError("--to \(text): expected \(Self.forms)")
        }
    }

    /// Opens the sink.
    public func open() throws(LiveError) -> any FixSink {
        switch self {
        case .pty: return try PseudoTerminalSink()
        case let .tcp(host, port): return try TCPServerSink(host: host, port: port)
        case let .udp(host, port): return try UDPSink(host: host, port: port)
        case let .androidEmulator(port): return try EmulatorConsoleSink(port: port)
        case .stdout: return FileDescriptorSink(fd: STDOUT_FILENO)
        }
    }
}
