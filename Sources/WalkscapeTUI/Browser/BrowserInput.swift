/// A key press as the catalogue, tour detail and settings screens understand it (decoded by the terminal
/// backend, so these screens stay free of curses).
public enum BrowserInput: Sendable, Equatable {
    case up, down, left, right, enter, back, tab
    case character(Character)
}
