import Foundation

/// When a downloaded file's bytes are checked against the MD5 that the server's `ETag` carries (S3 and R2
/// send one for single-part uploads; other servers send none, or a weak or multipart ETag that is no MD5).
///
/// MD5 of every byte costs about as much CPU as the transfer itself on a fast link (600 MB/s on one core,
/// docs/benchmarks.md "Downloads"), and over HTTPS it checks what TLS has already guaranteed: that the bytes
/// are the ones the server sent. So by default it runs only where nothing else protects the bytes.
public enum ETagCheck: String, Sendable, CaseIterable {
    /// Checked when the file came over plain HTTP, and for a file partly on disk from an earlier run (resumed,
    /// or written in full but not recorded): TLS stands in for it only for bytes that came over HTTPS now.
    case auto
    /// Checked whenever the server sends an MD5 ETag, HTTPS included.
    case always
    /// Never checked (the size and the SHA-256 written into tour.json still are).
    case never

    /// Whether a file that came from `url` is checked (when its ETag is an MD5).
    public func applies(to url: URL?) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return url?.scheme?.lowercased() != "https"
        }
    }
}
