/// The phone app's own analytics events, read from what a tester has: the `POST /analytics/events` batch body
/// (`{"events": [...]}`), a JSON array of events, `walkscape collect`'s JSON Lines, or a CSV export whose
/// header names the columns (`name`/`event`/`eventType`, `pointId`, `timestamp`/`createdAt`, `tourId`).
public struct ObservedAnalytics: Sendable {
    /// One event: what it was, which point, when (seconds since 1970, nil when it has no readable time).
    public struct Event: Sendable, Equatable {
        public var name: String
        public var pointID: String?
        /// `properties.order` when the event carries one (walkscape's and test batches do).
        public var order: Int?
        public var time: Double?
        public var tourID: String?
        /// The phone that sent it (`anonymousId`), nil when the file does not say.
        public var device: String?
        /// Where it was read ("event 3", "line 7").
        public var location: String

        public init(
            name: String, pointID: String? = nil, order: Int? = nil, time: Double? = nil, tourID: String? = nil, device: String? = nil, location: String
        ) {
            self.device = device
            self.name = name
            self.pointID = pointID
            self.order = order
            self.time = time
            self.tourID = tourID
            self.location = location
        }
    }

    public var events: [Event]

    /// A file that is none of the accepted shapes, with where and what was expected.
    public struct FormatError: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var description: String { message }
    }

    /// Reads `text` in whichever of the accepted shapes it is.
    public init(parsing text: String) throws(FormatError) {
        let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[" {
            if let whole = try? JSONParser().parse(Array(trimmed.utf8)) {
                // One event alone: `walkscape collect`'s file after the phone sent a single event.
                if whole.objectMembers != nil, whole["name"] != nil {
                    events = [try Self.event(whole, at: "line \(text[..<trimmed.startIndex].filter { $0 == "\n" }.count + 1)")]
                    return
                }
                let list = whole["events"]?.arrayElements ?? whole.arrayElements
                guard let list else { throw FormatError(message: "a JSON object without an \"events\" array; expected a POST /analytics/events body, an array of events or JSON Lines") }
                events = try list.enumerated().map { i, value throws(FormatError) in try Self.event(value, at: "event \(i + 1)") }
                return
            }
            // JSON Lines: one event a line.
            var out: [Event] = []
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.allSatisfy(\.isWhitespace) {
                guard let value = try? JSONParser().parse(Array(line.utf8)) else {
                    throw FormatError(message: "line \(i + 1) is not a JSON object; expected one event a line (walkscape collect's file)")
                }
                out.append(try Self.event(value, at: "line \(i + 1)"))
            }
            events = out
            return
        }
        events = try Self.csv(String(trimmed))
    }

    static func event(_ value: JSONValue, at location: String) throws(FormatError) -> Event {
        guard value.objectMembers != nil, let name = value["name"]?.stringValue else {
            throw FormatError(message: "\(location) has no \"name\"; expected events as the app posts them")
        }
        let order = value["properties"]?["order"]?.intValue
        return Event(
            name: name, pointID: value["pointId"]?.stringValue, order: order, time: value["timestamp"]?.stringValue.flatMap(ISO8601Time.parse),
            tourID: value["tourId"]?.stringValue, device: value["anonymousId"]?.stringValue, location: location)
    }

    static func csv(_ text: String) throws(FormatError) -> [Event] {
        let rows = CSVRows.parse(text)
        guard let header = rows.first?.map({ $0.lowercased().filter { $0.isLetter } }) else { return [] }
        func column(_ names: [String]) -> Int? { header.firstIndex { names.contains($0) } }
        guard let name = column(["name", "event", "eventtype", "type", "eventname"]) else {
            throw FormatError(message: "line 1: a CSV header without a name, event or eventType column; expected the backend's export or walkscape's shapes")
        }
        let point = column(["pointid"])
        let time = column(["timestamp", "createdat", "time"])
        let tour = column(["tourid"])
        let device = column(["anonymousid", "deviceid"])
        func cell(_ row: [String], _ index: Int?) -> String? {
            guard let index, index < row.count, !row[index].isEmpty else { return nil }
            return row[index]
        }
        return rows.dropFirst().enumerated().compactMap { i, row in
            guard let eventName = cell(row, name) else { return nil }
            return Event(
                name: eventName, pointID: cell(row, point), time: cell(row, time).flatMap(ISO8601Time.parse), tourID: cell(row, tour),
                device: cell(row, device), location: "line \(i + 2)")
        }
    }
}
