@preconcurrency import CNcursesw
import Foundation
import WalkscapeTUI

/// The real terminal: ncursesw started with `newterm` (not `initscr`, which exits on a bad TERM), one thread
/// only, flushing the cells of a `CellGrid` that changed since the last frame.
///
/// Colours map `CellStyle` roles onto the 256-colour palette (dark purple background, orange for the active
/// point, yellow route, cream text), the 8 ANSI colours, or none (`NO_COLOR`).
public final class CursesTerminal {
    public let capabilities: TerminalCapabilities
    /// Why the screen is ASCII although the environment names a UTF-8 locale (`TerminalLocale.note`), or nil:
    /// for the program to say once the terminal is back.
    public let localeNote: String?
    private var screen: OpaquePointer?
    private var previous: CellGrid?
    private var pairs: [Int: Int16] = [:]
    private var nextPair: Int16 = 1
    /// Set when a wait for a key ended because standard input hung up, ended or failed (`readKey`).
    public private(set) var inputGone = false

    // ncurses attribute bits (macros in curses.h, not imported): NCURSES_BITS(mask, shift) = mask << (shift + 8).
    static let attributeReverse: UInt32 = 1 << 18
    static let attributeDim: UInt32 = 1 << 20
    static let attributeBold: UInt32 = 1 << 21

    /// Starts curses on the process's terminal. Call `TerminalGuard.install()` first, and `end()` always.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(TerminalError) {
        // The environment's locale; when it is not installed, the terminal's UTF-8 through C.UTF-8.
        let locale = TerminalLocale.apply(environment: environment)
        let unicode = locale.unicode
        localeNote = locale.note
        guard let screen = newterm(nil, stdout, stdin) else {
            throw TerminalError("cannot start the terminal for TERM=\(environment["TERM"] ?? "(unset)"); set TERM to your terminal's type")
        }
        self.screen = screen
        set_term(screen)
        cbreak()
        noecho()
        nonl()
        keypad(stdscr, true)
        set_escdelay(25)  // a bare Esc (back) answers at once, not after a second
        curs_set(0)
        var colors = TerminalCapabilities.ColorMode.none
        if environment["NO_COLOR"].map({ !$0.isEmpty }) != true && has_colors() {
            start_color()
            use_default_colors()
            colors = COLORS >= 256 ? .extended : .basic
        }
        capabilities = TerminalCapabilities(unicode: unicode, colors: colors)
    }

    /// The terminal's size in cells.
    public var size: (width: Int, height: Int) { (Int(getmaxx(stdscr)), Int(getmaxy(stdscr))) }

    /// Waits up to `milliseconds` for a key (ncurses handles SIGWINCH and reports `.resize`).
    public func readKey(timeout milliseconds: Int32) -> TerminalKey? {
        wtimeout(stdscr, milliseconds)
        var value: wint_t = 0
        let result = wget_wch(stdscr, &value)
        if result == ERR {
            // A timeout, or a terminal gone: then every wait returns at once, and the loop would spin.
            if CursesTerminal.inputHasGone(STDIN_FILENO) { inputGone = true }
            return nil
        }
        if result == KEY_CODE_YES {
            switch Int32(value) {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_RESIZE:
                previous = nil  // redraw everything at the new size
                return .resize
            default: return .other(Int32(value))
            }
        }
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return .other(Int32(value)) }
        return .character(Character(scalar))
    }

    /// Whether `descriptor` has hung up or failed, or reads as ended (readable with nothing to read).
    static func inputHasGone(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) >= 0 else { return errno != EINTR }
        if entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        guard entry.revents & Int16(POLLIN) != 0 else { return false }
        var pending: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &pending) == 0 && pending == 0
    }

    /// Draws the cells of `grid` that changed since the last call, then refreshes the screen.
    public func draw(_ grid: CellGrid) {
        draw(grid, changes: grid.changes(since: previous), rows: nil)
    }

    /// Shows `grid`, comparing only `rows` with the last grid shown (the others are the same); the last grid
    /// kept is brought up to date in those rows, not replaced, so neither it nor the caller's copies `grid`.
    public func draw(_ grid: CellGrid, changedRows rows: [Int]) {
        guard previous != nil else { return draw(grid) }
        draw(grid, changes: grid.changes(since: previous, rows: rows), rows: rows)
    }

    private func draw(_ grid: CellGrid, changes: [(x: Int, y: Int, cells: [CellGrid.Cell])], rows: [Int]? = nil) {
        if previous == nil { werase(stdscr) }
        for run in changes {
            var x = run.x
            for cell in run.cells {
                defer { x += 1 }
                if cell.isContinuation {
                    // Without UTF-8 the wide character left of it became one ASCII cell: blank this one.
                    if !capabilities.unicode { put(CellGrid.Cell(" ", style: cell.style), x: x, y: run.y) }
                    continue
                }
                put(cell, x: x, y: run.y)
            }
        }
        if let rows, previous != nil { previous!.copyRows(rows, from: grid) } else { previous = grid }
        wnoutrefresh(stdscr)
        doupdate()
    }

    private func put(_ cell: CellGrid.Cell, x: Int, y: Int) {
        // Without a UTF-8 locale curses would print other characters as garbage: one ASCII look-alike each.
        let character = capabilities.unicode ? cell.character : ASCIIFallback.transliterate(cell.character)
        var characters: [wchar_t] = character.unicodeScalars.prefix(4).map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        var attributes: UInt32 = 0
        if cell.style.bold { attributes |= CursesTerminal.attributeBold }
        if cell.style.dim { attributes |= CursesTerminal.attributeDim }
        if cell.style.reverse { attributes |= CursesTerminal.attributeReverse }
        let pair = colorPair(cell.style)
        var value = cchar_t()
        characters.withUnsafeBufferPointer { buffer in
            _ = setcchar(&value, buffer.baseAddress, attr_t(attributes), pair, nil)
        }
        // The bottom-right cell scrolls some terminals when written; curses reports ERR there: harmless.
        _ = wmove(stdscr, Int32(y), Int32(x))
        _ = wadd_wch(stdscr, &value)
    }

    /// The colour pair for a style, created on first use.
    private func colorPair(_ style: CellStyle) -> Int16 {
        guard capabilities.colors != .none else { return 0 }
        let foreground = Palette.color(style.foreground, mode: capabilities.colors)
        let background = Palette.color(style.background, mode: capabilities.colors)
        if foreground < 0 && background < 0 { return 0 }
        let key = Int(foreground + 1) * 1024 + Int(background + 1)
        if let pair = pairs[key] { return pair }
        guard nextPair < 255 else { return 0 }
        let pair = nextPair
        nextPair += 1
        init_pair(pair, foreground, background)
        pairs[key] = pair
        return pair
    }

    /// Hands the terminal back for a while (another program's output, a question on the plain terminal):
    /// curses' modes are saved and the terminal restored as it was before curses.
    public func suspend() {
        guard screen != nil else { return }
        def_prog_mode()
        endwin()
    }

    /// Takes the terminal back after `suspend` and redraws everything on the next `draw`.
    public func resume() {
        guard screen != nil else { return }
        reset_prog_mode()
        previous = nil
        clearok(stdscr, true)
        wrefresh(stdscr)
    }

    /// Ends curses and gives the terminal back as it was (no raw mode, no alternate screen).
    public func end() {
        guard let screen else { return }
        curs_set(1)
        endwin()
        delscreen(screen)
        self.screen = nil
        TerminalGuard.restore()
    }

    deinit { end() }
}
