@preconcurrency import CLibCrypto
import Foundation

/// A running SHA-256 or MD5 digest through the system's libcrypto (OpenSSL's EVP interface): the tours'
/// checksums, a download's file hashed on the way in, a map tile checked against its ETag.
///
/// One instance hashes one stream: `update` as the bytes arrive, then `finalize` once (which leaves the
/// digest ready for a new stream). It is a class because it owns a C context; it is not thread-safe, so a
/// caller that feeds it from a queue keeps it on that queue.
public final class MessageDigest {
    /// The digests walkscape uses.
    public enum Algorithm: Sendable {
        /// SHA-256: the tours' checksums and fingerprints (32 bytes).
        case sha256
        /// MD5: only to compare with a server's ETag (16 bytes), never as a checksum of our own.
        case md5

        fileprivate var evp: OpaquePointer {
            switch self {
            case .sha256: EVP_sha256()
            case .md5: EVP_md5()
            }
        }
    }

    /// The algorithm this digest computes.
    public let algorithm: Algorithm
    private let context: OpaquePointer

    /// A digest ready for its first bytes.
    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
        guard let context = EVP_MD_CTX_new() else {
            preconditionFailure("libcrypto could not allocate a digest context (out of memory)")
        }
        self.context = context
        start()
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds `bytes` to the stream.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// Adds `bytes` (`Data`, `[UInt8]`, ...) to the stream.
    public func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of everything added since the start (or the last `finalize`); the digest then starts over.
    public func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        precondition(done == 1, "libcrypto failed to finish a \(algorithm) digest")
        start()
        return Array(digest.prefix(Int(length)))
    }

    /// `finalize()` as lowercase hex digits.
    public func finalizeHex() -> String {
        MessageDigest.hex(finalize())
    }

    /// The digest of `bytes` in one call.
    public static func hash(_ algorithm: Algorithm, _ bytes: some ContiguousBytes) -> [UInt8] {
        let digest = MessageDigest(algorithm)
        digest.update(bytes)
        return digest.finalize()
    }

    /// `bytes` as lowercase hex digits, two a byte.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func start() {
        // EVP_sha256 and EVP_md5 are in every libcrypto build Debian ships (the default provider).
        let started = EVP_DigestInit_ex(context, algorithm.evp, nil)
        precondition(started == 1, "libcrypto has no \(algorithm) digest (is OpenSSL's default provider disabled?)")
    }
}
