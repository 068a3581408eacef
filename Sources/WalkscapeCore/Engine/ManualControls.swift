/// What the player's manual controls do under a profile: the next/previous buttons and the seek step.
/// The engine applies them through `EngineAction.nextPoint` and `.previousPoint`; players read
/// `seekStepSeconds` for their seek keys.
///
/// - walkscape (`prd`, `ideal`): next skips the rest of the playing narration (the queue moves on), previous
///   replays the point before the playing one; seeks are 10 s.
/// - iOS (`PlayerView.swift` `moveToNextPoint`/`moveToPreviousPoint`, lines 516–565 at 5c84126): the buttons
///   move the screen's own index and play that point, never the GPS cursor or the triggered set; next on the
///   last point stops the audio and completes the tour (lines 518–523); seeks are 10 s (lines 419–436).
/// - Android (`PlayerViewModel.kt` `moveToNextPoint`/`moveToPreviousPoint`, lines 300–351): the buttons set
///   the GPS cursor (`LocationManager.setPointIndex`, `LocationManager.kt` lines 185–192: the point is marked
///   triggered and the flag cleared) and play the point; next at the last point completes the tour (lines
///   304–314); seeks are 15 s (`AudioPlayerManager.kt` lines 108–115).
public struct ManualControls: Sendable, Equatable {
    /// How next/previous move through the points.
    public enum Navigation: String, Sendable, Equatable {
        /// walkscape: skip the playing narration, replay the previous one.
        case walkscape
        /// iOS: the screen's index only (the GPS cursor and the triggered points stay).
        case screenIndex
        /// Android: the GPS cursor, marking the point triggered.
        case cursor
    }

    public var navigation: Navigation
    /// Seconds the seek keys move the narration.
    public var seekStepSeconds: Double

    public init(navigation: Navigation, seekStepSeconds: Double) {
        self.navigation = navigation
        self.seekStepSeconds = seekStepSeconds
    }

    /// walkscape's own controls.
    public static let walkscape = ManualControls(navigation: .walkscape, seekStepSeconds: 10)
    /// The iOS app's (5c84126).
    public static let ios = ManualControls(navigation: .screenIndex, seekStepSeconds: 10)
    /// The Android app's (5c84126).
    public static let android = ManualControls(navigation: .cursor, seekStepSeconds: 15)
}
