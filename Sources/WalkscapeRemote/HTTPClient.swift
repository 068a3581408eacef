import CCurl
import Foundation
import WalkscapeSystem
import WalkscapeCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP/1.1 client over libcurl's easy interface: one request at a time on the caller's thread, one
/// connection kept alive between requests, bodies kept in memory or streamed to a sink, every transfer cut
/// short by an `StopToken` (Ctrl-C).
///
/// Why libcurl itself rather than Foundation's `URLSession` (which wraps the same libcurl on Linux):
/// `URLSession` hands each 16 KiB chunk to its delegate queue as a new `Data` through an `OperationQueue`,
/// which capped loopback downloads at about 75 MB/s here, against 500 MB/s for curl on the same files
/// (docs/benchmarks.md, "Downloads"); called directly, libcurl writes into walkscape's sink from its own
/// callback. libcurl also speaks HTTPS with the system's certificates and follows redirects (signed CDN
/// links); its Debian package (`libcurl4-openssl-dev`) is one more line in the Makefile, where swift-nio's
/// AsyncHTTPClient would add swift-nio and a BoringSSL build to every CI run.
public final class HTTPClient: @unchecked Sendable {
    /// What one transfer collects from libcurl's callbacks.
    fileprivate final class Transfer {
        let decide: (HTTPURLResponse) -> HTTPBodyTarget
        let handle: UnsafeMutableRawPointer
        let interruption: StopToken
        let url: URL
        let tick: () -> Void
        /// When the transfer started and when it last ticked, on the monotonic clock.
        let started = SystemClock.shared.now()
        var lastTick = SystemClock.shared.now()
        var status = 0
        var headers: [String: String] = [:]
        var target: HTTPBodyTarget?
        var body = [UInt8]()
        var failure: HTTPTransportError?
        /// The client's `timeout` and `minimumRate`, for the deadline the progress callback checks.
        var patience: (timeout: Double, minimumRate: Int) = (30, HTTPClient.defaultMinimumRate)

        init(url: URL, handle: UnsafeMutableRawPointer, interruption: StopToken, tick: @escaping () -> Void, decide: @escaping (HTTPURLResponse) -> HTTPBodyTarget) {
            self.url = url
            self.handle = handle
            self.interruption = interruption
            self.tick = tick
            self.decide = decide
        }

        /// The body's destination, decided on its first byte from the last header block (after redirects; the
        /// response's URL is the one redirects led to).
        func resolvedTarget() -> HTTPBodyTarget {
            if let target { return target }
            let effective = walkscape_curl_effective_url(handle).flatMap { URL(string: String(cString: $0)) } ?? url
            let response = HTTPURLResponse(url: effective, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
            let decided = decide(response)
            target = decided
            return decided
        }
    }

    private let handle: UnsafeMutableRawPointer
    private let interruption: StopToken
    /// The longest silence (seconds) accepted from a server before the connection counts as broken.
    public let timeout: Double
    /// The floor rate (bytes a second): a body of N bytes must arrive within `timeout` + N / floor seconds,
    /// and a transfer slower than a quarter of it for `timeout` seconds is given up (libcurl's low-speed
    /// rule), so that a server trickling a few bytes a second cannot hold a download forever.
    public let minimumRate: Int
    /// The default floor: 1 KiB/s (a 10 MB recording may take up to 2 h 50 min).
    public static let defaultMinimumRate = 1024
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// A client whose transfers end early when `interruption` fires; `timeout` is the longest silence (seconds)
    /// accepted from a server before the connection counts as broken; `minimumRate` is the floor rate.
    public init(interruption: StopToken, timeout: Double = 30, minimumRate: Int = HTTPClient.defaultMinimumRate) {
        _ = HTTPClient.globalInit
        self.interruption = interruption
        // Clamped so the conversions to curl's whole milliseconds and seconds below cannot trap (the CLI refuses
        // values outside this range before they get here).
        self.timeout = timeout.isNaN ? 30 : min(max(timeout, 0.001), ValueRanges.maxTimeoutSeconds)
        self.minimumRate = max(1, minimumRate)
        handle = curl_easy_init()
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Kept for symmetry with session-based clients; the connection closes when the client goes away.
    public func close() {}

    /// Sends `request` and returns the whole answer, whatever its status (bodies over `limit` are an error).
    public func send(_ request: URLRequest, limit: Int = 64 << 20, tick: () -> Void = {}) throws(HTTPTransportError) -> HTTPResponse {
        try perform(request, tick: tick) { _ in .memory(limit: limit) }
    }

    /// Sends `request`; `decide` sees the status and headers and says where the body goes. Returns the
    /// answer (its `body` empty when streamed to a sink). `tick` runs on the caller's thread about ten
    /// times a second during the transfer (progress display).
    public func perform(_ request: URLRequest, tick: () -> Void = {}, decide: @escaping @Sendable (HTTPURLResponse) -> HTTPBodyTarget) throws(HTTPTransportError) -> HTTPResponse {
        if interruption.isStopped { throw .interrupted }
        guard let url = request.url else { throw .unusable("a request without a URL") }
        return try withoutActuallyEscaping(tick) { (tick) throws(HTTPTransportError) -> HTTPResponse in
            let transfer = Transfer(url: url, handle: handle, interruption: interruption, tick: tick, decide: decide)
            transfer.patience = (timeout, minimumRate)
            return try run(request, url: url, transfer: transfer)
        }
    }

    private func run(_ request: URLRequest, url: URL, transfer: Transfer) throws(HTTPTransportError) -> HTTPResponse {
        curl_easy_reset(handle)
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        headerList = curl_slist_append(headerList, "Expect:")  // no 100-continue round trip on POST
        let method = request.httpMethod ?? "GET"
        guard method == "GET" || method == "POST" else { throw .unusable("\(method) requests are not supported") }
        let body = request.httpBody ?? Data()
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        errorBuffer[0] = 0
        let code: CURLcode = url.absoluteString.withCString { urlText in
            body.withUnsafeBytes { bodyBytes in
                walkscape_curl_set_pointer(handle, CURLOPT_URL, urlText)
                walkscape_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
                walkscape_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
                walkscape_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
                walkscape_curl_set_long(handle, CURLOPT_MAXREDIRS, 10)
                walkscape_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(timeout * 1000))
                // Only http and https, for the request and for every redirect (never ftp:, file:, …).
                walkscape_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https")
                walkscape_curl_set_pointer(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
                walkscape_curl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, max(1, minimumRate / 4))
                walkscape_curl_set_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(timeout.rounded(.up))))
                walkscape_curl_set_long(handle, CURLOPT_BUFFERSIZE, 256 * 1024)
                walkscape_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList)
                if method == "POST" {
                    walkscape_curl_set_long(handle, CURLOPT_POST, 1)
                    walkscape_curl_set_pointer(handle, CURLOPT_POSTFIELDS, bodyBytes.baseAddress ?? UnsafeRawPointer(errorBuffer))
                    walkscape_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bodyBytes.count))
                }
                walkscape_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, httpClientHeader)
                walkscape_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
                walkscape_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, httpClientWrite)
                walkscape_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
                walkscape_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
                walkscape_curl_set_progress_callback(handle, httpClientProgress)
                walkscape_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
                return curl_easy_perform(handle)
            }
        }
        if let failure = transfer.failure { throw failure }
        // A transfer that completed is kept even when a stop came meanwhile: its bytes are all there.
        if code != CURLE_OK && interruption.isStopped { throw .interrupted }
        if code != CURLE_OK { throw classify(code, url: url) }
        if transfer.target == nil { _ = transfer.resolvedTarget() }  // an empty body: `decide` still sees the answer
        return HTTPResponse(status: Int(walkscape_curl_response_code(handle)), headers: transfer.headers, body: transfer.body)
    }

    /// A libcurl failure in words, sorted into retryable (connection) and not.
    private func classify(_ code: CURLcode, url: URL) -> HTTPTransportError {
        let host = (url.host ?? "?") + (url.port.map { ":\($0)" } ?? "")
        let detail = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_COULDNT_CONNECT: return .refused("cannot connect to \(host) (connection refused)")
        case CURLE_COULDNT_RESOLVE_HOST: return .connection("cannot find the host \(host) (DNS)")
        case CURLE_OPERATION_TIMEDOUT: return .connection("\(host) did not answer in time (timed out: \(detail))")
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
            return .connection("the connection to \(host) was lost mid-transfer (\(detail))")
        case CURLE_ABORTED_BY_CALLBACK: return .interrupted
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            // A redirect elsewhere is named as such: the server that sent it is not the one at fault below.
            if let effective = walkscape_curl_effective_url(handle).map({ String(cString: $0) }), effective != url.absoluteString {
                return .unusable("\(host) redirected to \(effective), which is not an http or https URL; only those are followed")
            }
            return .unusable("unusable URL \(url.absoluteString) (\(detail))")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE:
            return .unusable("\(host): TLS failed (\(detail))")
        default: return .connection("\(host): \(detail)")
        }
    }
}

