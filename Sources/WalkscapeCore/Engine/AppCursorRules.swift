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
public struct AppCursorRules: Sendable, Equatable {
    /// The next point is flagged only at fixes inside the current point's region too.
    public var queueNeedsCurrentRegion: Bool
    /// Re-entering the current point's region fires it again and restarts its audio.
    public var refiresOnReentry: Bool

    public init(queueNeedsCurrentRegion: Bool, refiresOnReentry: Bool) {
        self.queueNeedsCurrentRegion = queueNeedsCurrentRegion
        self.refiresOnReentry = refiresOnReentry
    }
}
