/// How much a collector lets its clients hold: how long a connection may stay silent and how many it serves
/// at once, so that idle or slow clients cannot take every descriptor (`collect --idle-timeout`,
/// `--max-connections`).
public struct CollectorLimits: Sendable, Equatable {
    /// Seconds a connection may go without sending a whole request head (from when it opened or was last
    /// answered) before it is closed, and seconds a request's body may take after its head before it is
    /// answered 408 and closed.
    public var idleSeconds: Double
    /// Connections served at once; one more is answered 503 and closed.
    public var maxConnections: Int
    /// Seconds the listener waits before accepting again when the process is out of descriptors (EMFILE,
    /// ENFILE) or memory, instead of retrying at once.
    public var acceptBackoffSeconds: Double

    /// The defaults: 15 s, 256 connections, 0.25 s back-off.
    public static let standard = CollectorLimits(idleSeconds: 15, maxConnections: 256, acceptBackoffSeconds: 0.25)

    public init(idleSeconds: Double, maxConnections: Int, acceptBackoffSeconds: Double) {
        self.idleSeconds = idleSeconds
        self.maxConnections = maxConnections
        self.acceptBackoffSeconds = acceptBackoffSeconds
    }
}
