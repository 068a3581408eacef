/// What the driver must do after an action.
public enum PlayerEffect: Sendable, Equatable {
    /// Leave the player.
    case quit
    /// Show the subtitles of `language` (nil: off): read them and set `PlayerState.info`.
    case loadSubtitles(String?)
    /// Read the tour again and hand the player its new text (`PlayerState.info`).
    case reload
}
