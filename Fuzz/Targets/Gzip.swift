import WalkscapeCore
import WalkscapeTraces

/// The trace file front end: content sniffing and the streaming gzip inflater in front of the parsers,
/// through `TraceFileReader` on a file named `.gpx.gz` that holds the input.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzGzip(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    let path = FuzzSupport.file(input, suffix: ".gpx.gz")
    _ = try? TraceFileReader.read(path: path)
    return 0
}
