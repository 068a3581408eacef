import Foundation

/// What the terminal can show, decided from the environment before curses starts.
public struct TerminalCapabilities: Sendable, Equatable {
    /// How colours are used.
    public enum ColorMode: Sendable, Equatable {
        /// `NO_COLOR` set, or a terminal without colours: attributes only.
        case none
        /// The eight ANSI colours.
        case basic
        /// The xterm 256-colour palette (dark purple background, orange, yellow, cream).
        case extended
    }

    /// Whether the locale is UTF-8 (braille and box drawing); otherwise everything is ASCII.
    public var unicode: Bool
    public var colors: ColorMode

    public init(unicode: Bool, colors: ColorMode) {
        self.unicode = unicode
        self.colors = colors
    }

    /// Why the player cannot start on this terminal at all, or nil when it can.
    public static func refusal(environment: [String: String], isTerminal: Bool) -> String? {
        guard isTerminal else {
            return "standard output is not a terminal; run `walkscape play` in a terminal, or use `walkscape simulate` for a headless timeline"
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            return "TERM is \(term.isEmpty ? "not set" : "\"dumb\""), so the screen cannot be drawn; set TERM (e.g. TERM=xterm-256color) or use `walkscape simulate --format text`"
        }
        return nil
    }

    /// Whether `locale` (the effective LC_ALL / LC_CTYPE / LANG) names UTF-8.
    public static func isUTF8(locale: String) -> Bool {
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }

    /// The effective character-type locale from the environment.
    public static func ctypeLocale(_ environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[key], !value.isEmpty { return value }
        }
        return "C"
    }
}
