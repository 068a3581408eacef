import NIOCore

/// What a connection over the collector's cap gets: `503 Service Unavailable` with `Retry-After: 1`. The
/// answer is followed by a half close, and what the client sends is read and dropped until it closes (at most
/// two seconds), so that its request arriving after the answer does not reset the connection before the
/// client has read the 503.
final class BusyRefusal: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    static let answer = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"

    func channelActive(context: ChannelHandlerContext) {
        let buffer = context.channel.allocator.buffer(string: Self.answer)
        let channel = context.channel
        context.writeAndFlush(NIOAny(buffer)).whenComplete { _ in channel.close(mode: .output, promise: nil) }
        context.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
