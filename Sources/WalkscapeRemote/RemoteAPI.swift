import Foundation
import WalkscapeSystem
import WalkscapeCore
#if canImport(FoundationNetworking)
import FoundationNetworking
import WalkscapeRemoteModel
#endif

/// The mobile API of the reference backend (`GET /tours`, `/tours/{id}`, `/points`, `/manifest`,
/// `POST /vouchers/validate`, `POST /analytics/events`), reading both the API draft's and the deployed
/// backend's shapes, with retries on 5xx and broken connections and one-line errors for the rest.
public final class RemoteAPI: @unchecked Sendable {
    /// The base URL, always ending in `/` (e.g. `https://api.example.org/v1/`).
    public let base: URL
    /// The bearer token sent to the API's own host (never to other hosts, such as a CDN).
    public var token: String?
    public let client: HTTPClient
    public let retry: RetryPolicy
    public let interruption: StopToken
    /// Told about each retry (what failed, the attempt that comes, the wait).
    public var onRetry: (@Sendable (String, Int, Double) -> Void)?

    /// An API at `base` (http or https).
    public init(base text: String, token: String?, client: HTTPClient, retry: RetryPolicy, interruption: StopToken) throws(RemoteError) {
        var text = text.trimmingCharacters(in: .whitespaces)
        if !text.hasSuffix("/") { text += "/" }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw RemoteError(.unavailable, "--api \(text): expected an http:// or https:// URL such as https://api.example.org/v1")
        }
        base = url
        self.token = token
        self.client = client
        self.retry = retry
        self.interruption = interruption
    }

    /// The base URL as the user would write it (no trailing slash).
    public var baseText: String {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// An endpoint under the base: `tours/ID/points?language=it`.
    public func endpoint(_ segments: [String], query: [(String, String)] = []) -> URL {
        let path = segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? $0 }
            .joined(separator: "/")
        var components = URLComponents(url: URL(string: path, relativeTo: base)!.absoluteURL, resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        return components.url!
    }

    /// A manifest `fileUrl` as a full URL: absolute ones as they are, relative ones against the base
    /// (`media/a.mp3` under the base path, `/media/a.mp3` at the host's root).
    public func resolve(_ fileURL: String) throws(RemoteError) -> URL {
        guard let url = URL(string: fileURL, relativeTo: base)?.absoluteURL, let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else {
            throw RemoteError(.invalid, "the manifest names the file \"\(fileURL)\", which is not an http(s) URL nor a path relative to \(baseText)")
        }
        return url
    }

    /// Whether `url` is on the API's own host (and so may carry the token).
    func sameOrigin(_ url: URL) -> Bool {
        url.scheme?.lowercased() == base.scheme?.lowercased() && url.host?.lowercased() == base.host?.lowercased() && url.port == base.port
    }

    /// A request with the headers every call carries: JSON wanted, the token on the API's host.
    public func request(_ url: URL, method: String = "GET", json body: JSONValue? = nil) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("walkscape/\(RemoteAPI.version)", forHTTPHeaderField: "User-Agent")
        if let token, sameOrigin(url) { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(JSONWriter(pretty: false).write(body).utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// The version walkscape announces in `User-Agent`.
    public static let version = "0.1.0"

    // MARK: Endpoints

    /// `GET /tours?language=L&city=C`.
    public func tours(language: String?, city: String? = nil) throws(RemoteError) -> [RemoteTourSummary] {
        var query: [(String, String)] = []
        if let language { query.append(("language", language)) }
        if let city { query.append(("city", city)) }
        let json = try getJSON(endpoint(["tours"], query: query), what: "the tour list", notFound: "no tour list at this address; check --api (it should end with the API's version, e.g. /v1)")
        do { return try RemoteTourSummary.decodeList(json) } catch { throw RemoteAPI.badJSON(error, url: endpoint(["tours"], query: query)) }
    }

    /// The id of the tour whose slug is `slug` in the tour list (`GET /tours`), nil when no tour has it.
    public func tourID(slug: String) throws(RemoteError) -> String? {
        try tours(language: nil).first { $0.slug == slug }?.id
    }

    /// `GET /tours/{id}?language=L`.
    public func detail(_ id: String, language: String) throws(RemoteError) -> RemoteTourDetail {
        let url = endpoint(["tours", id], query: [("language", language)])
        let json = try getJSON(url, what: "tour \(id)", notFound: notFoundHint(id, language))
        do { return try RemoteTourDetail(json, language: language) } catch { throw RemoteAPI.badJSON(error, url: url) }
    }

    /// `GET /tours/{id}/points?language=L`.
    public func points(_ id: String, language: String) throws(RemoteError) -> [RemotePoint] {
        let url = endpoint(["tours", id, "points"], query: [("language", language)])
        let json = try getJSON(url, what: "the points of tour \(id)", notFound: notFoundHint(id, language), protectedTour: id)
        do { return try RemotePoint.decodeList(json, language: language) } catch { throw RemoteAPI.badJSON(error, url: url) }
    }

    /// `GET /tours/{id}/manifest?language=L`.
    public func manifest(_ id: String, language: String) throws(RemoteError) -> RemoteManifest {
        let url = endpoint(["tours", id, "manifest"], query: [("language", language)])
        let json = try getJSON(url, what: "the manifest of tour \(id)", notFound: notFoundHint(id, language), protectedTour: id)
        do { return try RemoteManifest(json, language: language) } catch { throw RemoteAPI.badJSON(error, url: url) }
    }

    /// `POST /vouchers/validate {code, tourId}`: redeems a voucher for the account of the token.
    /// A voucher refused (expired, used up, unknown) is an `.invalid` error saying why.
    public func redeemVoucher(_ code: String, tourID: String) throws(RemoteError) {
        let url = endpoint(["vouchers", "validate"])
        let body: JSONValue = .object([("code", .string(code)), ("tourId", .string(tourID))])
        let response = try send(request(url, method: "POST", json: body), what: "voucher \(code)")
        switch response.status {
        case 200..<300:
            let answer: RemoteVoucherAnswer
            do {
                answer = try RemoteVoucherAnswer(try parse(response, url: url))
            } catch let error as RemoteFormatError {
                throw RemoteAPI.badJSON(error, url: url)
            } catch let error as RemoteError {
                throw error
            } catch {
                throw RemoteError(.invalid, "POST \(url.absoluteString): \(error)")
            }
            if !answer.valid { throw RemoteError(.invalid, answer.refusal(code: code, now: Date().timeIntervalSince1970)) }
        case 409:
            return  // "You already have access to this tour"
        case 401:
            throw RemoteError(.unavailable, "POST \(url.absoluteString): 401 Unauthorized\(quote(response)): redeeming a voucher needs an account; pass --token T (the token the app gets when you log in) with --voucher")
        case 400, 404, 410, 422:
            throw RemoteError(.invalid, "voucher \(code) was refused (\(response.status))\(quote(response))")
        default:
            throw statusError(response, method: "POST", url: url, notFound: "")
        }
    }

    /// `POST /analytics/events` with `body` (`{"events": […]}`); accepts 200 `{"status": "ok"}` and 204.
    public func postEvents(_ body: JSONValue) throws(RemoteError) -> Int {
        let url = endpoint(["analytics", "events"])
        let response = try send(request(url, method: "POST", json: body), what: "the analytics events")
        guard (200..<300).contains(response.status) else { throw statusError(response, method: "POST", url: url, notFound: "this API has no analytics endpoint") }
        return response.status
    }

    // MARK: Plumbing

    private func notFoundHint(_ id: String, _ language: String) -> String {
        "no tour \"\(id)\" in \(language) on this server; `walkscape remote tours --api \(baseText)` lists the tours and their languages"
    }

    /// GET and parse JSON, with retries; 401/403/404 and others become one-line errors.
    func getJSON(_ url: URL, what: String, notFound: String, protectedTour: String? = nil) throws(RemoteError) -> JSONValue {
        let response = try send(request(url), what: what)
        guard (200..<300).contains(response.status) else {
            throw statusError(response, method: "GET", url: url, notFound: notFound, protectedTour: protectedTour)
        }
        do {
            return try parse(response, url: url)
        } catch let error as RemoteError {
            throw error
        } catch {
            throw RemoteError(.invalid, "GET \(url.absoluteString): \(error)")
        }
    }

    func parse(_ response: HTTPResponse, url: URL) throws -> JSONValue {
        do {
            return try JSONParser().parse(response.body)
        } catch {
            throw RemoteError(.invalid, "GET \(url.absoluteString): the answer is not JSON: line \(error.line), column \(error.column): \(error.message)")
        }
    }

    static func badJSON(_ error: RemoteFormatError, url: URL) -> RemoteError {
        RemoteError(.invalid, "\(url.absoluteString): unexpected answer: \(error)")
    }

    /// Sends with retries on 5xx and connection failures, over `client` (default: the API's own connection);
    /// an answer larger than `limit` bytes is an error. Each retry is told to `retried` (default: `onRetry`).
    public func send(_ request: URLRequest, what: String, client: HTTPClient? = nil, limit: Int = 64 << 20,
        retried: (@Sendable (String, Int, Double) -> Void)? = nil, tick: () -> Void = {}) throws(RemoteError) -> HTTPResponse
    {
        let client = client ?? self.client
        let retried = retried ?? onRetry
        let label = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "?")"
        var attempt = 1
        while true {
            let reason: String
            let outcome: Result<HTTPResponse, HTTPTransportError>
            do {
                outcome = .success(try client.send(request, limit: limit, tick: tick))
            } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case let .success(response):
                if response.status < 500 { return response }
                if attempt >= retry.attempts {
                    throw RemoteError(.unavailable, "\(label): the server failed (\(response.status)\(quote(response))) \(attempt) time\(attempt == 1 ? "" : "s"); try again later")
                }
                reason = "\(response.status)\(quote(response))"
            case .failure(.interrupted):
                throw RemoteError(.interrupted(interruption.signal), "interrupted")
            case let .failure(.connection(message)):
                if attempt >= retry.attempts {
                    throw RemoteError(.unavailable, "\(label): \(message) (\(attempt) attempt\(attempt == 1 ? "" : "s")); check --api and the network", isUnreachable: true)
                }
                reason = message
            case let .failure(.refused(message)):
                throw RemoteError(.unavailable, "\(label): \(message); nothing is listening there, so it was not retried: check --api and that the server runs", isUnreachable: true)
            case let .failure(.unusable(message)):
                throw RemoteError(.unavailable, "\(label): \(message)")
            case let .failure(.tooLarge(limit)):
                throw RemoteError(.invalid, "\(label): the answer is larger than \(limit >> 20) MiB, more than \(what) should ever be")
            case let .failure(.sink(message)):
                throw RemoteError(.local, message)
            }
            let delay = retry.delay(before: attempt)
            attempt += 1
            retried?("\(what): \(reason)", attempt, delay)
            guard RetryPolicy.sleep(delay, interruption: interruption) else {
                throw RemoteError(.interrupted(interruption.signal), "interrupted")
            }
        }
    }

    /// ` "server message"` or nothing (nor when it only repeats the status's name).
    func quote(_ response: HTTPResponse) -> String {
        guard let message = response.serverMessage, !["Unauthorized", "Forbidden", "Not Found"].contains(message) else { return "" }
        return " \"\(TerminalText.sanitize(message))\""
    }

    /// A non-2xx status in words, with what to do.
    func statusError(_ response: HTTPResponse, method: String, url: URL, notFound: String, protectedTour: String? = nil) -> RemoteError {
        let head = "\(method) \(url.absoluteString): \(response.status)"
        switch response.status {
        case 401:
            return RemoteError(.unavailable, "\(head) Unauthorized\(quote(response)): pass --token T (the token the app gets when you log in)")
        case 403:
            let tour = protectedTour.map { "tour \($0) is protected: " } ?? ""
            return RemoteError(.unavailable, "\(head) Forbidden\(quote(response)): \(tour)pass --voucher CODE with --token T to redeem a voucher, or --token T of an account that already has access")
        case 404:
            return RemoteError(.unavailable, "\(head) Not Found\(quote(response))\(notFound.isEmpty ? "" : ": " + notFound)", httpStatus: 404)
        default:
            return RemoteError(.unavailable, "\(head)\(quote(response)): unexpected answer")
        }
    }
}
