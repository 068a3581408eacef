import NIOCore
import NIOHTTP1
import WalkscapeCore
import WalkscapeRemoteModel

/// One connection's requests: gathers a request's body (up to `AnalyticsIntake.bodyLimit`), asks
/// `AnalyticsIntake` for the answer, appends accepted events to the log, and answers.
final class CollectorHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let log: EventLog
    let onBatch: @Sendable (AnalyticsIntake.Answer, String) -> Void
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var tooLarge = false

    init(log: EventLog, onBatch: @escaping @Sendable (AnalyticsIntake.Answer, String) -> Void) {
        self.log = log
        self.onBatch = onBatch
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(request):
            head = request
            body = []
            tooLarge = false
        case var .body(chunk):
            // Already refused: the rest of it is not read (the connection closes).
            guard !tooLarge else { return }
            if body.count + chunk.readableBytes > AnalyticsIntake.bodyLimit {
                // Over the limit: 413 now, whatever follows. A chunked body gives no length up front and may never
                // end (one was read for 15 s, 15 GB, before its 408); a sized one is refused the same way.
                tooLarge = true
                body = []
                if let request = head {
                    head = nil
                    finish(context: context, request: request)
                }
            } else if let bytes = chunk.readBytes(length: chunk.readableBytes) {
                body += bytes
            }
        case .end:
            // A request refused while its body came (413) has been answered.
            guard let request = head else { return }
            head = nil
            finish(context: context, request: request)
        }
    }

    /// Answers `request` with what `AnalyticsIntake` says of the body gathered (413 when it went over the limit),
    /// after appending its accepted events to the log.
    private func finish(context: ChannelHandlerContext, request: HTTPRequestHead) {
        var answer = AnalyticsIntake.answer(
            method: request.method.rawValue, path: request.uri, contentType: request.headers.first(name: "Content-Type"),
            body: tooLarge ? nil : body)
        if !answer.events.isEmpty, let failure = log.append(answer.events) {
            answer = AnalyticsIntake.Answer(
                status: 500,
                body: .object([("statusCode", .number("500")), ("message", .string("Internal server error")), ("error", .string(failure))]),
                events: [])
        }
        onBatch(answer, TerminalText.sanitize("\(request.method.rawValue) \(request.uri)"))
        respond(context: context, request: request, answer: answer)
    }

    private func respond(context: ChannelHandlerContext, request: HTTPRequestHead, answer: AnalyticsIntake.Answer) {
        let text = answer.body.map { JSONWriter(pretty: false).write($0) } ?? ""
        var headers = HTTPHeaders()
        if answer.body != nil { headers.add(name: "Content-Type", value: "application/json; charset=utf-8") }
        headers.add(name: "Content-Length", value: String(text.utf8.count))
        let keepAlive = request.isKeepAlive && !tooLarge
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(version: request.version, status: HTTPResponseStatus(statusCode: answer.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !text.isEmpty {
            var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
            buffer.writeString(text)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
