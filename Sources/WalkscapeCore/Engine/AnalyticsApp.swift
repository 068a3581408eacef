/// Which app's analytics a batch imitates: what each sends, with which properties, device and OS strings.
///
/// Read from the reference app's files at each build's commit (docs/profiles.md cites the lines): the iOS app
/// (`AnalyticsService.swift`, `PlayerView.swift`, the same walk events at 5c84126 and efba3ee) sends
/// `tour_started` with `triggerType`, `language` and `platform`, `point_triggered` with `triggerType`,
/// `tour_completed` at every audio end on the last point and `tour_abandoned` when the player closes before
/// completion; the Android app at 5c84126 (`AnalyticsService.kt`, `PlayerViewModel.kt`) sends the same three
/// without properties and no `tour_abandoned`; at efba3ee it sends `tour_started` with `triggerType: "gps"`,
/// `tour_completed` with `durationMinutes` and `triggerType`, and `tour_abandoned` with `durationMinutes`.
public enum AnalyticsApp: String, Sendable, CaseIterable {
    /// The iOS app's events (1.2 and 1.6 send the same ones on a walk).
    case ios
    /// Android 1.1.1-beta (commit 5c84126): bare events, no `tour_abandoned`.
    case android5c84126
    /// Android 1.1.12 (commit efba3ee): durations and trigger types, `tour_abandoned` from `stopTour()`.
    case androidEfba3ee
    /// walkscape's own rules (`prd`, `ideal`): one event per trigger, completion or abandonment.
    case walkscape

    /// The `device` field: the iOS app sends "ios-" + the device model, Android the maker and model; a
    /// replay names itself so its events are never mistaken for a phone's.
    public var device: String {
        switch self {
        case .ios: return "ios-walkscape"
        case .android5c84126, .androidEfba3ee: return "walkscape Android replay"
        case .walkscape: return "walkscape"
        }
    }

    /// The `osVersion` field: the CMS counts platforms by "ios"/"android" in it, so the app profiles keep
    /// the platform's word and name walkscape instead of a version.
    public var osVersion: String {
        switch self {
        case .ios: return "iOS (walkscape replay)"
        case .android5c84126, .androidEfba3ee: return "Android (walkscape replay)"
        case .walkscape: return "walkscape replay"
        }
    }
}
