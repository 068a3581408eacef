import Foundation

/// Bytes for people: `812 B`, `45.3 kB`, `4.5 MB`, `1.20 GB` (powers of 1000, like the download sizes
/// `walkscape info` shows).
public func formatBytes(_ bytes: Int) -> String {
    let value = Double(bytes)
    if bytes < 1000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return String(format: "%.1f kB", value / 1e3) }
    if bytes < 1_000_000_000 { return String(format: "%.1f MB", value / 1e6) }
    return String(format: "%.2f GB", value / 1e9)
}

extension String {
    /// The string right-aligned in `width` characters.
    public func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
