/// Which app's analytics a batch imitates: what each sends, with which properties, device and OS strings.
///
/// Read from the reference app at commit 5c84126 (docs/profiles.md cites the lines): the iOS app
/// (`AnalyticsService.swift`, `PlayerView.swift`) sends `tour_started` with `triggerType`, `language` and
/// `platform`, `point_triggered` with `triggerType`, `tour_completed` at every audio end on the last point
/// and `tour_abandoned` when the player closes before completion; the Android app (`AnalyticsService.kt`,
/// `PlayerViewModel.kt`) sends the same three without properties and no `tour_abandoned`.
public enum AnalyticsApp: String, Sendable, CaseIterable {
    /// The iOS app's events.
    case ios
    /// The Android app's events.
    case android
    /// walkscape's own rules (`prd`, `ideal`): one event per trigger, completion or abandonment.
    case walkscape

    /// The `device` field: the iOS app sends "ios-" + the device model, Android the maker and model; a
    /// replay names itself so its events are never mistaken for a phone's.
    public var device: String {
        switch self {
        case .ios: return "ios-walkscape"
        case .android: return "walkscape Android replay"
        case .walkscape: return "walkscape"
        }
    }

    /// The `osVersion` field: the CMS counts platforms by "ios"/"android" in it, so the app profiles keep
    /// the platform's word and name walkscape instead of a version.
    public var osVersion: String {
        switch self {
        case .ios: return "iOS (walkscape replay)"
        case .android: return "Android (walkscape replay)"
        case .walkscape: return "walkscape replay"
        }
    }
}
