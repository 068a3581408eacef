/// What an image file's first bytes say it is: the formats a phone shows as a tour's cover or a point's image,
/// told by their signatures (never by the name), and gzip data (a cover the server sent compressed, stored as it
/// came).
public enum ImageSignature: String, Sendable, Equatable {
    case png = "PNG", jpeg = "JPEG", gif = "GIF", webp = "WebP", heif = "HEIF/AVIF", gzip

    /// The bytes read to tell.
    public static let prefixBytes = 16

    /// The kind of `prefix` (a file's first bytes), nil when it is none of these.
    public static func of(_ prefix: [UInt8]) -> ImageSignature? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            prefix.count >= offset + signature.count && Array(prefix[offset..<(offset + signature.count)]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4) { return .heif }
        if starts([0x1F, 0x8B]) { return .gzip }
        return nil
    }

    /// The diagnostic for an image whose first bytes are `prefix`: an error for gzip data, a warning for bytes
    /// that are no image a phone shows; nil for an image.
    public static func problem(_ prefix: [UInt8]) -> (isError: Bool, message: String)? {
        switch of(prefix) {
        case .gzip?:
            return (true, "gzip-compressed data, not an image: it was stored as the server sent it (Content-Encoding: gzip) without being inflated; download the tour again")
        case nil:
            return (false, "not a PNG, JPEG, GIF, WebP or HEIF/AVIF image (its first bytes say none of these); the app cannot show it")
        default:
            return nil
        }
    }
}
