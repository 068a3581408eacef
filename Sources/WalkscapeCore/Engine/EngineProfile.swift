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

    /// The iOS app's walk rules, the same in every iOS build modelled: a 10 m distance filter, a one-slot flag
    /// for the next point, re-entering the current point's region restarts its narration.
    static let iosPolicy = EnginePolicy(
        fixDelivery: FixDelivery(minMoveMeters: 10),
        appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: true),
        distanceModel: .wgs84, manualControls: .ios)

    /// The Android app's fix delivery and cursor (`android-app/app`, the module Gradle builds): a fix every
    /// 7.5 s (3 s fastest) after 5 m of movement, a one-slot flag for the next point, each point once;
    /// `early` completes the tour when the second-to-last narration ends.
    static func androidPolicy(completesEarly early: Bool) -> EnginePolicy {
        EnginePolicy(
            fixDelivery: FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3),
            appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: false, completesOnReachingLastPoint: early),
            distanceModel: .wgs84, manualControls: .android)
    }

    /// iOS 1.2 (10), commit 5c84126.
    public static let ios5c84126 = EngineProfile(
        name: "ios-app@5c84126",
        build: AppBuild(
            platform: .ios, version: "1.2", buildNumber: 10, commit: "5c84126", date: "2026-02-06",
            versionSource: "project.pbxproj@5c84126 lines 266, 284 (CURRENT_PROJECT_VERSION = 10, MARKETING_VERSION = 1.2)"),
        policy: iosPolicy, analyticsApp: .ios,
        summary: "iOS 1.2 (10): 10 m distance filter, next point flagged while the current plays, re-entry restarts the narration (likely bug)")

    /// iOS 1.6 (15), built from commit efba3ee: the walk rules and walk events of 1.2, plus the exit ask and
    /// donation sources (not part of a walk).
    public static let iosEfba3ee = EngineProfile(
        name: "ios-app@efba3ee",
        build: AppBuild(
            platform: .ios, version: "1.6", buildNumber: 15, commit: "efba3ee", date: nil, notBefore: "2026-09-02",
            versionSource: "project.pbxproj@8756ba3 (MARKETING_VERSION = 1.6, CURRENT_PROJECT_VERSION = 15); tasks/todo.md@8756ba3 line 340 (built from efba3ee); the commit is undated, its tasks/todo.md line 201 cites a crash last seen 2026-09-02"),
        policy: iosPolicy, analyticsApp: .ios,
        summary: "iOS 1.6 (15): the walk rules and events of 1.2; adds the exit ask and donation sources")

    /// Android 1.1.1-beta (9), commit 5c84126: the tour completes when the second-to-last narration ends.
    public static let android5c84126 = EngineProfile(
        name: "android-app@5c84126",
        build: AppBuild(
            platform: .android, version: "1.1.1-beta", buildNumber: 9, commit: "5c84126", date: "2026-02-06",
            versionSource: "android-app/app/build.gradle.kts@5c84126 lines 38-39"),
        policy: androidPolicy(completesEarly: true), analyticsApp: .android5c84126,
        summary: "Android 1.1.1-beta (9): a fix every 7.5 s (3 s fastest) after 5 m, next point flagged while the current plays, each point once, tour completed when the second-to-last narration ends (the field bug)")

    /// Android 1.1.12 (25), commit efba3ee: the completion fixed (1.1.3-beta), events with durations and
    /// trigger types, `tour_abandoned`.
    public static let androidEfba3ee = EngineProfile(
        name: "android-app@efba3ee",
        build: AppBuild(
            platform: .android, version: "1.1.12", buildNumber: 25, commit: "efba3ee", date: nil, notBefore: "2026-09-02",
            versionSource: "tasks/todo.md@efba3ee lines 233, 239 (build.gradle.kts is not in the index at efba3ee); the commit is undated, its tasks/todo.md line 201 cites a crash last seen 2026-09-02"),
        policy: androidPolicy(completesEarly: false), analyticsApp: .androidEfba3ee,
        summary: "Android 1.1.12 (25): as 1.1.1-beta, but the tour completes when the last narration ends; events carry durations and trigger types, tour_abandoned on exit")

    /// Every profile, in the order lists and menus show them.
    public static let catalogue: [EngineProfile] = [prd, ios5c84126, iosEfba3ee, android5c84126, androidEfba3ee, ideal]
    /// The same, under the name the enum had.
    public static var allCases: [EngineProfile] { catalogue }
    /// walkscape's rules and the newest build of each app: what `compare` runs without `--profile`.
    public static let current: [EngineProfile] = [prd, iosEfba3ee, androidEfba3ee, ideal]

    /// Other names of catalogue profiles: the bare app names (the newest build) and the app versions.
    public static let aliases: [String: EngineProfile] = [
        "ios-app": iosEfba3ee, "android-app": androidEfba3ee,
        "ios-app@1.2": ios5c84126, "ios-app@1.6": iosEfba3ee,
        "android-app@1.1.1-beta": android5c84126, "android-app@1.1.12": androidEfba3ee,
    ]

    /// The profile names, for messages and help.
    public static var names: String {
        catalogue.map(\.name).joined(separator: ", ") + " (ios-app and android-app: the newest; an app version works too, e.g. android-app@1.1.12)"
    }

    /// Names of removed profiles kept for one release: the profile used instead and why it went.
    public static let removedNames: [String: (replacement: EngineProfile, reason: String)] = [
        "android-app2": (.android5c84126, "the Android 'app 2' tree it modelled was deleted upstream (gigiorda84/walkspace-app commit a11c3bc)"),
    ]

    /// The profile named `name`, a removed name resolving to its replacement with a warning to show; nil for
    /// an unknown name.
    public static func resolve(_ name: String) -> (profile: EngineProfile, warning: String?)? {
        if let profile = EngineProfile(rawValue: name) { return (profile, nil) }
        guard let removed = removedNames[name] else { return nil }
        return (removed.replacement, "warning: profile \(name) is removed: \(removed.reason); using \(removed.replacement.rawValue) instead (the name \(name) goes in the next release)")
    }

    /// The profiles `names` name, in order (`compare --profile`, repeated), with the warnings for removed names;
    /// an unknown name or one profile named twice is a problem.
    public static func resolveList(_ names: [String]) throws(ValueProblem) -> (profiles: [EngineProfile], warnings: [String]) {
        var profiles: [EngineProfile] = []
        var warnings: [String] = []
        for name in names {
            guard let resolved = resolve(name) else { throw ValueProblem("--profile must be one of \(Self.names), got \(TerminalText.sanitize(name)).") }
            guard !profiles.contains(resolved.profile) else { throw ValueProblem("each --profile may be given once.") }
            profiles.append(resolved.profile)
            if let warning = resolved.warning { warnings.append(warning) }
        }
        return (profiles, warnings)
    }

    /// The other app names that resolve to this profile (`android-app@1.1.12`, `android-app`), sorted.
    public var otherNames: [String] { Self.aliases.filter { $0.value == self }.map(\.key).sorted() }
}
