/// The version string `walkscape --version` prints.
public enum WalkscapeVersion {
    public static let current = "0.1.0"
}
