import Foundation

/// walkscape's private state directory: `$XDG_STATE_HOME/walkscape`, by default `~/.local/state/walkscape`.
///
/// Logs go there rather than to a fixed name in a shared directory such as /tmp, where another user could
/// create the file first (or a symlink in its place) and read or redirect what walkscape writes.
public enum StateDirectory {
    /// The directory's path for `environment`. The XDG rule: `XDG_STATE_HOME` when it is an absolute path,
    /// otherwise `$HOME/.local/state`; nil when neither can be told.
    public static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/walkscape" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/walkscape"
    }

    /// Creates the directory (and the missing ones above it) with mode 0700 and checks that it is a real
    /// directory of ours that nobody else can write into; returns its path, or nil when it cannot be used.
    public static func create(environment: [String: String]) -> String? {
        guard let path = path(environment: environment) else { return nil }
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            // Existing directories are left as they are; new ones are private (the XDG rule for this tree).
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return nil }
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
            status.st_mode & 0o022 == 0
        else { return nil }
        return path
    }

    /// Opens `name` in the state directory for appending (created 0600, never through a symlink); returns
    /// the descriptor and the path, or nil when the directory or the file cannot be used.
    public static func openLog(_ name: String, environment: [String: String]) -> (descriptor: Int32, path: String)? {
        guard let directory = create(environment: environment) else { return nil }
        let path = directory + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        return descriptor >= 0 ? (descriptor, path) : nil
    }
}
