/// What a build of the app does when the phone locks its screen or kills the app, read from its files
/// (docs/upstream/walkspace-app-builds.md §2b and §2c): whether positions still arrive, which analytics
/// events a killed process loses, and what a relaunch shows.
public struct LifecycleRules: Sendable, Equatable {
    /// Whether positions arrive with the screen locked.
    public enum LockedPositions: Sendable, Equatable {
        /// Always (iOS: `UIBackgroundModes` location and `allowsBackgroundLocationUpdates`).
        case always
        /// Only with the background-location permission granted (Android: `ACCESS_BACKGROUND_LOCATION`,
        /// asked at the start of a tour and skippable; without it the Nothing A142 stopped getting
        /// positions when the screen locked).
        case withBackgroundLocation
    }

    public var lockedPositions: LockedPositions
    /// Analytics events not yet sent are lost when the process dies (Android's in-memory queue), rather than
    /// sent at the next launch (iOS persists them).
    public var killLosesUnsentEvents: Bool
    /// The periodic analytics flush stops at the first screen lock (Android: `ProcessLifecycleOwner`'s
    /// `onStop` calls `AnalyticsService.shutdown()`, which cancels it).
    public var periodicFlushStopsAtLock: Bool
    /// Seconds between periodic analytics flushes (Android 60, iOS 30).
    public var flushIntervalSeconds: Double
    /// Queued events that trigger a flush (both 10).
    public var flushBatchSize: Int
    /// What a relaunch after the process died shows, with its lines.
    public var relaunch: String
    /// The lines behind the rules above.
    public var citation: String

    /// walkscape's own rules (`prd`, `ideal`): positions always arrive, nothing is lost.
    public static let walkscape = LifecycleRules(
        lockedPositions: .always, killLosesUnsentEvents: false, periodicFlushStopsAtLock: false, flushIntervalSeconds: 0,
        flushBatchSize: 1, relaunch: "walkscape's rules keep no state: a relaunch starts the walk again", citation: "")

    static let android = "android-app/app/src/main/java/com/bandite/sonicwalkscape"
    static let ios = "mobile-app/ios/SonicWalkscape/SonicWalkscape"

    /// The Android builds modelled (1.1.1-beta and 1.1.12: the files involved are the same or not held later).
    public static let androidBuilds = LifecycleRules(
        lockedPositions: .withBackgroundLocation, killLosesUnsentEvents: true, periodicFlushStopsAtLock: true, flushIntervalSeconds: 60,
        flushBatchSize: 10,
        relaunch: "a relaunch starts the tour at point 1 (progress lives only in memory); when the completion screen was showing, Android may restore it from the saved navigation state with no audio loaded (the Motorola case)",
        citation: "\(android)/ui/tourdetail/TourDetailScreen.kt@5c84126:84–116 (background location asked, skippable); AndroidManifest.xml@5c84126:50–54; \(android)/services/AnalyticsService.kt@5c84126:20–40, 69–81, 124–127 (in-memory queue, 60 s / 10 events, shutdown); \(android)/SonicWalkscapeApp.kt@5c84126:21–25 (onStop → shutdown); \(android)/services/LocationManager.kt@5c84126:63–71 (progress reset); \(android)/ui/navigation/NavGraph.kt@5c84126:129–131 (completion route)")

    /// The iOS builds modelled.
    public static let iosBuilds = LifecycleRules(
        lockedPositions: .always, killLosesUnsentEvents: false, periodicFlushStopsAtLock: false, flushIntervalSeconds: 30, flushBatchSize: 10,
        relaunch: "a relaunch starts the tour at point 1 (no saved progress); the events not yet sent are sent then, from the queue saved in UserDefaults; no tour_abandoned (cleanup never ran)",
        citation: "\(ios)/Info.plist@5c84126:14–18 (UIBackgroundModes audio, location); \(ios)/Services/LocationManager.swift@5c84126:29–32, 49–55; \(ios)/Services/AnalyticsService.swift@5c84126:78–88, 288–307 (persisted queue, 30 s / 10 events)")

    /// Whether positions arrive with the screen locked, given the phone's background-location permission.
    public func positionsWhileLocked(backgroundLocation granted: Bool) -> Bool {
        switch lockedPositions {
        case .always: return true
        case .withBackgroundLocation: return granted
        }
    }
}
