/// One step into a JSON document: an object member or an array element.
public enum JSONPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}
