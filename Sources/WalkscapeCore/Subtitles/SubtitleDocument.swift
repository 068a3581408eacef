import Foundation

/// The cues of a SubRip (.srt) file, the encoding it was read as, and what was wrong with it.
public struct SubtitleDocument: Sendable {
    public var cues: [SubtitleCue]
    public var encoding: TextDecoder.Encoding
    /// Problems that did not stop reading: each names its line, the cue is skipped, the rest plays. Only the
    /// first `SRTParser.warningLimit` are kept; `omittedWarnings` counts the rest.
    public var warnings: [SRTWarning]
    /// How many warnings were counted past the kept ones.
    public var omittedWarnings: Int = 0
}
