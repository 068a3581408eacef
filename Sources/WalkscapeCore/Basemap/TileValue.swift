/// A property value of a vector tile feature (the specification's Value message, one of seven kinds).
public enum TileValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case float(Float)
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    case sint(Int64)
    case bool(Bool)

    /// The value as text (numbers as Swift prints them), for names and classes.
    public var description: String {
        switch self {
        case .string(let s): return s
        case .float(let v): return String(v)
        case .double(let v): return String(v)
        case .int(let v), .sint(let v): return String(v)
        case .uint(let v): return String(v)
        case .bool(let v): return v ? "true" : "false"
        }
    }

    /// The string, if this is a string value.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
