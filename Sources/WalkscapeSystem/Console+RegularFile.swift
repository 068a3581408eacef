import Foundation

extension Console {
    /// Refuses `path` unless it names an existing file that is not a directory: one line (`name: no such file`,
    /// `name: is a directory; expected EXPECTED`) on standard error and exit status 2. `name` is the path as it
    /// may be shown (sanitised by the caller).
    public func requireRegularFile(_ path: String, shownAs name: String, expected: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            error(name + ": no such file")
            throw CommandExit(.usage)
        }
        guard !isDirectory.boolValue else {
            error(name + ": is a directory; expected " + expected)
            throw CommandExit(.usage)
        }
    }
}
