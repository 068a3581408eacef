/// A terminal the screens draw on and read keys from: curses on a real terminal (`CursesTerminal`), or
/// `TestBackend` in memory. One thread uses it (the app loop's).
public protocol TerminalBackend: AnyObject {
    /// The size in cells.
    var size: (width: Int, height: Int) { get }
    /// Whether the terminal shows Unicode (braille map, box lines); false: ASCII.
    var unicode: Bool { get }
    /// The next key, waiting up to `milliseconds` (0: only what is pending); nil when none came.
    func readKey(timeout milliseconds: Int32) -> TerminalKey?
    /// Whether the terminal has gone away (its input hung up, ended or failed: a closed window whose SIGHUP never
    /// came, `nohup`): the loop then ends as for SIGHUP instead of waiting for keys that cannot come.
    var inputGone: Bool { get }
    /// Shows `grid` (a backend may flush only what changed since the last one).
    func draw(_ grid: CellGrid)
    /// Shows `grid`, which differs from the last one shown only in `rows` (a backend may look at those only).
    func draw(_ grid: CellGrid, changedRows rows: [Int])
}

extension TerminalBackend {
    public func draw(_ grid: CellGrid, changedRows rows: [Int]) { draw(grid) }
    public var inputGone: Bool { false }
}
