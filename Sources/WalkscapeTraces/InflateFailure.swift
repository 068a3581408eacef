import CZlib

/// Either the gzip data was bad, or the consumer of the decompressed bytes failed.
enum InflateFailure<E: Error>: Error {
    case gzip(GzipError)
    case sink(E)
}
