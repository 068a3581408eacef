import WalkscapeRuntime
import WalkscapeTUI

/// What the listener can ask of the player screen. Keys map to these through `Player.action(for:)` (one
/// table); a feature adds a case here, a key there and a branch in `Player.reduce`.
public enum PlayerAction: Sendable, Equatable {
    /// Wall-clock time passed, and what the sound card has played of the narration playing (nil: nothing
    /// leads): the walk moves on (unless paused), led by the sound card while a narration is heard.
    case tick(wallSeconds: Double, audio: AudioLead? = nil)
    case togglePause
    /// Seek the playing audio by `seconds`.
    case seekAudio(by: Double)
    /// ←/→: seek by the profile's step (`ManualControls.seekStepSeconds`: 10 s, Android 15 s).
    case seekStep(forward: Bool)
    case skipAudio
    case replayCurrent
    case replayPrevious
    /// n: the profile's next button (`ManualControls`): walkscape skips the playing narration, iOS plays the
    /// screen's next point, Android moves the GPS cursor to it.
    case nextPoint
    /// p: the profile's previous button: walkscape replays the previous point, iOS/Android go back one point.
    case previousPoint
    case changeSpeed(faster: Bool)
    /// Feed exactly one fix (only while paused).
    case stepOneFix
    case toggleFollow
    case pan(dx: Int, dy: Int)
    case zoom(by: Double)
    case fitRoute
    case cycleSubtitles
    case toggleLog
    /// b: the tour's offline map under the route, on or off.
    case toggleBasemap
    case showHelp
    /// q: quit at once when the walk has ended, else ask.
    case quit
    /// Read the tour again (the tour changed on disk); the driver does it (`PlayerEffect.reload`).
    case reload
    /// A one-line notice for the log pane (audio trouble, a reload's outcome).
    case notice(String)
    /// A one-line notice on the last row, in place of the key hints, for `seconds` of wall time (`.infinity`:
    /// until another replaces it); it goes to the log pane too. The tour's first warning, a reload's outcome,
    /// the validation line of an edit that broke the tour (`play --watch`).
    case showNotice(String, seconds: Double)
}
