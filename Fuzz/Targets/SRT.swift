import WalkscapeCore

/// SubRip reader (with the text decoder in front) and the subtitle linter on what it reads. Every cue read
/// has 0 ≤ start ≤ end, and its times print as SubRip times that read back to the same milliseconds.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzSRT(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    let document = SRTParser().parse(input)
    for cue in document.cues {
        FuzzSupport.check(0 <= cue.startMs && cue.startMs <= cue.endMs, "cue at line \(cue.line): \(cue.startMs)…\(cue.endMs) ms")
        for ms in [cue.startMs, cue.endMs] {
            let text = SRTParser.formatTime(ms)
            FuzzSupport.check(SRTParser.parseTime(Substring(text)) == ms, "\(ms) ms prints as \(text), which reads back otherwise")
        }
        _ = cue.displayText
    }
    _ = SubtitleLinter().lint(document.cues, audioDurationMs: 60_000)
    _ = SRTParser.looksLikeSubRip(input)
    return 0
}
