import NIOCore
import NIOHTTP1

/// Closes a connection that holds a descriptor without using it: one that sends no whole request head within
/// `idleSeconds` of opening or of its last answer (an idle keep-alive, or headers trickled a byte at a time),
/// and answers 408 to a request whose body has not ended `idleSeconds` after its head.
final class ConnectionDeadlines: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let timeout: TimeAmount
    private var deadline: Scheduled<Void>?
    private var requestOpen = false

    init(idleSeconds: Double) {
        timeout = .nanoseconds(Int64(idleSeconds * 1e9))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { waitForRequest(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        waitForRequest(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestOpen = true
            schedule(context: context) { context in
                // The body did not end in time: answer as Node's requestTimeout does, and close.
                var headers = HTTPHeaders()
                headers.add(name: "Content-Length", value: "0")
                headers.add(name: "Connection", value: "close")
                let head = HTTPResponseHead(version: .http1_1, status: .requestTimeout, headers: headers)
                context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
                let channel = context.channel
                context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            }
        case .end:
            requestOpen = false
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        // An answer ended and no request is open: the next head must now come within the timeout.
        if case .end = unwrapOutboundIn(data), !requestOpen { waitForRequest(context: context) }
    }

    /// From now, the next request head must arrive within the timeout.
    private func waitForRequest(context: ChannelHandlerContext) {
        schedule(context: context) { context in context.close(promise: nil) }
    }

    private func schedule(context: ChannelHandlerContext, _ expire: @escaping @Sendable (ChannelHandlerContext) -> Void) {
        deadline?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: timeout) { expire(loopBound.value) }
    }
}
