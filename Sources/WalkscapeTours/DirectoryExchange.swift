import Foundation

/// Swaps two directories in one step, so that a reader sees the old one or the new one, never neither.
public enum DirectoryExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// Swaps two paths atomically with Linux's `renameat2(…, RENAME_EXCHANGE)`, looked up at run time (the
    /// C library headers Swift sees do not declare it); false when unavailable or unsupported here.
    public static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}
