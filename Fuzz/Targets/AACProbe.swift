@testable import WalkscapeAudio

/// The FFmpeg decoder (MP4/AAC, as the reference backend serves it, and ADTS), opened directly on the bytes
/// whatever they look like (the first byte names the file `.m4a` or `.aac`), then read for up to 8 seconds of
/// audio: a decoder that opens gives a sane format, and reading never returns more frames than asked.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzAACProbe(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let first = input.first else { return 0 }
    let path = FuzzSupport.file(Array(input.dropFirst()), suffix: first & 1 == 0 ? ".m4a" : ".aac")
    guard let decoder = try? FFmpegDecoder(path: path) else { return 0 }
    let info = decoder.info
    FuzzSupport.check(info.sampleRate > 0 && info.channels > 0, "decoder opened with \(info)")
    // What `AudioDecoding.open` refuses is not read further (the length check is the boundary).
    guard (try? AudioDecoding.checkLength(info)) != nil else { return 0 }
    let frames = 4096
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: frames * max(1, info.channels))
    defer { buffer.deallocate() }
    var total: Int64 = 0
    // At most a few seconds of decoding an input, so that a long (valid) stream does not time the run out.
    while total < 48_000 * 8, let read = try? decoder.read(into: buffer, frames: frames), read > 0 {
        FuzzSupport.check(read <= frames, "read \(read) frames into a buffer of \(frames)")
        total += Int64(read)
    }
    return 0
}
