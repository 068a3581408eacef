/// A key the screens understand, decoded by a terminal backend (curses input, or a test's queue).
public enum TerminalKey: Sendable, Equatable {
    case character(Character)
    case up, down, left, right
    case resize
    case other(Int32)
}
