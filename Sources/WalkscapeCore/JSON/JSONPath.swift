/// A location inside a JSON document, written the way people read it: `points[2].tracks.it.audio`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public var components: [JSONPathComponent]

    public init(_ components: [JSONPathComponent] = []) { self.components = components }

    /// The path one member further down.
    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    /// The path one element further down.
    public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case let .key(key):
                let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                if plain {
                    text += text.isEmpty ? key : "." + key
                } else {
                    text += "[\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
                }
            case let .index(i):
                text += "[\(i)]"
            }
        }
        return text.isEmpty ? "(root)" : text
    }
}
