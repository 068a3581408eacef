import ArgumentParser
import Foundation
import WalkscapeSystem

/// `--lang L`: the language to show tours in; defaults to the locale's language (`LANG`), then to each
/// tour's first language.
struct LanguageOption: ParsableArguments {
    @Option(name: .customLong("lang"), help: ArgumentHelp("Language for titles and audio (default: from LANG, else the tour's first language).", valueName: "L"))
    var language: String?

    /// The language asked for, explicitly or by the environment.
    var requested: String? {
        language ?? LanguagePreference.fromEnvironment(ProcessInfo.processInfo.environment)
    }
}
