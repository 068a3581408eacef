/// The speeds a replayed walk runs at, and those at which its narration is heard: one table for the audio
/// stretcher, the runtime's audio commands, the player's keys and its header.
public enum ReplaySpeeds {
    /// The speeds the player's `[`/`]` keys step through (and `play --speed` accepts).
    public static let steps: [Double] = [0.25, 0.5, 1, 1.5, 2, 4, 8, 16, 32, 64]
    /// The speeds at which the narration is heard, time-stretched away from ×1 with its pitch kept; outside
    /// them it is muted.
    public static let audible: ClosedRange<Double> = 0.5...2
}
