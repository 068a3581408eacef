import Foundation
import WalkscapeCore

/// Reads the fields of one JSON object of an API response, naming every problem by its field path.
///
/// The API's DTOs send `null` for unset values; the `optional…` readers treat a missing member and `null` alike.
/// Every string is made safe for a terminal (`TerminalText.sanitize`) here, where it enters, so a server's
/// escape sequences never reach the screen, a file name or a `tour.json`; numbers are checked against their
/// ranges (`ValueRanges`) so nothing downstream can overflow.
public struct RemoteFields: Sendable {
    public var document: String
    public var value: JSONValue
    public var path: JSONPath

    /// The fields of `value`, which must be an object.
    public init(_ value: JSONValue, document: String, path: JSONPath = JSONPath()) throws(RemoteFormatError) {
        guard case .object = value else {
            throw RemoteFormatError(document: document, path: path, "expected an object, got \(RemoteFields.describe(value))")
        }
        self.document = document
        self.value = value
        self.path = path
    }

    /// A short description of a value for messages: its JSON type, and strings and numbers themselves.
    public static func describe(_ value: JSONValue) -> String {
        switch value {
        case let .number(n): return "the number \(n)"
        case let .string(s): return "the string " + JSONWriter.quoted(s.count > 40 ? String(s.prefix(40)) + "…" : s)
        case let .bool(b): return b ? "true" : "false"
        default: return value.kindDescription
        }
    }

    func fail(_ key: String, _ message: String) -> RemoteFormatError {
        RemoteFormatError(document: document, path: path.appending(key), message)
    }

    /// The member `key`, nil when missing or `null`.
    public func optional(_ key: String) -> JSONValue? {
        guard let member = value[key], member != .null else { return nil }
        return member
    }

    func required(_ key: String, _ expected: String) throws(RemoteFormatError) -> JSONValue {
        guard let member = value[key] else { throw fail(key, "missing, expected \(expected)") }
        guard member != .null else { throw fail(key, "is null, expected \(expected)") }
        return member
    }

    /// A required string, not empty.
    public func string(_ key: String) throws(RemoteFormatError) -> String {
        let member = try required(key, "a string")
        guard let text = member.stringValue else { throw fail(key, "expected a string, got \(RemoteFields.describe(member))") }
        let safe = TerminalText.sanitize(text)
        guard !safe.trimmingCharacters(in: .whitespaces).isEmpty else { throw fail(key, "is empty, expected a non-empty string") }
        return safe
    }

    /// An optional string (missing or `null` give nil; an empty string is kept).
    public func optionalString(_ key: String) throws(RemoteFormatError) -> String? {
        guard let member = optional(key) else { return nil }
        guard let text = member.stringValue else { throw fail(key, "expected a string or null, got \(RemoteFields.describe(member))") }
        return TerminalText.sanitize(text)
    }

