/// Named presets of the engine's policy: what walkscape's rules do, and what each build of the phone app
/// would do with the same walk. docs/profiles.md says where each rule comes from in the reference app's source.
///
/// App profiles are named `PLATFORM-app@COMMIT` after the upstream commit their rules are read from
/// (`android-app@5c84126`); the app's version names the same build (`android-app@1.1.1-beta`), and the bare
/// `android-app` / `ios-app` mean the newest build modelled. A profile is known by its canonical name:
/// equality and hashing use it.
public struct EngineProfile: Sendable, Hashable, CustomStringConvertible {
    /// The canonical name: `prd`, `ideal`, `ios-app@5c84126`, …
    public let name: String
    /// The app build modelled, nil for walkscape's own rules.
    public let build: AppBuild?
    /// The profile's policy before any explicit option overrides it.
    public let policy: EnginePolicy
    /// Whose analytics events `--events` and `--upload-events` imitate (`AnalyticsBatch`).
    public let analyticsApp: AnalyticsApp
    /// One line for help texts and reports.
    public let summary: String

    public static func == (a: EngineProfile, b: EngineProfile) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }

    /// The canonical name (kept from the days the profiles were an enum).
    public var rawValue: String { name }

    /// The commit of the reference app (gigiorda84/walkspace-app) whose code the profile models, nil for
    /// walkscape's own rules.
    public var upstreamCommit: String? { build?.commit }

    /// What the build does when the screen locks or the app is killed.
    public var lifecycle: LifecycleRules {
        switch build?.platform {
        case .android: return .androidBuilds
        case .ios: return .iosBuilds
        case nil: return .walkscape
        }
    }

    /// The profile named `name`: a canonical name, an app version (`android-app@1.1.12`) or a bare app name
    /// (the newest build). Removed names are not found here: `resolve` says what replaced them.
    public init?(rawValue name: String) {
        guard let profile = Self.catalogue.first(where: { $0.name == name }) ?? Self.aliases[name] else { return nil }
        self = profile
    }

    init(name: String, build: AppBuild?, policy: EnginePolicy, analyticsApp: AnalyticsApp, summary: String) {
        self.name = name
        self.build = build
        self.policy = policy
        self.analyticsApp = analyticsApp
        self.summary = summary
    }

    // MARK: the catalogue

    /// walkscape's rules (the product requirements): every fix, a one-slot queue, each point once.
    public static let prd = EngineProfile(
        name: "prd", build: nil, policy: .standard, analyticsApp: .walkscape,
        summary: "walkscape's rules: every fix, one-slot queue, each point once")

    /// What an app should do: accuracy gating (25 m), two consecutive fixes to confirm, hysteresis.
    public static let ideal = EngineProfile(
        name: "ideal", build: nil, policy: EnginePolicy(minAccuracyMeters: 25, confirmFixes: 2, triggerHysteresis: true),
        analyticsApp: .walkscape, summary: "ideal: ignore fixes worse than 25 m, 2 consecutive fixes to confirm, hysteresis")

    /// Every profile, in the order lists and menus show them: walkscape's, then each platform's builds from the
    /// oldest, then the ideal one.
    public static let catalogue: [EngineProfile] = [prd, ios5c84126, ios1_4, ios1_5, iosEfba3ee] + androidBuilds + [ideal]
    /// The Android builds modelled, oldest first.
    public static let androidBuilds: [EngineProfile] = [android5c84126, android1_1_3, android1_1_4, android1_1_8, android1_1_9, android1_1_10, android1_1_11, androidEfba3ee]
    /// The same, under the name the enum had.
    public static var allCases: [EngineProfile] { catalogue }
    /// walkscape's rules and the newest build of each app: what `compare` runs without `--profile`.
    public static let current: [EngineProfile] = [prd, iosEfba3ee, androidEfba3ee, ideal]

    /// Other names of catalogue profiles: the bare app names (the newest build), the app versions of the
    /// builds named by commit, and the commits of the builds named by version.
    public static let aliases: [String: EngineProfile] = [
        "ios-app": iosEfba3ee, "android-app": androidEfba3ee,
        "ios-app@1.2": ios5c84126, "ios-app@1.6": iosEfba3ee, "ios-app@ea06df1": ios1_4,
        "android-app@1.1.1-beta": android5c84126, "android-app@1.1.12": androidEfba3ee, "android-app@8df1de9": android1_1_8,
    ]

    /// The profile names, for messages and help.
    public static var names: String {
        catalogue.map(\.name).joined(separator: ", ")
            + " (ios-app and android-app: the newest; an app version, a commit or a day works too, e.g. android-app@1.1.12, android-app@2026-05-01)"
    }

    /// Names of removed profiles kept for one release: the profile used instead and why it went.
    public static let removedNames: [String: (replacement: EngineProfile, reason: String)] = [
        "android-app2": (.android5c84126, "the Android 'app 2' tree it modelled was deleted upstream (gigiorda84/walkspace-app commit a11c3bc)"),
    ]

    /// The profile `name` names (a canonical name, a version, a commit, a day; a removed name resolving to its
    /// replacement) with the line to show on standard error; nil for a name that names none.
    public static func resolve(_ name: String) -> (profile: EngineProfile, warning: String?)? {
        guard let resolution = try? resolving(name) else { return nil }
        return (resolution.profile, resolution.note)
    }

    /// The profiles `names` name, in order (`compare --profile`, repeated), with the notes to show (removed
    /// names, the build a day is); an unknown name or one profile named twice is a problem.
    public static func resolveList(_ names: [String]) throws(ValueProblem) -> (profiles: [EngineProfile], warnings: [String]) {
        var profiles: [EngineProfile] = []
        var warnings: [String] = []
        for name in names {
            let resolved = try resolving(name)
            guard !profiles.contains(resolved.profile) else { throw ValueProblem("each --profile may be given once.") }
            profiles.append(resolved.profile)
            if let note = resolved.note { warnings.append(note) }
        }
        return (profiles, warnings)
    }

    /// The other app names that resolve to this profile (`android-app@1.1.12`, `android-app`), sorted.
    public var otherNames: [String] { Self.aliases.filter { $0.value == self }.map(\.key).sorted() }
}
