import WalkscapeRuntime

/// What the driver must do after an action: the reducer's output, plain data. The loop carries it out
/// (`PlayerLoop.run`); nothing in `Player.reduce` touches a sink, the terminal or a file.
public enum PlayerEffect: Sendable, Equatable {
    /// Leave the player.
    case quit
    /// Show the subtitles of `language` (nil: off): read them and set `PlayerState.info`.
    case loadSubtitles(String?)
    /// Read the tour again and hand the player its new text (`PlayerState.info`).
    case reload
    /// The walk moved or was controlled: hand `update` (its events and audio commands) to the audio sink with
    /// the walk's snapshot. Never empty.
    case walkUpdate(WalkUpdate)

    /// The audio commands the effect carries (none but a walk update's).
    public var audio: [WalkAudioCommand] {
        if case let .walkUpdate(update) = self { return update.audio }
        return []
    }
}

extension [PlayerEffect] {
    /// The audio commands of these effects, in order.
    public var audio: [WalkAudioCommand] { flatMap(\.audio) }
}
