import WalkscapeCore
/// What the backend answers to one HTTP request at its analytics endpoint, without any I/O: the rules
/// `walkscape collect` serves (its NIO handler only moves bytes).
///
/// `POST …/analytics/events` with a body `AnalyticsEventRules` accepts: 204 and the events to keep. A body
/// that is not JSON: 400 "Unexpected token in JSON body". A refused body: 400 with NestJS's shape
/// `{"statusCode": 400, "message": [...], "error": "Bad Request"}`. Over 100 KiB (Express's JSON limit, which
/// NestJS keeps): 413. Another method or path: 404 `Cannot METHOD /path`, as NestJS answers. A body whose
/// Content-Type is not `application/json` (text/plain, a form, none) is not read at all, as Express's JSON
/// parser leaves it: the batch is then `{}`, refused with `events must be an array`.
public enum AnalyticsIntake {
    /// The largest body accepted: body-parser's default JSON limit, 100 KiB.
    public static let bodyLimit = 100 * 1024

    /// An answer: the status, its JSON body (none for 204) and the events accepted.
    public struct Answer: Sendable, Equatable {
        public var status: Int
        public var body: JSONValue?
        public var events: [JSONValue]
        /// For the person sending, not sent back (the backend says nothing of it): why the body was not read.
        public var note: String?

        public init(status: Int, body: JSONValue?, events: [JSONValue], note: String? = nil) {
            self.status = status
            self.body = body
            self.events = events
            self.note = note
        }
    }

    /// Whether `path` (query included) is the analytics endpoint: `/analytics/events` under any API prefix
    /// (`/v1/analytics/events`), so a debug build's base URL works as it is.
    public static func isEndpoint(_ path: String) -> Bool {
        let route = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return route == "/analytics/events" || route.hasSuffix("/analytics/events")
    }

    /// Whether a request's Content-Type header makes Express's JSON parser read its body: the media type
    /// `application/json`, whatever its parameters and letter case.
    public static func isJSON(contentType: String?) -> Bool {
        guard let contentType else { return false }
        // A media type has no white space inside it, so dropping it all trims the ends.
        let media = contentType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }
        return media.lowercased() == "application/json"
    }

    /// The answer to `method` `path` with `body` (nil when it went over `bodyLimit`) sent as `contentType`
    /// (the header's value, nil when there was none).
    public static func answer(method: String, path: String, contentType: String?, body: [UInt8]?) -> Answer {
        guard method == "POST", isEndpoint(path) else {
            return refusal(404, .string("Cannot \(method) \(path.split(separator: "?").first.map(String.init) ?? path)"), "Not Found")
        }
        guard let body else { return refusal(413, .string("request entity too large"), "Payload Too Large") }
        var text = body
        if !body.isEmpty && isJSON(contentType: contentType) {
            // body-parser reads the charsets named utf-*, decoded as iconv does, and refuses the others (415).
            let named = charset(contentType)
            switch named {
            case nil, "utf-8": break
            case "utf-16", "utf-16le", "utf-16be":
                text = utf8(fromUTF16: body, bigEndian: named == "utf-16be")
            case let other?:
                return refusal(415, .string("unsupported charset \"\(TerminalText.sanitize(String(other.prefix(40))).uppercased())\""), "Unsupported Media Type")
            }
        }
        let value: JSONValue
        do {
            var parser = JSONParser()
            // JSON.parse takes a key given twice (the last value), as the backend reads it.
            parser.lastDuplicateWins = true
            value = try parser.parse(text.isEmpty || !isJSON(contentType: contentType) ? Array("{}".utf8) : text)
        } catch {
            return refusal(400, .string("Unexpected token in JSON body"), "Bad Request")
        }
        let problems = AnalyticsEventRules.problems(value)
        guard problems.isEmpty else {
            var answer = refusal(400, .array(problems.map(JSONValue.string)), "Bad Request")
            if !body.isEmpty && !isJSON(contentType: contentType) {
                let named = contentType.flatMap { $0.allSatisfy { $0 == " " || $0 == "\t" } ? nil : $0 }
                let sent = named.map { "as \(TerminalText.sanitize(String($0.prefix(60))))" } ?? "with no Content-Type"
                answer.note = "the body was sent \(sent), which the backend does not read: Express reads only JSON, so send the header Content-Type: application/json"
            }
            return answer
        }
        return Answer(status: 204, body: nil, events: value["events"]?.arrayElements ?? [])
    }

    /// The `charset` parameter of a Content-Type, lowercased and unquoted; nil when there is none.
    static func charset(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, (String(parts[0]).filter { $0 != " " && $0 != "\t" }).lowercased() == "charset" else { continue }
            let value = String(parts[1]).filter { $0 != " " && $0 != "\t" }
            return (value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value).lowercased()
        }
        return nil
    }

    /// `bytes` read as UTF-16 (little-endian unless `bigEndian` or a byte order mark says otherwise; the mark
    /// dropped; an odd last byte and unpaired surrogates become U+FFFD, as iconv-lite reads them), as UTF-8.
    static func utf8(fromUTF16 bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        var big = bigEndian
        var start = 0
        if bytes.count >= 2, (bytes[0], bytes[1]) == (0xFE, 0xFF) { big = true; start = 2 } else if bytes.count >= 2, (bytes[0], bytes[1]) == (0xFF, 0xFE) { big = false; start = 2 }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var i = start
        while i + 1 < bytes.count {
            units.append(big ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]))
            i += 2
        }
        var text = String(decoding: units, as: UTF16.self)
        if i < bytes.count { text += "\u{FFFD}" }
        return Array(text.utf8)
    }

    static func refusal(_ status: Int, _ message: JSONValue, _ reason: String) -> Answer {
        Answer(status: status, body: .object([("statusCode", .number(String(status))), ("message", message), ("error", .string(reason))]), events: [])
    }
}
