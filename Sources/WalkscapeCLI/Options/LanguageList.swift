import ArgumentParser
import Foundation
import WalkscapeCore

/// A `--lang it,en` list of language codes, the default first (`download`, `import`, `new`).
enum LanguageList {
    /// The codes of `text`, split on commas, blanks dropped.
    static func split(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Refuses an empty list, a code that is not a language code, and a code listed twice.
    static func check(_ list: [String]) throws {
        guard !list.isEmpty else { throw ValidationError("--lang needs at least one language, e.g. --lang it,en.") }
        for language in list where !TourDecoder.isLanguageCode(language) {
            throw ValidationError("--lang: \"\(language)\" is not a language code (expected e.g. it, en, pt-BR).")
        }
        guard Set(list).count == list.count else { throw ValidationError("--lang lists a language twice.") }
    }
}
