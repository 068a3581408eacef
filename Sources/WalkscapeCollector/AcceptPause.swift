import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// Stops the listener accepting for a while when the process is out of descriptors or memory (EMFILE, ENFILE,
/// ENOBUFS, ENOMEM), instead of retrying at once: NIO keeps the listening socket's read interest after a failed
/// accept, so the kernel's "a connection is waiting" wakes the loop again and again (100 % of a core). Turning
/// the server channel's auto-read off removes that interest; it is turned back on after `backoff`.
final class AcceptPause: ChannelInboundHandler {
    typealias InboundIn = Channel
    typealias InboundOut = Channel

    let backoff: TimeAmount
    private var paused = false

    init(backoff: TimeAmount) {
        self.backoff = backoff
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let error = error as? IOError, Self.isExhaustion(error.errnoCode), !paused else {
            context.fireErrorCaught(error)
            return
        }
        paused = true
        let channel = context.channel
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in
            channel.eventLoop.scheduleTask(in: loopBound.value.backoff) {
                loopBound.value.paused = false
                channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
            }
        }
    }

    static func isExhaustion(_ code: Int32) -> Bool {
        [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code)
    }
}
