import WalkscapeCore
/// An API response that is not shaped as expected: which response, where in it, and what was wrong.
///
/// Rendered on one line as `manifest (it): audio[2].fileSizeBytes: expected an integer ≥ 0, got the string "12"`.
public struct RemoteFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which response: `tour list`, `tour detail (it)`, `points (en)`, `manifest (it)`, `voucher answer`.
    public var document: String
    /// The field path inside the response (`(root)` for the whole response).
    public var path: JSONPath
    public var message: String

    public init(document: String, path: JSONPath, _ message: String) {
        self.document = document
        self.path = path
        self.message = message
    }

    public var description: String { "\(document): \(path): \(message)" }
}
