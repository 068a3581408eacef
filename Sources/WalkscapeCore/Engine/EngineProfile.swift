/// Named presets of the engine's policy: what walkscape's rules do, and what each phone app would do with
/// the same walk. docs/profiles.md says where each rule comes from in the reference app's source.
public enum EngineProfile: String, Sendable, CaseIterable {
    /// walkscape's rules (the product requirements): every fix, a one-slot queue, each point once.
    case prd
    /// The iOS app: a 10 m distance filter, a one-slot flag for the next point, re-entering the current
    /// point's region restarts its narration.
    case iosApp = "ios-app"
    /// The Android app (`android-app/app`, the module Gradle builds): a fix every 7.5 s (3 s fastest) after
    /// 5 m of movement, a one-slot flag for the next point, each point once, and the tour completed when the
    /// second-to-last narration ends.
    case androidApp = "android-app"
    /// What an app should do: accuracy gating (25 m), two consecutive fixes to confirm, hysteresis.
    case ideal

    /// The profile's policy before any explicit option overrides it.
    public var policy: EnginePolicy {
        switch self {
        case .prd:
            return .standard
        case .iosApp:
            return EnginePolicy(
                fixDelivery: FixDelivery(minMoveMeters: 10),
                appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: true),
                distanceModel: .wgs84, manualControls: .ios)
        case .androidApp:
            return EnginePolicy(
                fixDelivery: FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3),
                appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: false, completesOnReachingLastPoint: true),
                distanceModel: .wgs84, manualControls: .android)
        case .ideal:
            return EnginePolicy(minAccuracyMeters: 25, confirmFixes: 2, triggerHysteresis: true)
        }
    }

    /// Whose analytics events `--events` and `--upload-events` imitate (`AnalyticsBatch`).
    public var analyticsApp: AnalyticsApp {
        switch self {
        case .iosApp: return .ios
        case .androidApp: return .android
        case .prd, .ideal: return .walkscape
        }
    }

    /// One line for help texts and reports.
    public var summary: String {
        switch self {
        case .prd: return "walkscape's rules: every fix, one-slot queue, each point once"
        case .iosApp: return "iOS app: 10 m distance filter, next point flagged while the current plays, re-entry restarts the narration (likely bug)"
        case .androidApp: return "Android app: a fix every 7.5 s (3 s fastest) after 5 m, next point flagged while the current plays, each point once, tour completed when the second-to-last narration ends (likely bug)"
        case .ideal: return "ideal: ignore fixes worse than 25 m, 2 consecutive fixes to confirm, hysteresis"
        }
    }

    /// The profile names, for messages: "prd, ios-app, android-app, ideal".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The commit of the reference app (gigiorda84/walkspace-app) whose code the profile models, nil for
    /// walkscape's own rules. docs/profiles.md cites its lines.
    public var upstreamCommit: String? {
        switch self {
        case .iosApp, .androidApp: return "5c84126"
        case .prd, .ideal: return nil
        }
    }

    /// Names of removed profiles kept for one release: the profile used instead and why it went.
    public static let removedNames: [String: (replacement: EngineProfile, reason: String)] = [
        "android-app2": (.androidApp, "the Android 'app 2' tree it modelled was deleted upstream (gigiorda84/walkspace-app commit a11c3bc)"),
    ]

    /// The profile named `name`, a removed name resolving to its replacement with a warning to show; nil for
    /// an unknown name.
    public static func resolve(_ name: String) -> (profile: EngineProfile, warning: String?)? {
        if let profile = EngineProfile(rawValue: name) { return (profile, nil) }
        guard let removed = removedNames[name] else { return nil }
        return (removed.replacement, "warning: profile \(name) is removed: \(removed.reason); using \(removed.replacement.rawValue) instead (the name \(name) goes in the next release)")
    }
}
