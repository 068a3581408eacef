/// The phone app's way of sequencing points, as its location managers do it: one current point (a cursor),
/// and a one-slot flag for the point after it.
///
/// - The current point triggers when a fix is inside its region and plays at once.
/// - The point after it is flagged ("queued") at a fix inside its own region — at any fix while the cursor
///   is on the current point (even before the current point triggered), or, with `queueNeedsCurrentRegion`,
///   only at a fix that is also inside the current point's region.
/// - When any audio finishes and the current point has triggered, the cursor moves on; a flagged point then
///   triggers and plays at once, otherwise it waits for a fix inside its region. A `queueDepth` of 0 turns the
///   flag off.
/// - With `refiresOnReentry`, leaving the current point's region and entering it again while its audio
///   plays fires it again: `point_refired`, and its audio starts over (the iOS app's behaviour, a likely bug).
/// - With `completesOnReachingLastPoint`, the tour completes as soon as the cursor reaches the last point
///   (when the second-to-last narration ends): a flagged last point starts and is cut at once (`audio_cut`),
///   an unflagged one never plays, and the app stops (no later trigger). The Android app's behaviour, a
///   likely bug: `PlayerViewModel.kt` `onPlaybackCompleted` calls `advanceToNextPoint()` and then completes
///   when `!hasMorePoints`, which `LocationManager.kt` defines as `currentPointIndex < size - 1`.
public struct AppCursorRules: Sendable, Equatable {
    /// The next point is flagged only at fixes inside the current point's region too.
    public var queueNeedsCurrentRegion: Bool
    /// Re-entering the current point's region fires it again and restarts its audio.
    public var refiresOnReentry: Bool
    /// The tour completes when the cursor reaches the last point, before the last point plays.
    public var completesOnReachingLastPoint: Bool

    public init(queueNeedsCurrentRegion: Bool, refiresOnReentry: Bool, completesOnReachingLastPoint: Bool = false) {
        self.queueNeedsCurrentRegion = queueNeedsCurrentRegion
        self.refiresOnReentry = refiresOnReentry
        self.completesOnReachingLastPoint = completesOnReachingLastPoint
    }

    /// The warning carried by a `tour_completed` that ends the tour before the last point played, and by
    /// `audio_cut`.
    public static let earlyCompletionWarning = "likely app bug: the app completes the tour when the second-to-last narration ends"
}
