/// A JSON document as a tree that keeps object key order and number spelling.
///
/// Objects are ordered lists of members so that a tour file can be read, changed in a few places and
/// written back with every unknown field, and the order of all fields, left as the author wrote them.
/// Numbers keep their source text, so `45.0703` is written back as `45.0703`.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, kept as its JSON text.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object's members in source order. Duplicate keys are rejected by the parser.
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b || Double(a) == Double(b)
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Makes a number value from an integer.
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// A short name of the value's JSON type, for messages ("a string", "an object", …).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as a string, when it is one.
    public var stringValue: String? { if case let .string(s) = self { return s } else { return nil } }
    /// The value as a double, when it is a number.
    public var doubleValue: Double? { if case let .number(n) = self { return Double(n) } else { return nil } }
    /// The value as an integer, when it is a number with no fraction that fits in `Int`.
    public var intValue: Int? {
        guard case let .number(n) = self else { return nil }
        if let i = Int(n) { return i }
        if let d = Double(n), d.rounded() == d, abs(d) < 9.0e15 { return Int(d) }
        return nil
    }
    /// The value as a boolean, when it is one.
    public var boolValue: Bool? { if case let .bool(b) = self { return b } else { return nil } }
    /// The members, when the value is an object.
    public var objectMembers: [(key: String, value: JSONValue)]? {
        if case let .object(m) = self { return m } else { return nil }
    }
    /// The elements, when the value is an array.
    public var arrayElements: [JSONValue]? { if case let .array(a) = self { return a } else { return nil }
    }

    /// Sets (or appends) the member `key` of an object; does nothing on other values.
    public mutating func setMember(_ key: String, to value: JSONValue) {
        guard case var .object(members) = self else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key: key, value: value))
        }
        self = .object(members)
    }

    /// Changes the value at `path` (object keys and array indices) with `body`; missing steps are ignored.
    public mutating func modify(at path: [JSONPathComponent], _ body: (inout JSONValue) -> Void) {
        guard let first = path.first else {
            body(&self)
            return
        }
        let rest = Array(path.dropFirst())
        switch (first, self) {
        case let (.key(key), .object(members)):
            guard let index = members.firstIndex(where: { $0.key == key }) else { return }
            var updated = members
            updated[index].value.modify(at: rest, body)
            self = .object(updated)
        case let (.index(i), .array(elements)) where elements.indices.contains(i):
            var updated = elements
            updated[i].modify(at: rest, body)
            self = .array(updated)
        default:
            return
        }
    }
}