/// libcurl's header callback: one header line at a time; a status line starts a new block (redirects).
private let httpClientHeader: walkscape_curl_data_callback = { data, size, count, context in
    let length = size * count
    guard let data, let context else { return length }
    let transfer = Unmanaged<HTTPClient.Transfer>.fromOpaque(context).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
        let parts = line.split(separator: " ")
        transfer.status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        transfer.headers = [:]
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        transfer.headers[name] = value
    }
    return length
}

/// libcurl's write callback: the body, to memory or to the sink; a short count stops the transfer.
private let httpClientWrite: walkscape_curl_data_callback = { data, size, count, context in
    let length = size * count
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<HTTPClient.Transfer>.fromOpaque(context).takeUnretainedValue()
    switch transfer.resolvedTarget() {
    case let .memory(limit):
        if transfer.body.count + length > limit {
            transfer.failure = .tooLarge(limit)
            return 0
        }
        transfer.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
    case let .sink(sink):
        do throws(HTTPSinkError) {
            try sink.write(Data(bytesNoCopy: data, count: length, deallocator: .none))
        } catch {
            transfer.failure = .sink(error.message)
            return 0
        }
    }
    return length
}

/// libcurl's progress callback: the caller's tick (about ten times a second) and the interruption check.
private let httpClientProgress: walkscape_curl_progress_callback = { context, total, received, _, _ in
    guard let context else { return 0 }
    let transfer = Unmanaged<HTTPClient.Transfer>.fromOpaque(context).takeUnretainedValue()
    if transfer.interruption.isStopped { return 1 }
    let now = SystemClock.shared.now()
    // The deadline for the body: `timeout` for the answer to start, then the floor rate for its size
    // (announced, or received so far when the size is unknown).
    let (timeout, floor) = transfer.patience
    let size = Double(max(total, received))
    let elapsed = now - transfer.started
    if elapsed > timeout + size / Double(floor) {
        let effective = walkscape_curl_effective_url(transfer.handle).flatMap { URL(string: String(cString: $0)) } ?? transfer.url
        let host = (effective.host ?? "?") + (effective.port.map { ":\($0)" } ?? "")
        transfer.failure = .connection(
            "\(host) is too slow: \(received) of \(total > 0 ? String(total) : "?") bytes in \(Int(elapsed)) s, under the floor of \(floor) bytes a second "
                + "(a \(Int(size))-byte answer must arrive within \(formatSeconds(timeout + size / Double(floor))) s)")
        return 1
    }
    if now - transfer.lastTick >= 0.1 {
        transfer.lastTick = now
        transfer.tick()
    }
    return 0
}

/// Seconds with at most one decimal, for messages.
private func formatSeconds(_ seconds: Double) -> String {
    seconds.isFinite ? String(format: "%.1f", seconds) : "∞"
}
