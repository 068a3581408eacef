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
    /// The upstream commit (7-digit prefix) whose files the profile's rules are read from: the build's own, or
    /// for a build whose own files cannot be read (`inferredBecause`), the readable one nearest to it.
    public var commit: String
    /// The commit's date (ISO 8601 day), nil when the file index gives none (commits outside the git mirror) or
    /// the build's own commit is unknown.
    public var date: String?
    /// For an undated commit, the latest day its own documents mention (the commit is no earlier).
    public var notBefore: String?
    /// Where the version and build number are written.
    public var versionSource: String
    /// Nil when the rules are read from the build's own files at `commit`; else why they are inferred and
    /// from what ("its files are not in the index: the completion fix as its task document describes it, …").
    public var inferredBecause: String?
    /// Where and when the build reached people, as far as the repository's documents say.
    public var live: AppBuildLive

    public init(
        platform: Platform, version: String, buildNumber: Int, commit: String, date: String?, notBefore: String? = nil, versionSource: String,
        inferredBecause: String? = nil, live: AppBuildLive
    ) {
        self.platform = platform
        self.version = version
        self.buildNumber = buildNumber
        self.commit = commit
        self.date = date
        self.notBefore = notBefore
        self.versionSource = versionSource
        self.inferredBecause = inferredBecause
        self.live = live
    }

    /// "read" or "inferred", for tables.
    public var status: String { inferredBecause == nil ? "read" : "inferred" }

    /// The date for tables: the day, "after DAY" for an undated commit, or "undated".
    public var dateText: String { date ?? notBefore.map { "after \($0)" } ?? "undated" }

    /// "1.1.1-beta (9)".
    public var label: String { "\(version) (\(buildNumber))" }
}
