import CCurl
import Foundation
import WalkscapeSystem
import WalkscapeCore
import FoundationNetworking

/// Where the body of an answer goes, decided once its status and headers are known.
public enum HTTPBodyTarget: Sendable {
    /// Kept in memory up to the limit (API answers, error pages).
    case memory(limit: Int)
    /// Handed to a sink as it arrives (media files, straight to disk).
    case sink(any HTTPBodySink)
}
