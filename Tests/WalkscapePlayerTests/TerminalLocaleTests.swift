import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeTerminal

/// `TerminalLocale`: the locale `walkscape play` sets before curses starts (`TerminalSession`), on a fake
/// `setlocale` (the real one would change the test process's locale).
@Suite struct TerminalLocaleTests {
    /// A fake C library with `installed` locales: what `setlocale` sets, and the codeset in force.
    final class FakeLocales {
        let installed: [String: String]
        let environment: [String: String]
        var ctype = "C"
        var calls: [String] = []

        init(installed: [String: String], environment: [String: String]) {
            self.installed = installed
            self.environment = environment
        }

        func set(_ category: Int32, _ name: String) -> String? {
            calls.append((category == LC_ALL ? "LC_ALL=" : "LC_CTYPE=") + name)
            let wanted = name.isEmpty ? TerminalCapabilities.ctypeLocale(environment) : name
            guard installed[wanted] != nil else { return nil }
            ctype = wanted
            return wanted
        }

        var codeset: String { installed[ctype] ?? "ANSI_X3.4-1968" }

        func apply() -> TerminalLocale { TerminalLocale.apply(environment: environment, set: set, codeset: { self.codeset }) }
    }

    static let debian = ["C": "ANSI_X3.4-1968", "POSIX": "ANSI_X3.4-1968", "C.UTF-8": "UTF-8"]

    @Test func anInstalledUTF8LocaleIsUsedAsItIs() {
        var installed = TerminalLocaleTests.debian
        installed["fr_FR.UTF-8"] = "UTF-8"
        let fake = FakeLocales(installed: installed, environment: ["LANG": "fr_FR.UTF-8"])
        expectEqual(fake.apply(), TerminalLocale(unicode: true))
        expectTrue(fake.calls == ["LC_ALL="] && fake.ctype == "fr_FR.UTF-8")
    }

    @Test func aMissingUTF8LocaleUsesTheTerminalsUTF8ThroughCUTF8() {
        let fake = FakeLocales(installed: TerminalLocaleTests.debian, environment: ["LANG": "fr_FR.UTF-8"])
        expectEqual(fake.apply(), TerminalLocale(unicode: true))
        expectEqual(fake.calls, ["LC_ALL=", "LC_CTYPE=C.UTF-8"])
    }

    @Test func withoutCUTF8TooTheScreenIsASCIIAndSaysWhy() {
        let fake = FakeLocales(installed: ["C": "ANSI_X3.4-1968"], environment: ["LANG": "fr_FR.UTF-8", "LC_CTYPE": ""])
        let locale = fake.apply()
        expectTrue(!locale.unicode)
        expectEqual(locale.note, "the screen was drawn in ASCII: LANG=fr_FR.UTF-8 names a UTF-8 locale, but it is not installed, and neither is C.UTF-8 "
            + "(`locale -a` lists the installed locales; install fr_FR.UTF-8 or C.UTF-8)")
    }

    @Test func aLocaleThatIsNotUTF8StaysASCIIWithoutANote() {
        var installed = TerminalLocaleTests.debian
        installed["fr_FR.ISO-8859-1"] = "ISO-8859-1"
        for environment in [["LANG": "fr_FR.ISO-8859-1"], ["LC_ALL": "C"], [:]] {
            let fake = FakeLocales(installed: installed, environment: environment)
            expectEqual(fake.apply(), TerminalLocale(unicode: false), "\(environment)")
            expectTrue(!fake.calls.contains("LC_CTYPE=C.UTF-8"), "\(environment)")
        }
    }
}
