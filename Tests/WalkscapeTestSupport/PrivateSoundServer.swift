import Foundation

/// A sound server of the test's own (`PrivatePulseServer`, `PrivatePipeWireServer`): where a client reaches it,
/// the whole environment of one, and a recorder of its null sink.
public protocol PrivateSoundServer: AnyObject {
    /// The server's PulseAudio address (PULSE_SERVER).
    var address: String { get }
    /// What the tests' lines call it.
    var name: String { get }
    /// The whole environment of a client of this server and of no other.
    var clientEnvironment: [String: String] { get }
    /// A recorder of the null sink's monitor at `latencyMilliseconds` (nil: the recorder's default).
    func recorder(latencyMilliseconds: Int?) throws -> MonitorRecorder
    /// A server in a private directory of its own, not started yet.
    init()
    func start() throws
    func stop() throws
}

extension PrivateSoundServer {
    /// Starts a server, runs `body` with it and stops it, whatever `body` does.
    public static func with<T>(_ body: (Self) throws -> T) throws -> T {
        let server = Self()
        try server.start()
        defer { try? server.stop() }
        return try body(server)
    }
}

/// Which private sound server a test plays on.
public enum PrivateSoundServerKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case pulseAudio = "PulseAudio"
    case pipeWire = "pipewire-pulse"

    public var description: String { rawValue }

    /// Whether its programs are installed.
    public var available: Bool {
        switch self {
        case .pulseAudio: PrivatePulseServer.available
        case .pipeWire: PrivatePipeWireServer.available
        }
    }

    /// Starts a server of this kind, runs `body` with it and stops it, whatever `body` does.
    public func with<T>(_ body: (any PrivateSoundServer) throws -> T) throws -> T {
        switch self {
        case .pulseAudio: try PrivatePulseServer.with { try body($0) }
        case .pipeWire: try PrivatePipeWireServer.with { try body($0) }
        }
    }
}
