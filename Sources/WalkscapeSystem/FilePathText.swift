/// Paths taken apart as text, without Foundation: `NSString.deletingLastPathComponent` in the toolchain's
/// Foundation traps on a one-character path with no slash (`t`, `.`), which a user may give as an output or a
/// destination (`--dest t`), so walkscape never calls it.
public enum FilePathText {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it: `a/b` → `a`, `/a` → `/`,
    /// `a/b/` → `a`, `a//b` → `a`, `/` → `/`, and `""` for a name with no folder (`tour`, `t`, `.`) or an empty path.
    public static func parent(of path: String) -> String {
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty else { return "" }
        let slash = UInt8(ascii: "/")
        while bytes.count > 1 && bytes.last == slash { bytes.removeLast() }
        if bytes == [slash] { return "/" }
        guard let last = bytes.lastIndex(of: slash) else { return "" }
        var end = last
        while end > 0 && bytes[end - 1] == slash { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
