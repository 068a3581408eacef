/// A terminal in memory, like ratatui's `TestBackend`: keys queued by the test, every frame drawn kept as a
/// grid (read as text). `readKey` never waits: with no key queued it returns nil at once and lets the test's
/// `onIdle` run (to move a clock, or to queue the next key).
public final class TestBackend: TerminalBackend {
    public var size: (width: Int, height: Int)
    public var unicode: Bool
    /// Keys still to be read, first first.
    public var keys: [TerminalKey]
    /// Every grid drawn, in order.
    public private(set) var frames: [CellGrid] = []
    /// Called when a key is asked for and none is queued.
    public var onIdle: (() -> Void)?
    /// Set by a test: the terminal has gone away (`TerminalBackend.inputGone`).
    public var inputGone = false

    public init(width: Int, height: Int, unicode: Bool = true, keys: [TerminalKey] = []) {
        size = (width, height)
        self.unicode = unicode
        self.keys = keys
    }

    public func readKey(timeout milliseconds: Int32) -> TerminalKey? {
        if keys.isEmpty { onIdle?() }
        return keys.isEmpty ? nil : keys.removeFirst()
    }

    public func draw(_ grid: CellGrid) { frames.append(grid) }

    /// The last frame as text (one line a row), or "" before any.
    public var text: String { frames.last?.text ?? "" }
}
