import Foundation
import WalkscapeSystem

/// The threads a download's transfers run on: `count` workers, the caller's thread among them, each with its own
/// HTTP client (its own keep-alive connection) stopped by the same `StopToken`; returns when all are done.
enum TransferWorkers {
    /// Runs `work` on `count` workers (at least one). `shared`, when given, is the caller's worker's client
    /// (the API's own connection, when one worker does everything as the phone app does); the others get clients
    /// with `template`'s timeout and floor rate.
    static func run(_ count: Int, stop: StopToken, like template: HTTPClient, shared: HTTPClient? = nil,
        _ work: @escaping @Sendable (HTTPClient) -> Void)
    {
        let makeClient = { HTTPClient(interruption: stop, timeout: template.timeout, minimumRate: template.minimumRate) }
        let group = DispatchGroup()
        for _ in 1..<max(1, count) {
            let client = makeClient()
            group.enter()
            Thread.detachNewThread {
                work(client)
                group.leave()
            }
        }
        work(shared ?? makeClient())
        group.wait()
    }
}
