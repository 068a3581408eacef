/// One build of the reference app (gigiorda84/walkspace-app) that a profile models: its platform, the version
/// and build number the store shows, the commit its code was read from, and where those figures are written.
///
/// docs/upstream/walkspace-app-builds.md §1 cites each figure; where the repository's file index does not hold
/// the build file at the commit, `versionSource` says which document gives the version instead.
public struct AppBuild: Sendable, Equatable {
    /// The phone platform.
    public enum Platform: String, Sendable {
        case ios, android
    }

    public var platform: Platform
    /// `versionName` (Android) or `MARKETING_VERSION` (iOS): "1.1.1-beta", "1.6".
    public var version: String
    /// `versionCode` (Android) or `CURRENT_PROJECT_VERSION` (iOS).
    public var buildNumber: Int
    /// The upstream commit (7-digit prefix) whose files the profile's rules are read from.
    public var commit: String
    /// The commit's date (ISO 8601 day), nil when the file index gives none (commits outside the git mirror).
    public var date: String?
    /// For an undated commit, the latest day its own documents mention (the commit is no earlier).
    public var notBefore: String?
    /// Where the version and build number are written.
    public var versionSource: String

    public init(platform: Platform, version: String, buildNumber: Int, commit: String, date: String?, notBefore: String? = nil, versionSource: String) {
        self.platform = platform
        self.version = version
        self.buildNumber = buildNumber
        self.commit = commit
        self.date = date
        self.notBefore = notBefore
        self.versionSource = versionSource
    }

    /// The date for tables: the day, "after DAY" for an undated commit, or "undated".
    public var dateText: String { date ?? notBefore.map { "after \($0)" } ?? "undated" }

    /// "1.1.1-beta (9)".
    public var label: String { "\(version) (\(buildNumber))" }
}
