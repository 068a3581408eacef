import WalkscapeCore
/// The deployed backend's checks of a `POST /analytics/events` body: its DTOs
/// (`backend/src/analytics/dto/analytics-event.dto.ts`, `track-events.dto.ts`, commit 5c84126) under
/// `main.ts`'s `ValidationPipe({whitelist: true, forbidNonWhitelisted: true})`, with the messages NestJS
/// answers in its 400 body, in its order.
///
/// `walkscape collect` refuses what the backend refuses with these; the test API server
/// (`Tests/WalkscapeRemoteTests/server/api_server.py`, `analytics_problems`) applies the same rules, and
/// `AnalyticsEventRulesTests` proves both give the same messages for a corpus of bodies.
public enum AnalyticsEventRules {
    /// The optional fields of an event and the check each gets (`name` is required).
    public static let optionalFields: [(name: String, kind: Kind)] = [
        ("userId", .string), ("anonymousId", .string), ("tourId", .string), ("pointId", .string), ("language", .string),
        ("device", .string), ("osVersion", .string), ("offline", .boolean), ("timestamp", .date), ("properties", .object),
    ]

    /// What a field must hold.
    public enum Kind: Sendable {
        case string, boolean, date, object
    }

    /// The messages for `body` (a parsed JSON body), empty when the backend accepts it.
    public static func problems(_ body: JSONValue) -> [String] {
        guard let members = body.objectMembers else {
            return ["events must contain at least 1 elements", "events must be an array"]
        }
        var problems = members.filter { $0.key != "events" }.map { "property \($0.key) should not exist" }
        guard let events = body["events"]?.arrayElements else {
            return problems + [
                "nested property events must be either object or array", "events must contain at least 1 elements", "events must be an array",
            ]
        }
        if events.isEmpty { return problems + ["events must contain at least 1 elements"] }
        let known = Set(optionalFields.map(\.name) + ["name"])
        for (i, event) in events.enumerated() {
            let path = "events.\(i)."
            guard let fields = event.objectMembers else {
                problems.append("events.nested property events must be either object or array")
                continue
            }
            for field in fields where !known.contains(field.key) { problems.append(path + "property \(field.key) should not exist") }
            if !(event["name"]?.stringValue.map { AnalyticsBatch.eventNames.contains($0) } ?? false) {
                problems.append(path + "name must be one of the following values: " + AnalyticsBatch.eventNames.joined(separator: ", "))
            }
            for (name, kind) in optionalFields {
                guard let value = event[name], value != .null else { continue }
                switch kind {
                case .string: if value.stringValue == nil { problems.append(path + "\(name) must be a string") }
                case .boolean: if value.boolValue == nil { problems.append(path + "\(name) must be a boolean value") }
                case .date:
                    if !(value.stringValue.map(isISO8601Date) ?? false) { problems.append(path + "\(name) must be a valid ISO 8601 date string") }
                case .object: if value.objectMembers == nil { problems.append(path + "\(name) must be an object") }
                }
            }
        }
        return problems
    }

    /// class-validator's `IsDateString` as the backend uses it:
    /// `YYYY-MM-DD[Thh:mm[:ss[.fraction]][Z|±hh[:]mm]]`, digits being any Unicode decimal digit and one
    /// final line feed tolerated, as the test server's regular expression reads it.
    public static func isISO8601Date(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasSuffix("\n") { rest = rest.dropLast() }
        func isDigit(_ c: Character) -> Bool { c.unicodeScalars.count == 1 && c.unicodeScalars.first!.properties.generalCategory == .decimalNumber }
        func digits(_ count: Int) -> Bool {
            guard rest.count >= count, rest.prefix(count).allSatisfy(isDigit) else { return false }
            rest = rest.dropFirst(count)
            return true
        }
        func literal(_ c: Character) -> Bool {
            guard rest.first == c else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard digits(4), literal("-"), digits(2), literal("-"), digits(2) else { return false }
        if rest.isEmpty { return true }
        guard literal("T"), digits(2), literal(":"), digits(2) else { return false }
        if literal(":") {
            guard digits(2) else { return false }
            if literal(".") {
                let count = rest.prefix(while: isDigit).count
                guard count > 0 else { return false }
                rest = rest.dropFirst(count)
            }
        }
        if rest.isEmpty || (literal("Z") && rest.isEmpty) { return rest.isEmpty }
        guard literal("+") || literal("-") else { return false }
        guard digits(2) else { return false }
        _ = literal(":")
        return digits(2) && rest.isEmpty
    }
}
