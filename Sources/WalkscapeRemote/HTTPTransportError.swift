import CCurl
import Foundation
import WalkscapeSystem
import WalkscapeCore
import FoundationNetworking

/// Why a request got no complete answer.
public enum HTTPTransportError: Error, Sendable {
    /// Stopped by an `StopToken`.
    case interrupted
    /// The connection failed or broke (reset, cut mid-body, timed out, unknown host); worth a retry.
    case connection(String)
    /// The host refused the connection: nothing listens there, which waiting does not change; not retried.
    case refused(String)
    /// The URL or the request itself is unusable; retrying will not help.
    case unusable(String)
    /// The sink refused a chunk.
    case sink(String)
    /// An in-memory answer was larger than its limit.
    case tooLarge(Int)
}