    /// A required identifier: a string, or an integer written as text (some backends number their ids).
    public func identifier(_ key: String) throws(RemoteFormatError) -> String {
        let member = try required(key, "an id (a string)")
        if let int = member.intValue { return String(int) }
        guard let text = member.stringValue.map({ TerminalText.sanitize($0) }), !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail(key, "expected an id (a non-empty string), got \(RemoteFields.describe(member))")
        }
        return text
    }

    /// A required integer within `range`.
    public func integer(_ key: String, in range: ClosedRange<Int> = 0...Int.max, expected: String = "an integer ≥ 0") throws(RemoteFormatError) -> Int {
        let member = try required(key, expected)
        guard let int = member.intValue, range.contains(int) else { throw fail(key, "expected \(expected), got \(RemoteFields.describe(member))") }
        return int
    }

    /// A required number from `minimum` to `maximum`, as a double.
    public func number(_ key: String, minimum: Double = 0, maximum: Double = .greatestFiniteMagnitude, expected: String = "a number ≥ 0") throws(RemoteFormatError) -> Double {
        let member = try required(key, expected)
        guard let number = member.doubleValue, number.isFinite, number >= minimum, number <= maximum else {
            throw fail(key, "expected \(expected), got \(RemoteFields.describe(member))")
        }
        return number
    }

    /// An optional number within `range` (missing or `null` give nil).
    public func optionalNumber(_ key: String, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, expected: String = "a number") throws(RemoteFormatError) -> Double? {
        guard let member = optional(key) else { return nil }
        guard let number = member.doubleValue, number.isFinite, range.contains(number) else {
            throw fail(key, "expected \(expected) or null, got \(RemoteFields.describe(member))")
        }
        return number
    }

    /// An optional whole number within `range` (missing or `null` give nil; `3.0` is read as 3).
    public func optionalInteger(_ key: String, in range: ClosedRange<Int>, expected: String) throws(RemoteFormatError) -> Int? {
        guard let member = optional(key) else { return nil }
        guard let number = member.doubleValue, let int = ValueRanges.wholeNumber(number, in: range) else {
            throw fail(key, "expected \(expected) or null, got \(RemoteFields.describe(member))")
        }
        return int
    }

    /// A required boolean.
    public func bool(_ key: String) throws(RemoteFormatError) -> Bool {
        let member = try required(key, "true or false")
        guard let flag = member.boolValue else { throw fail(key, "expected true or false, got \(RemoteFields.describe(member))") }
        return flag
    }

    /// An optional boolean.
    public func optionalBool(_ key: String) throws(RemoteFormatError) -> Bool? {
        guard let member = optional(key) else { return nil }
        guard let flag = member.boolValue else { throw fail(key, "expected true, false or null, got \(RemoteFields.describe(member))") }
        return flag
    }

    /// A required array of strings.
    public func strings(_ key: String) throws(RemoteFormatError) -> [String] {
        let member = try required(key, "an array of strings")
        guard let elements = member.arrayElements else { throw fail(key, "expected an array of strings, got \(RemoteFields.describe(member))") }
        var result: [String] = []
        for (i, element) in elements.enumerated() {
            guard let text = element.stringValue else {
                throw RemoteFormatError(document: document, path: path.appending(key).appending(index: i),
                    "expected a string, got \(RemoteFields.describe(element))")
            }
            result.append(TerminalText.sanitize(text))
        }
        return result
    }

    /// A required array whose elements are objects, each read with `body`.
    public func objects<T>(_ key: String, _ body: (RemoteFields) throws(RemoteFormatError) -> T) throws(RemoteFormatError) -> [T] {
        let member = try required(key, "an array")
        guard let elements = member.arrayElements else { throw fail(key, "expected an array, got \(RemoteFields.describe(member))") }
        return try RemoteFields.objects(elements, document: document, path: path.appending(key), body)
    }

    /// Each element of `elements` (found at `path`) read as an object with `body`.
    /// A list response, as both API generations send them: a bare array, or an object holding the array under
    /// `key` (`{"tours": […]}`); each element read by `body`. `noun` names the elements in the error.
    public static func list<T>(_ value: JSONValue, key: String, noun: String, document: String, _ body: (RemoteFields) throws(RemoteFormatError) -> T) throws(RemoteFormatError) -> [T] {
        if let array = value.arrayElements {
            return try objects(array, document: document, path: JSONPath(), body)
        }
        if let array = value[key]?.arrayElements {
            return try objects(array, document: document, path: JSONPath([.key(key)]), body)
        }
        throw RemoteFormatError(document: document, path: JSONPath(), "expected an array of \(noun), got \(describe(value))")
    }

    public static func objects<T>(_ elements: [JSONValue], document: String, path: JSONPath, _ body: (RemoteFields) throws(RemoteFormatError) -> T) throws(RemoteFormatError) -> [T] {
        var result: [T] = []
        for (i, element) in elements.enumerated() {
            result.append(try body(try RemoteFields(element, document: document, path: path.appending(index: i))))
        }
        return result
    }

    /// A required nested object.
    public func object(_ key: String) throws(RemoteFormatError) -> RemoteFields {
        try RemoteFields(try required(key, "an object"), document: document, path: path.appending(key))
    }

    /// An optional nested object.
    public func optionalObject(_ key: String) throws(RemoteFormatError) -> RemoteFields? {
        guard let member = optional(key) else { return nil }
        return try RemoteFields(member, document: document, path: path.appending(key))
    }

    /// A position `{lat, lng}`; nil when the object or either coordinate is `null` (the backend's unset
    /// starting point), an error when a coordinate is out of range.
    public func optionalLatLng(_ key: String) throws(RemoteFormatError) -> LatLng? {
        guard let object = try optionalObject(key) else { return nil }
        guard let lat = try object.optionalNumber("lat"), let lng = try object.optionalNumber("lng") else { return nil }
        let position = LatLng(lat: lat, lng: lng)
        guard position.isValid else { throw fail(key, "expected a position with latitude in [-90, 90] and longitude in [-180, 180], got \(lat), \(lng)") }
        return position
    }

    /// A required position `{lat, lng}`.
    public func latLng(_ key: String) throws(RemoteFormatError) -> LatLng {
        guard let position = try optionalLatLng(key) else { throw fail(key, "missing or null, expected {\"lat\": number, \"lng\": number}") }
        return position
    }

    /// A text that is either a plain string (one language) or a map from language to string; nil when absent.
    /// Line breaks become spaces unless `keepNewlines` (descriptions).
    public func optionalText(_ key: String, keepNewlines: Bool = false) throws(RemoteFormatError) -> [(language: String?, text: String)]? {
        guard let member = optional(key) else { return nil }
        if let text = member.stringValue { return [(nil, TerminalText.sanitize(text, keepNewlines: keepNewlines))] }
        guard let members = member.objectMembers else {
            throw fail(key, "expected a string or an object of strings by language, got \(RemoteFields.describe(member))")
        }
        var result: [(language: String?, text: String)] = []
        for (language, value) in members {
            guard value != .null else { continue }
            guard let text = value.stringValue else {
                throw RemoteFormatError(document: document, path: path.appending(key).appending(language),
                    "expected a string, got \(RemoteFields.describe(value))")
            }
            result.append((TerminalText.sanitize(language), TerminalText.sanitize(text, keepNewlines: keepNewlines)))
        }
        return result
    }
}
