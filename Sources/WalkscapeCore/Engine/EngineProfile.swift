/// Named presets of the engine's policy: what walkscape's rules do, and what each phone app would do with
/// the same walk. docs/profiles.md says where each rule comes from in the reference app's source.
public enum EngineProfile: String, Sendable, CaseIterable {
    /// walkscape's rules (the product requirements): every fix, a one-slot queue, each point once.
    case prd
    /// The iOS app: a 10 m distance filter, a one-slot flag for the next point, re-entering the current
    /// point's region restarts its narration.
    case iosApp = "ios-app"
    /// The Android app (`android-app/app`, the module Gradle builds): a fix every 7.5 s (3 s fastest) after
    /// 5 m of movement, a one-slot flag for the next point, each point once.
    case androidApp = "android-app"
    /// The other Android tree in the repository (`android-app/app 2`): a fix every 5 s (2 s fastest) after
    /// 10 m, and the next point flagged only while the walker is still inside the current point's region.
    case androidApp2 = "android-app2"
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
                appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: true))
        case .androidApp:
            return EnginePolicy(
                fixDelivery: FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3),
                appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: false, completesOnReachingLastPoint: true))
        case .androidApp2:
            return EnginePolicy(
                fixDelivery: FixDelivery(minMoveMeters: 10, intervalSeconds: 5, fastestIntervalSeconds: 2),
                appCursor: AppCursorRules(queueNeedsCurrentRegion: true, refiresOnReentry: false))
        case .ideal:
            return EnginePolicy(minAccuracyMeters: 25, confirmFixes: 2, triggerHysteresis: true)
        }
    }

    /// Whose analytics events `--events` and `--upload-events` imitate (`AnalyticsBatch`).
    public var analyticsApp: AnalyticsApp {
        switch self {
        case .iosApp: return .ios
        case .androidApp, .androidApp2: return .android
        case .prd, .ideal: return .walkscape
        }
    }

    /// One line for help texts and reports.
    public var summary: String {
        switch self {
        case .prd: return "walkscape's rules: every fix, one-slot queue, each point once"
        case .iosApp: return "iOS app: 10 m distance filter, next point flagged while the current plays, re-entry restarts the narration (likely bug)"
        case .androidApp: return "Android app: a fix every 7.5 s (3 s fastest) after 5 m, next point flagged while the current plays, each point once"
        case .androidApp2: return "Android 'app 2' tree: a fix every 5 s (2 s fastest) after 10 m, next point flagged only inside the current point's region"
        case .ideal: return "ideal: ignore fixes worse than 25 m, 2 consecutive fixes to confirm, hysteresis"
        }
    }

    /// The profile names, for messages: "prd, ios-app, android-app, android-app2, ideal".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
