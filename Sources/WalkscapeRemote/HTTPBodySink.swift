import CCurl
import Foundation
import WalkscapeSystem
import WalkscapeCore
import FoundationNetworking

/// Receives a streamed body chunk by chunk; throwing a message stops the transfer (e.g. the disk is full).
public protocol HTTPBodySink: AnyObject, Sendable {
    func write(_ data: Data) throws(HTTPSinkError)
}
