import Foundation

/// Where the tours live, for every command that lists, opens, installs or removes tours by name: the first of
/// `--tours DIR` (or a command's own directory argument), `$WALKSCAPE_TOURS`, `./tours` when that directory
/// exists (a checkout, or a directory of one's own), and `$XDG_DATA_HOME/walkscape/tours` (by default
/// `~/.local/share/walkscape/tours`, where an installed tool keeps its data).
public struct ToursDirectory: Equatable, Sendable {
    /// What decided the directory.
    public enum Source: String, Sendable {
        case option, environment, workingDirectory, dataHome
    }

    public let path: String
    public let source: Source

    public init(path: String, source: Source) {
        self.path = path
        self.source = source
    }

    /// The environment variable naming the tours directory.
    public static let environmentVariable = "WALKSCAPE_TOURS"

    /// Resolves the directory from an explicit choice, the environment and what exists. `isDirectory` is asked
    /// about `tours` (relative to the working directory) only; empty values count as unset, and a relative
    /// `XDG_DATA_HOME` is ignored, as the XDG Base Directory specification says.
    public static func resolve(
        explicit: String?, environment: [String: String], isDirectory: (String) -> Bool
    ) -> ToursDirectory {
        if let explicit, !explicit.isEmpty { return ToursDirectory(path: explicit, source: .option) }
        if let named = environment[environmentVariable], !named.isEmpty { return ToursDirectory(path: named, source: .environment) }
        if isDirectory("tours") { return ToursDirectory(path: "tours", source: .workingDirectory) }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/share"
        }
        return ToursDirectory(path: dataHome + "/walkscape/tours", source: .dataHome)
    }

    /// Resolves against this process's environment and working directory.
    public static func resolve(explicit: String?) -> ToursDirectory {
        resolve(explicit: explicit, environment: ProcessInfo.processInfo.environment) { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
