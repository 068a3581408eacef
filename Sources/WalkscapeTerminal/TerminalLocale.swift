import Foundation

/// The process's locale for a full-screen program, and whether the screen can be drawn in UTF-8.
///
/// `setlocale(LC_ALL, "")` fails as a whole when the environment names a locale that is not installed
/// (`LANG=fr_FR.UTF-8` on a system with only `C.UTF-8`): the process stays in the C locale, whose character
/// set is ASCII, although the terminal speaks UTF-8. The terminal's UTF-8 is then used through `C.UTF-8`
/// (for the character type only: numbers and messages stay as they were); when that is missing too, the
/// screen is ASCII and `note` says why, once.
public struct TerminalLocale: Sendable, Equatable {
    /// Whether the screen is drawn in UTF-8 (braille, box drawing); otherwise in ASCII.
    public var unicode: Bool
    /// One line saying why the screen is ASCII although the environment names a UTF-8 locale, or nil.
    public var note: String?

    public init(unicode: Bool, note: String? = nil) {
        self.unicode = unicode
        self.note = note
    }

    /// Sets the locale from `environment` as above. `set` is `setlocale` (nil when it fails), `codeset`
    /// the character set of the locale now in force (`nl_langinfo(CODESET)`); tests pass their own.
    public static func apply(
        environment: [String: String],
        set: (Int32, String) -> String? = { category, name in setlocale(category, name).map { String(cString: $0) } },
        codeset: () -> String = { String(cString: nl_langinfo(nl_item(CODESET))) }
    ) -> TerminalLocale {
        let named = set(LC_ALL, "") != nil
        if TerminalCapabilities.isUTF8(locale: codeset()) { return TerminalLocale(unicode: true) }
        let requested = TerminalCapabilities.ctypeLocale(environment)
        // A locale that is not UTF-8, asked for and installed (or none asked for): ASCII, as asked.
        guard TerminalCapabilities.isUTF8(locale: requested) else { return TerminalLocale(unicode: false) }
        if set(LC_CTYPE, TerminalLocale.fallback) != nil, TerminalCapabilities.isUTF8(locale: codeset()) { return TerminalLocale(unicode: true) }
        let variable = ["LC_ALL", "LC_CTYPE", "LANG"].first { environment[$0].map { !$0.isEmpty } ?? false } ?? "LANG"
        let why = named ? "its character set is \(codeset())" : "it is not installed, and neither is \(TerminalLocale.fallback)"
        return TerminalLocale(
            unicode: false,
            note: "the screen was drawn in ASCII: \(variable)=\(requested) names a UTF-8 locale, but \(why) "
                + "(`locale -a` lists the installed locales; install \(requested) or \(TerminalLocale.fallback))")
    }

    /// The UTF-8 locale every glibc since 2.35 has built in.
    public static let fallback = "C.UTF-8"
}
