import WalkscapeAudio
import WalkscapeCore

/// Why a tour cannot be replayed; `unreadable` means it could not be read at all (exit status 2).
public struct ReplayTourError: Error, Sendable {
    public var unreadable: Bool
    public var problems: [Diagnostic]
    /// When the tour is not fully downloaded: how many of its files are missing or damaged, of how many.
    public var incomplete: (bad: Int, of: Int)?
    /// The command that fixes the tour (a `walkscape download`), when there is one.
    public var fix: String?
    /// When the language asked for is not one of the tour's: it, and the tour's languages (a usage error).
    public var missingLanguage: (requested: String, available: [String])?
    /// Warnings found before the refusal (edited files), one line each.
    public var warnings: [String] = []

    public init(unreadable: Bool, problems: [Diagnostic], incomplete: (bad: Int, of: Int)? = nil, fix: String? = nil) {
        self.unreadable = unreadable
        self.problems = problems
        self.incomplete = incomplete
        self.fix = fix
    }
}
