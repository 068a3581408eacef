import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeMap

/// The outcome of validating one tour: every problem, and what was measured on the way.
public struct ValidationReport: Sendable {
    /// The tour as the user named it.
    public var argument: String
    /// The tour file, when it could be found.
    public var jsonFile: String
    public var tour: Tour?
    public var diagnostics: [Diagnostic]
    /// The decoded length and format of each audio file that opened, by its relative path.
    public var audio: [String: AudioInfo]
    /// Cue counts of each subtitle file that parsed, by its relative path.
    public var subtitleCues: [String: Int]

    /// Whether the tour passes: no errors (and with `strict`, no warnings either).
    public func isValid(strict: Bool) -> Bool {
        strict ? diagnostics.isEmpty : !diagnostics.hasErrors
    }
}
