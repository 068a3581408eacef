/// A key the player understands, decoded from curses input.
public enum TerminalKey: Sendable, Equatable {
    case character(Character)
    case up, down, left, right
    case resize
    case other(Int32)
}
