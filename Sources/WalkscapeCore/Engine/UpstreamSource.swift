/// Where a profile's rule is written in the reference app (gigiorda84/walkspace-app at the profile's build),
/// as `path:line` for reports: `compare` prints the lines behind what it shows.
///
/// Each citation names a file the repository's index holds at the build's commit; where it holds none there,
/// the citation names the nearest earlier version it holds and says so (docs/upstream/walkspace-app-builds.md).
public enum UpstreamSource {
    /// The rules a report can point at.
    public enum Rule: String, Sendable, CaseIterable {
        /// How the distance to a point is measured and compared with its radius.
        case distance
        /// Which fixes reach the app (distance filter, update interval).
        case fixDelivery
        /// What happens when a narration ends: advance, or complete the tour.
        case completion
        /// Re-entering the current point's region fires it again (iOS).
        case refire
        /// The `tour_started` event and its properties.
        case startedEvent
        /// The `point_triggered` event and its properties.
        case pointEvent
        /// The `tour_completed` event and its properties.
        case completedEvent
        /// The `tour_abandoned` event (or its absence).
        case abandonedEvent
        /// Screen locks and the app's death: positions while locked, the analytics queue, the relaunch.
        case lifecycle
    }

    static let ios = "mobile-app/ios/SonicWalkscape/SonicWalkscape"
    static let android = "android-app/app/src/main/java/com/bandite/sonicwalkscape"

    /// The line(s) behind `rule` under `profile`, at its build's commit; nil for walkscape's own profiles.
    public static func cite(_ rule: Rule, _ profile: EngineProfile) -> String? {
        guard let build = profile.build else { return nil }
        if rule == .lifecycle { return profile.lifecycle.citation }
        switch build.platform {
        case .ios: return iosLine(rule, commit: build.commit)
        case .android:
            return androidLine(
                rule, commit: build.commit, completesEarly: profile.policy.appCursor?.completesOnReachingLastPoint == true, label: build.label)
        }
    }

    /// The early completion's lines (Android 1.1.1-beta), the rule `compare` cites for a cut or unplayed last point.
    public static func citeEarlyCompletion(_ profile: EngineProfile) -> String? {
        profile.policy.appCursor?.completesOnReachingLastPoint == true ? cite(.completion, profile) : nil
    }

    /// The Android line for `rule` at `commit`. The completion goes by the build's rule, not its commit: a build
    /// read at 5c84126 whose completion is fixed (1.1.3-beta to 1.1.8, `label`) cites the fix where it can be read.
    static func androidLine(_ rule: Rule, commit: String, completesEarly: Bool? = nil, label: String = "") -> String {
        let fixed = commit != "5c84126"
        // LocationManager.kt and Constants.kt: the index holds no version after 7304abf (0eaa807's text is
        // 5c84126's), so later builds cite those.
        let unchanged = fixed ? " (at 5c84126: the index holds no later version)" : ""
        switch rule {
        case .distance:
            return "\(android)/data/models/TourPoint.kt:29 (Location.distanceBetween, WGS84), compared at services/LocationManager.kt:128 and :143" + unchanged
        case .fixDelivery:
            return "\(android)/services/LocationManager.kt:46–51 (LocationRequest interval, fastest interval, min distance) with utils/Constants.kt:15–17 (7500 ms, 3000 ms, 5 m)" + unchanged
        case .completion where !fixed && completesEarly == false:
            return "\(android)/ui/player/PlayerViewModel.kt@efba3ee:117–132 (onPlaybackCompleted: complete when !hasMorePoints, else advanceToNextPoint; "
                + "the fix released in 1.1.3-beta) (\(label)'s own file is not in the index: the fix as the 1.1.3-beta task document describes it, lines 37, 48)"
        case .completion:
            return fixed
                ? "\(android)/ui/player/PlayerViewModel.kt:117–132 (onPlaybackCompleted: complete when !hasMorePoints, else advanceToNextPoint; the fix released in 1.1.3-beta)"
                : "\(android)/ui/player/PlayerViewModel.kt:106–109 (onPlaybackCompleted: advanceToNextPoint, then complete when !hasMorePoints) with services/LocationManager.kt:215–216 (hasMorePoints = index < size − 1)"
        case .refire:
            return "\(android)/services/LocationManager.kt:129–132 (triggeredPoints: each point once)" + unchanged
        case .startedEvent:
            return fixed
                ? "\(android)/ui/player/PlayerViewModel.kt:177–180 (trackTourStarted(tourId, \"gps\") after startTour) with services/AnalyticsService.kt:117–118 ({triggerType}; at 1cddc0c, the latest version the index holds)"
                : "\(android)/ui/player/PlayerViewModel.kt:163 (trackTourStarted(tourId)) with services/AnalyticsService.kt:117 (no properties)"
        case .pointEvent:
            return fixed
                ? "\(android)/ui/player/PlayerViewModel.kt:105–115 (onPointTriggered: primaryTriggerType = \"gps\", trackPointTriggered) with services/AnalyticsService.kt:119 (no properties; at 1cddc0c)"
                : "\(android)/ui/player/PlayerViewModel.kt:95–104 (onPointTriggered → trackPointTriggered, no properties)"
        case .completedEvent:
            return fixed
                ? "\(android)/ui/player/PlayerViewModel.kt:122–125 (trackTourCompleted(tour.id, elapsedMinutes(), primaryTriggerType)) with :67–71 (elapsedMinutes: whole minutes since the start) and services/AnalyticsService.kt:120–127 ({durationMinutes, triggerType}, then flush; at 1cddc0c)"
                : "\(android)/ui/player/PlayerViewModel.kt:111–115 (trackTourCompleted(tour.id)) with services/AnalyticsService.kt:119–122 (no properties, then flush)"
        case .abandonedEvent, .lifecycle:
            return fixed
                ? "\(android)/ui/player/PlayerViewModel.kt:453–462 (stopTour: trackTourAbandoned(id, elapsedMinutes()) when started and not complete) with services/AnalyticsService.kt:128–135 ({durationMinutes}, then flush; at 1cddc0c)"
                : "\(android)/services/AnalyticsService.kt:113–122 (no tour_abandoned: the Android tree at 5c84126 never sends it)"
        }
    }

