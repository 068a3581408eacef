/// Where a profile's rule is written in the reference app (gigiorda84/walkspace-app at the profile's
/// `upstreamCommit`), as `path:line` for reports: `compare` prints the lines behind what it shows.
public enum UpstreamSource {
    /// The rules a report can point at.
    public enum Rule: Sendable {
        case distance, fixDelivery, earlyCompletion
    }

    static let ios = "mobile-app/ios/SonicWalkscape/SonicWalkscape"
    static let android = "android-app/app/src/main/java/com/bandite/sonicwalkscape"

    /// The line(s) behind `rule` under `profile`, nil for walkscape's own profiles or a rule the app lacks.
    public static func cite(_ rule: Rule, _ profile: EngineProfile) -> String? {
        switch (profile, rule) {
        case (.iosApp, .distance):
            return "\(ios)/Services/LocationManager.swift:84 (currentLocation.distance(from:), compared with triggerRadiusMeters at :88)"
        case (.androidApp, .distance):
            return "\(android)/data/models/TourPoint.kt:29 (Location.distanceBetween, WGS84), compared at services/LocationManager.kt:128 and :143"
        case (.iosApp, .fixDelivery):
            return "\(ios)/Services/LocationManager.swift:27 (distanceFilter = 10)"
        case (.androidApp, .fixDelivery):
            return "\(android)/services/LocationManager.kt:46–51 (LocationRequest interval, fastest interval, min distance) with utils/Constants.kt:15–17 (7500 ms, 3000 ms, 5 m)"
        case (.androidApp, .earlyCompletion):
            return "\(android)/ui/player/PlayerViewModel.kt:106–109 (onPlaybackCompleted: advanceToNextPoint, then complete when !hasMorePoints) with services/LocationManager.kt:215–216 (hasMorePoints = index < size − 1)"
        default:
            return nil
        }
    }
}
