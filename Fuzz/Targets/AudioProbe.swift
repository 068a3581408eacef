import WalkscapeAudio

/// The MP3 and WAV probes (`AudioProbe`, as `validate` and `info` use them): the first byte names the file
/// `.mp3` or `.wav`, the rest is its content. A probe that succeeds gives a sane format.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzAudioProbe(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let first = input.first else { return 0 }
    let path = FuzzSupport.file(Array(input.dropFirst()), suffix: first & 1 == 0 ? ".mp3" : ".wav")
    guard let info = try? AudioProbe.probe(path: path) else { return 0 }
    FuzzSupport.check(info.sampleRate > 0 && info.channels > 0, "probe accepted \(info)")
    return 0
}