    static func iosLine(_ rule: Rule, commit: String) -> String {
        // PlayerView.swift at efba3ee is 5c84126's with the exit ask added; LocationManager.swift and
        // AnalyticsService.swift are not in the index at efba3ee.
        let later = commit != "5c84126"
        let same = later ? " (at 5c84126: the index holds no version of the file at efba3ee)" : ""
        let shifted = later ? " (at 5c84126: the same code at efba3ee, moved down by the exit ask)" : ""
        switch rule {
        case .distance:
            return "\(ios)/Services/LocationManager.swift:84 (currentLocation.distance(from:), compared with triggerRadiusMeters at :88)" + same
        case .fixDelivery:
            return "\(ios)/Services/LocationManager.swift:27 (distanceFilter = 10)" + same
        case .completion:
            return later
                ? "\(ios)/Views/Player/PlayerView.swift:184–201 (didFinishPlaying: complete on the last point, else advanceToNextPoint)"
                : "\(ios)/Views/Player/PlayerView.swift:179–196 (didFinishPlaying: complete on the last point, else advanceToNextPoint)"
        case .refire:
            return "\(ios)/Services/LocationManager.swift:90–92 (if !isPointActive → nearbyPoint = nextPoint; cleared at any fix outside, :97–104)" + same
        case .startedEvent:
            return "\(ios)/Views/Player/PlayerView.swift:240–247 with Services/AnalyticsService.swift:119–129 ({triggerType: \"manual\", language, platform})" + shifted
        case .pointEvent:
            return "\(ios)/Views/Player/PlayerView.swift:351–358 with Services/AnalyticsService.swift:131–140 ({triggerType})" + shifted
        case .completedEvent:
            return "\(ios)/Views/Player/PlayerView.swift:569–579 with Services/AnalyticsService.swift:142–153 ({durationMinutes, pointsVisited, triggerType, platform}, then flush)" + shifted
        case .abandonedEvent, .lifecycle:
            return later
                ? "\(ios)/Views/Player/PlayerView.swift:218–219, 233–240 (the exit sheet's dismiss → cleanup → trackTourAbandoned, {durationMinutes, lastPointIndex, platform})"
                : "\(ios)/Views/Player/PlayerView.swift:581–590 (cleanup: trackTourAbandoned unless the completion screen shows, {durationMinutes, lastPointIndex, platform})"
        }
    }
}
