/// Who may hold a walk paused.
public enum PauseHolder: Sendable, Hashable {
    /// The listener (space).
    case listener
    /// An overlay that stops the walk while it is open (help, the quit question).
    case overlay
}
