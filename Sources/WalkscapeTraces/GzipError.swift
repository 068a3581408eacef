import CZlib

/// A problem in gzip data.
struct GzipError: Error, Sendable {
    var message: String
}
