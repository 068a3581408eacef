/// The user's language from the environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`): `it_IT.UTF-8`
/// gives `it`; `C` and `POSIX` give none.
public enum LanguagePreference {
    /// The language code, or nil when the locale names none.
    public static func fromEnvironment(_ environment: [String: String]) -> String? {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            return code(fromLocale: value)
        }
        return nil
    }

    /// `it_IT.UTF-8@euro` → `it`; `pt_BR` → `pt-BR`... kept as the primary language only: `pt`.
    public static func code(fromLocale locale: String) -> String? {
        let name = locale.split(separator: ".").first.map(String.init) ?? locale
        let language = name.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" }).first.map(String.init) ?? ""
        if language.isEmpty || language == "C" || language == "POSIX" { return nil }
        let lower = language.lowercased()
        guard (2...3).contains(lower.count), lower.allSatisfy({ $0.isLetter && $0.isASCII }) else { return nil }
        return lower
    }
}
