import WalkscapeCore

/// A complete HTTP answer held in memory (API calls, not media files).
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields with lowercased names.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The server's own explanation: NestJS's `{"message": …}` (a string or a list), else the first line of
    /// the body when it is short text.
    public var serverMessage: String? {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        if let json = try? JSONParser().parse(Array(text.utf8)) {
            if let message = json["message"]?.stringValue { return message }
            if let messages = json["message"]?.arrayElements?.compactMap(\.stringValue), !messages.isEmpty {
                return messages.joined(separator: "; ")
            }
            if let error = json["error"]?.stringValue { return error }
            return nil
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.isEmpty, line.count <= 200, !line.contains("<") else { return nil }
        return line
    }
}
