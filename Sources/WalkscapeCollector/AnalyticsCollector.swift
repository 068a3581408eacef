import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import WalkscapeCore
import WalkscapeRemoteModel

/// A local stand-in for the backend's `POST /analytics/events`, over SwiftNIO's HTTP/1.1 server: a debug build
/// of the phone app pointed at the tester's laptop sends its analytics here, and every accepted event is
/// appended to a JSON Lines file (`AnalyticsIntake` decides the answers, exactly as the backend validates).
/// Clients cannot hold it: connections are capped, idle ones closed, and accepting backs off when the process
/// is out of descriptors (`CollectorLimits`).
public final class AnalyticsCollector: @unchecked Sendable {
    let group: MultiThreadedEventLoopGroup
    let channel: Channel
    let log: EventLog
    let connections: ConnectionCount
    /// The port listened on.
    public let port: Int
    public let host: String

    /// Listens on `host`:`port` (0: a free port), appending accepted events to `output`; `onBatch` hears each
    /// answer (status and events) on the server's thread, so it must not block (`DetachedLineWriter`).
    public init(
        host: String = "127.0.0.1", port: Int, output: String, limits: CollectorLimits = .standard,
        onBatch: @escaping @Sendable (AnalyticsIntake.Answer, String) -> Void
    ) throws(CollectorError) {
        let log: EventLog
        do {
            log = try EventLog(path: output)
        } catch {
            throw error
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let connections = ConnectionCount(limit: limits.maxConnections)
        let backoff = TimeAmount.nanoseconds(Int64(limits.acceptBackoffSeconds * 1e9))
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                // Out of descriptors, accept fails at once every time it is retried: wait before retrying.
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptPause(backoff: backoff))
                }
            }
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard connections.admit() else {
                        try channel.pipeline.syncOperations.addHandler(BusyRefusal())
                        return
                    }
                    channel.closeFuture.whenComplete { _ in connections.release() }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(ConnectionDeadlines(idleSeconds: limits.idleSeconds))
                    try channel.pipeline.syncOperations.addHandler(CollectorHandler(log: log, onBatch: onBatch))
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw CollectorError("collect: cannot listen on \(host):\(port): \(error) (another program on that port? pick another)")
        }
        self.group = group
        self.log = log
        self.connections = connections
        self.host = host
        self.port = channel.localAddress?.port ?? port
    }

    /// Events written so far.
    public var eventsWritten: Int { log.count }

    /// Connections answered 503 so far for being over `CollectorLimits.maxConnections`.
    public var connectionsRefused: Int { connections.refusedCount }

    /// Stops listening, lets answers in flight finish, and closes the file.
    public func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
        log.close()
    }
}
