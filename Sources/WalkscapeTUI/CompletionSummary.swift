import WalkscapeCore

/// What the end-of-walk screen summarises: the completion screen when every point played, otherwise the
/// incomplete-walk screen listing what was missed and why.
public struct CompletionSummary: Sendable, Equatable {
    public var played: Int
    public var missed: [Int]
    /// The missed points with their titles and reasons (`missed`'s points, in order).
    public var missedPoints: [MissedPoint]
    public var walkingSeconds: Double
    public var distanceMeters: Double
    public var message: String?
    public var donation: String?

    public init(
        played: Int, missed: [Int], walkingSeconds: Double, distanceMeters: Double, message: String?, donation: String?,
        missedPoints: [MissedPoint] = []
    ) {
        self.played = played
        self.missed = missed
        self.missedPoints = missedPoints
        self.walkingSeconds = walkingSeconds
        self.distanceMeters = distanceMeters
        self.message = message
        self.donation = donation
    }

    /// True when every point played: only then is the tour complete (its message and donation link shown).
    public var isComplete: Bool { missed.isEmpty }
}
