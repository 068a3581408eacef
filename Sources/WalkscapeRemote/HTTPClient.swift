import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the body of an answer goes, decided once its status and headers are known.
public enum HTTPBodyTarget: Sendable {
    /// Kept in memory up to the limit (API answers, error pages).
    case memory(limit: Int)
    /// Handed to a sink as it arrives (media files, straight to disk).
    case sink(any HTTPBodySink)
}

/// Receives a streamed body chunk by chunk; throwing a message stops the transfer (e.g. the disk is full).
public protocol HTTPBodySink: AnyObject, Sendable {
    func write(_ data: Data) throws(HTTPSinkError)
}

/// Why a sink refused a chunk.
public struct HTTPSinkError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Why a request got no complete answer.
public enum HTTPTransportError: Error, Sendable {
    /// Stopped by an `Interruption`.
    case interrupted
    /// The connection failed or broke (refused, reset, cut mid-body, timed out); worth a retry.
    case connection(String)
    /// The URL or the request itself is unusable; retrying will not help.
    case unusable(String)
    /// The sink refused a chunk.
    case sink(String)
    /// An in-memory answer was larger than its limit.
    case tooLarge(Int)
}

/// An HTTP/1.1 client over Foundation's `URLSession` (libcurl underneath on Linux): one request at a time
/// from the caller's point of view, bodies kept in memory or streamed to a sink, every wait cut short by an
/// `Interruption` (Ctrl-C).
///
/// Why `URLSession`: it ships with the toolchain (no new dependency, no TLS library to build), speaks
/// HTTPS with the system's certificates, follows redirects (signed CDN links), and its libcurl core moves
/// bytes as fast as curl itself (tools/bench/download.sh measures it against curl on the same files).
public final class HTTPClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A request in flight: how its body is routed and how it ended.
    private final class Transfer: @unchecked Sendable {
        let decide: @Sendable (HTTPURLResponse) -> HTTPBodyTarget
        let done = DispatchSemaphore(value: 0)
        var response: HTTPURLResponse?
        var target: HTTPBodyTarget?
        var body = [UInt8]()
        var failure: HTTPTransportError?
        var error: Error?

        init(decide: @escaping @Sendable (HTTPURLResponse) -> HTTPBodyTarget) { self.decide = decide }
    }

    private var session: URLSession!
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    private let interruption: Interruption

    /// A client whose waits end early when `interruption` fires; `timeout` is the longest silence (seconds)
    /// accepted from a server before the connection counts as broken.
    public init(interruption: Interruption, timeout: Double = 30) {
        self.interruption = interruption
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = 1
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    /// Ends the session; the client cannot be used afterwards.
    public func close() { session.finishTasksAndInvalidate() }

    /// Sends `request` and returns the whole answer, whatever its status (bodies over `limit` are an error).
    public func send(_ request: URLRequest, limit: Int = 64 << 20, tick: () -> Void = {}) throws(HTTPTransportError) -> HTTPResponse {
        try perform(request, tick: tick) { _ in .memory(limit: limit) }
    }

    /// Sends `request`; `decide` sees the status and headers and says where the body goes. Returns the
    /// answer (its `body` empty when streamed to a sink). `tick` runs on the caller's thread about ten
    /// times a second while waiting (progress display).
    public func perform(_ request: URLRequest, tick: () -> Void = {}, decide: @escaping @Sendable (HTTPURLResponse) -> HTTPBodyTarget) throws(HTTPTransportError) -> HTTPResponse {
        if interruption.isInterrupted { throw .interrupted }
        let transfer = Transfer(decide: decide)
        let task = session.dataTask(with: request)
        lock.withLock { transfers[task.taskIdentifier] = transfer }
        task.resume()
        var cancelled = false
        while transfer.done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if interruption.isInterrupted && !cancelled {
                cancelled = true
                task.cancel()
            }
            tick()
        }
        lock.withLock { _ = transfers.removeValue(forKey: task.taskIdentifier) }
        if interruption.isInterrupted { throw .interrupted }
        if let failure = transfer.failure { throw failure }
        if let error = transfer.error { throw HTTPClient.classify(error, url: request.url) }
        guard let response = transfer.response else { throw .connection("no answer from \(request.url?.absoluteString ?? "?")") }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: response.statusCode, headers: headers, body: transfer.body)
    }

    /// A transport error in words, sorted into retryable (connection) and not.
    static func classify(_ error: Error, url: URL?) -> HTTPTransportError {
        let host = url.map { ($0.host ?? "?") + ($0.port.map { ":\($0)" } ?? "") } ?? "the server"
        guard let urlError = error as? URLError else { return .connection("\(host): \(error.localizedDescription)") }
        switch urlError.code {
        case .cannotConnectToHost: return .connection("cannot connect to \(host) (connection refused)")
        case .cannotFindHost, .dnsLookupFailed: return .connection("cannot find the host \(host) (DNS)")
        case .timedOut: return .connection("\(host) did not answer in time (timed out)")
        case .networkConnectionLost: return .connection("the connection to \(host) was lost mid-transfer")
        case .notConnectedToInternet: return .connection("no network connection")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .unusable("\(host): TLS failed (\(urlError.localizedDescription))")
        case .unsupportedURL, .badURL: return .unusable("unusable URL \(url?.absoluteString ?? "?")")
        case .cancelled: return .interrupted
        default: return .connection("\(host): \(urlError.localizedDescription)")
        }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void)
    {
        guard let transfer = transfer(dataTask), let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        transfer.response = http
        transfer.target = transfer.decide(http)
        completionHandler(.allow)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask), transfer.failure == nil else { return }
        switch transfer.target {
        case let .memory(limit):
            if transfer.body.count + data.count > limit {
                transfer.failure = .tooLarge(limit)
                dataTask.cancel()
                return
            }
            transfer.body.append(contentsOf: data)
        case let .sink(sink):
            do {
                try sink.write(data)
            } catch {
                transfer.failure = .sink(error.message)
                dataTask.cancel()
            }
        case nil:
            break
        }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = transfer(task) else { return }
        transfer.error = error
        transfer.done.signal()
    }
}
