import Foundation

/// The bearer token for the API: `--token T`, else the `WALKSCAPE_TOKEN` environment variable (which keeps
/// it off command lines, where `ps` shows them, and is how `play` hands it to the download it runs).
public enum AccessToken {
    public static let environmentVariable = "WALKSCAPE_TOKEN"

    /// The token to use: the option's, else the environment's; nil when neither is set (or both are empty).
    public static func resolve(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let option, !option.isEmpty { return option }
        if let value = environment[environmentVariable], !value.isEmpty { return value }
        return nil
    }
}
